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
    expect(haul.everyDay).toEqual({ credit: 3_900n, tickets: 5n, passes: 0, editions: 0, packs: 0 });
    expect(haul.bonuses.map((bonus) => [bonus.streakDays, bonus.mostTimes])).toEqual([
      [7, 4],
      [30, 1],
    ]);
    expect(haul.mostCredit).toBe(3_900n + 4n * 500n);
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
      mostCredit: 'In all, one person can get at most 30,020.00 CYP of credit (worth $300.20) from it.',
    });
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
