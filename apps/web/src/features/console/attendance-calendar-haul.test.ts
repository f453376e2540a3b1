import { describe, expect, it } from 'vitest';
import { calendarHaul, calendarHaulWords, mostTimesOfBonus } from './attendance-calendar-haul.ts';

const ticketKindId = '00000000-0000-4000-8000-000000000001';
const passId = '00000000-0000-4000-8000-000000000002';
const unit = { minorUnits: 2, cypPerUsd: 100 };
const december = { startDate: '2026-12-01', endDate: '2026-12-31' };

describe('what one person can get from a reward calendar', () => {
  it('counts how often a streak can reach a bonus: carried over on the first day, then after each missed day', () => {
    // 31 days, a 7-day bonus: days 1, 9, 17, 25 (a day missed before each run of seven).
    expect(mostTimesOfBonus(7, 31)).toBe(4);
    expect(mostTimesOfBonus(7, 8)).toBe(1);
    expect(mostTimesOfBonus(7, 9)).toBe(2);
    expect(mostTimesOfBonus(30, 31)).toBe(1);
    expect(mostTimesOfBonus(2, 1)).toBe(1);
  });

  it('adds every day’s reward, a day of its own in place of the daily one, and each credit bonus as often as it can come', () => {
    const haul = calendarHaul({
      ...december,
      dailyReward: { kind: 'CREDIT', amount: 100 },
      dayRewards: [
        { date: '2026-12-25', reward: { kind: 'TICKETS', ticketKindId, count: 5 } },
        { date: '2026-12-31', reward: { kind: 'CREDIT', amount: 1_000 } },
      ],
      streakBonuses: [
        { streakDays: 30, reward: { kind: 'PASS', passId } },
        { streakDays: 7, reward: { kind: 'CREDIT', amount: 500 } },
      ],
    });
    expect(haul.days).toBe(31);
    // 29 ordinary days of 1.00 CYP and 10.00 CYP on the 31st.
    expect(haul.everyDay).toMatchObject({ credit: 3_900n, tickets: 5n, passes: 0, editions: 0, packs: 0 });
    expect(haul.bonuses.map((bonus) => [bonus.streakDays, bonus.mostTimes])).toEqual([
      [7, 4],
      [30, 1],
    ]);
    // The 7-day bonus on days 1 (a streak carried in), 9, 17 and 25, each after a day missed (2, 10, 18): three days'
    // 1.00 CYP given up for three more bonuses of 5.00.
    expect(haul.mostCredit).toBe(3_900n - 3n * 100n + 4n * 500n);
  });

  it('finds the most credit exactly: the same as trying every way to check in, for short calendars', () => {
    // Every pattern of check-ins and misses, with every streak carried in, against the day-by-day working.
    function bruteForce(dayCredits: number[], bonuses: Map<number, number>): number {
      const longest = Math.max(0, ...bonuses.keys());
      let most = 0;
      for (let carried = 0; carried <= longest + 1; carried += 1) {
        for (let pattern = 0; pattern < 2 ** dayCredits.length; pattern += 1) {
          let streak = carried;
          let credit = 0;
          dayCredits.forEach((dayCredit, day) => {
            if (pattern & (1 << day)) {
              streak += 1;
              credit += dayCredit + (bonuses.get(streak) ?? 0);
            } else streak = 0;
          });
          most = Math.max(most, credit);
        }
      }
      return most;
    }
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    for (let round = 0; round < 60; round += 1) {
      const days = 1 + random(10);
      const daily = 1 + random(300);
      const dayRewards = Array.from({ length: random(3) }, () => ({
        date: `2026-12-${String(1 + random(days)).padStart(2, '0')}`,
        reward: { kind: 'CREDIT' as const, amount: 1 + random(300) },
      })).filter((day, index, all) => all.findIndex((other) => other.date === day.date) === index);
      const lengths = [...new Set(Array.from({ length: 1 + random(3) }, () => 2 + random(5)))];
      const streakBonuses = lengths.map((streakDays) => ({
        streakDays,
        reward: { kind: 'CREDIT' as const, amount: 1 + random(1_000) },
      }));
      const calendar = {
        startDate: '2026-12-01',
        endDate: `2026-12-${String(days).padStart(2, '0')}`,
        dailyReward: { kind: 'CREDIT' as const, amount: daily },
        dayRewards,
        streakBonuses,
      };
      const own = new Map(dayRewards.map((day) => [Number(day.date.slice(8)) - 1, day.reward.amount]));
      const expected = bruteForce(
        Array.from({ length: days }, (_, day) => own.get(day) ?? daily),
        new Map(streakBonuses.map((bonus) => [bonus.streakDays, bonus.reward.amount])),
      );
      expect(calendarHaul(calendar).mostCredit, JSON.stringify(calendar)).toBe(BigInt(expected));
    }
  });

  it('says it in words, with the most credit in all when bonuses add to it, and its worth in dollars', () => {
    expect(
      calendarHaulWords(
        {
          ...december,
          dailyReward: { kind: 'CREDIT', amount: 100_000 },
          dayRewards: [{ date: '2026-12-25', reward: { kind: 'PASS', passId } }],
          streakBonuses: [
            { streakDays: 30, reward: { kind: 'PASS', passId } },
            { streakDays: 7, reward: { kind: 'CREDIT', amount: 500 } },
          ],
        },
        unit,
      ),
    ).toEqual({
      everyDay: 'Someone who checks in on all 31 days gets 30,000.00 CYP of credit (worth $300.00) and a pass.',
      bonuses: [
        { streak: '7 days in a row', gives: '5.00 CYP of credit, at most 4 times' },
        { streak: '30 days in a row', gives: 'a pass, at most once' },
      ],
      // A day of 1,000 CYP is worth more than the bonus: the most is every day and the bonus once.
      mostCredit: 'In all, one person can get at most 30,005.00 CYP of credit (worth $300.05) from it.',
    });
  });

  it('says when tickets are of several kinds, and that a bonus longer than the period needs a streak begun before', () => {
    const words = calendarHaulWords(
      {
        startDate: '2026-12-01',
        endDate: '2026-12-07',
        dailyReward: { kind: 'TICKETS', ticketKindId, count: 2 },
        dayRewards: [
          {
            date: '2026-12-07',
            reward: { kind: 'TICKETS', ticketKindId: '00000000-0000-4000-8000-000000000003', count: 5 },
          },
        ],
        streakBonuses: [{ streakDays: 30, reward: { kind: 'PASS', passId } }],
      },
      unit,
    );
    expect(words.everyDay).toBe('Someone who checks in on all 7 days gets 17 tickets of 2 kinds.');
    expect(words.bonuses).toEqual([
      { streak: '30 days in a row', gives: 'a pass, once at most, and only to a streak begun before the calendar' },
    ]);
  });

  it('names what is not credit, one day or many, and leaves out the worth before the unit is known', () => {
    expect(
      calendarHaulWords(
        {
          startDate: '2026-12-24',
          endDate: '2026-12-24',
          dailyReward: { kind: 'TICKETS', ticketKindId, count: 1 },
          dayRewards: [],
          streakBonuses: [],
        },
        unit,
      ),
    ).toEqual({ everyDay: 'Someone who checks in on its one day gets 1 ticket.', bonuses: [], mostCredit: null });
    expect(
      calendarHaulWords(
        { ...december, dailyReward: { kind: 'CREDIT', amount: 250 }, dayRewards: [], streakBonuses: [] },
        undefined,
      ),
    ).toEqual({
      everyDay: 'Someone who checks in on all 31 days gets 77.50 CYP of credit.',
      bonuses: [],
      mostCredit: null,
    });
  });
});
