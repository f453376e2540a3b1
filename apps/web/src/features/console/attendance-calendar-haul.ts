import { daysBetween, formatMoney, type TAttendanceCalendarRequest, type TGrantRequest } from '@cypher/contract';
import { formatCount } from '../../lib/format.ts';
import { grantWords, worthWords, type TCypUnit } from './components/grant-words.ts';

/**
 * What one person can get from a reward calendar, for the confirmation before it is saved: a slip of 1,000 CYP a day
 * for 10 is one typed zero, and it is paid to everyone who checks in, every day. The rules are the API's
 * (attendance/check-in.ts): each check-in gives its day's reward (its own, or the daily one); a streak bonus comes
 * when a person's streak reaches exactly its length. Streaks carry over from before the calendar and start again
 * after a missed day, so a bonus can come more than once.
 */

/** Everything of one kind a set of grants gives, added up; credit in CYP minor units. */
interface TGrantTotals {
  credit: bigint;
  tickets: bigint;
  /** The kinds those tickets are of: "30 tickets" of two kinds says so. */
  ticketKinds: Set<string>;
  passes: number;
  editions: number;
  packs: number;
}

const noGrants = (): TGrantTotals => ({
  credit: 0n,
  tickets: 0n,
  ticketKinds: new Set(),
  passes: 0,
  editions: 0,
  packs: 0,
});

function add(totals: TGrantTotals, grant: TGrantRequest, times: number): void {
  switch (grant.kind) {
    case 'CREDIT':
      totals.credit += BigInt(grant.amount) * BigInt(times);
      return;
    case 'TICKETS':
      totals.tickets += BigInt(grant.count) * BigInt(times);
      totals.ticketKinds.add(grant.ticketKindId);
      return;
    case 'PASS':
      totals.passes += times;
      return;
    case 'EDITION':
      totals.editions += times;
      return;
    case 'PACK':
      totals.packs += times;
  }
}

/**
 * The most times a streak bonus of `streakDays` can come in a period of `days` days: once on the first day at the
 * earliest (a streak carried over from an earlier calendar), then again only after the streak breaks (a day missed)
 * and runs `streakDays` days anew.
 */
export function mostTimesOfBonus(streakDays: number, days: number): number {
  return days < 1 ? 0 : 1 + Math.floor((days - 1) / (streakDays + 1));
}

/**
 * The most credit one person can get in the period, exactly: the best of every way to check in or miss each day, with
 * any streak carried in. Checking in every day is one way; a credit bonus earned again after a missed day may be
 * worth more than the day missed. Worked out day by day over the streak a person can have (0 after a miss, and above
 * the longest bonus all streaks earn the same), so at most 92 days × 368 streak lengths.
 */
function mostCreditOf(dayCredits: bigint[], bonusCredits: Map<number, bigint>): bigint {
  const beyond = Math.max(0, ...bonusCredits.keys()) + 1;
  // best[streak]: the most credit so far for someone whose streak now is `streak`; any streak may be carried in.
  let best: bigint[] = Array.from({ length: beyond + 1 }, () => 0n);
  for (const dayCredit of dayCredits) {
    const next: bigint[] = Array.from({ length: beyond + 1 }, () => -1n);
    for (let streak = 0; streak <= beyond; streak += 1) {
      const so = best[streak]!;
      if (so < 0n) continue;
      if (so > next[0]!) next[0] = so;
      const after = Math.min(streak + 1, beyond);
      const gain = dayCredit + (after < beyond ? (bonusCredits.get(after) ?? 0n) : 0n);
      if (so + gain > next[after]!) next[after] = so + gain;
    }
    best = next;
  }
  return best.reduce((most, value) => (value > most ? value : most), 0n);
}

export interface TCalendarHaul {
  days: number;
  /** What a check-in on every day of the period gives, bonuses aside. */
  everyDay: TGrantTotals;
  /** Each bonus, shortest streak first, with the most times one person can earn it here. */
  bonuses: { streakDays: number; reward: TGrantRequest; mostTimes: number }[];
  /** The most credit one person can get, day rewards and bonuses together, however they check in. */
  mostCredit: bigint;
}

type TCalendarRewards = Pick<
  TAttendanceCalendarRequest,
  'startDate' | 'endDate' | 'dailyReward' | 'dayRewards' | 'streakBonuses'
>;

export function calendarHaul(calendar: TCalendarRewards): TCalendarHaul {
  const days = daysBetween(calendar.startDate, calendar.endDate) + 1;
  const everyDay = noGrants();
  const dayCredits: bigint[] = [];
  const ownRewards = new Map(calendar.dayRewards.map((day) => [day.date, day.reward]));
  for (let index = 0; index < days; index += 1) {
    const date = new Date(Date.parse(`${calendar.startDate}T00:00:00Z`) + index * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const reward = ownRewards.get(date) ?? calendar.dailyReward;
    add(everyDay, reward, 1);
    dayCredits.push(reward.kind === 'CREDIT' ? BigInt(reward.amount) : 0n);
  }
  const bonuses = [...calendar.streakBonuses]
    .sort((a, b) => a.streakDays - b.streakDays)
    .map((bonus) => ({ ...bonus, mostTimes: mostTimesOfBonus(bonus.streakDays, days) }));
  const bonusCredits = new Map(
    bonuses.flatMap((bonus) =>
      bonus.reward.kind === 'CREDIT' ? [[bonus.streakDays, BigInt(bonus.reward.amount)]] : [],
    ),
  );
  return { days, everyDay, bonuses, mostCredit: mostCreditOf(dayCredits, bonusCredits) };
}

/** "31.00 CYP of credit (worth $0.31)". */
const creditWords = (amount: bigint, unit: TCypUnit | undefined) =>
  `${formatMoney({ amount, currency: 'CYP' }, { cypMinorUnits: unit?.minorUnits })} of credit${worthWords(amount, unit)}`;

const counted = (count: number, one: string, many: string) =>
  count === 1 ? `${one}` : `${formatCount(count)} ${many}`;

/** "31.00 CYP of credit, 3 tickets and a pass"; "nothing" when the totals are empty. */
function totalsWords(totals: TGrantTotals, unit: TCypUnit | undefined): string {
  const parts = [
    totals.credit > 0n ? creditWords(totals.credit, unit) : null,
    totals.tickets > 0n
      ? `${totals.tickets.toLocaleString('en-US')} ${totals.tickets === 1n ? 'ticket' : 'tickets'}${totals.ticketKinds.size > 1 ? ` of ${formatCount(totals.ticketKinds.size)} kinds` : ''}`
      : null,
    totals.passes > 0 ? counted(totals.passes, 'a pass', 'passes') : null,
    totals.editions > 0 ? counted(totals.editions, 'an edition', 'editions') : null,
    totals.packs > 0 ? counted(totals.packs, 'a pack', 'packs') : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return 'nothing';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const timesWords = (times: number) => (times === 1 ? 'once' : times === 2 ? 'twice' : `${formatCount(times)} times`);

export interface TCalendarHaulWords {
  /** "Someone who checks in on all 31 days gets 31.00 CYP of credit (worth $0.31) and a pass." */
  everyDay: string;
  /** Each bonus, shortest streak first: "7 days in a row", "5.00 CYP of credit, at most 4 times". */
  bonuses: { streak: string; gives: string }[];
  /** With credit bonuses, the most credit one person can get, with its worth; null when it is every day's. */
  mostCredit: string | null;
}

/** The confirmation's words: what a check-in on every day comes to, each bonus, and the most credit in all. */
export function calendarHaulWords(calendar: TCalendarRewards, unit: TCypUnit | undefined): TCalendarHaulWords {
  const haul = calendarHaul(calendar);
  return {
    everyDay: `Someone who checks in on ${haul.days === 1 ? 'its one day' : `all ${formatCount(haul.days)} days`} gets ${totalsWords(haul.everyDay, unit)}.`,
    bonuses: haul.bonuses.map((bonus) => ({
      streak: `${formatCount(bonus.streakDays)} days in a row`,
      gives: `${grantWords(bonus.reward, unit?.minorUnits)}, ${
        bonus.streakDays > haul.days
          ? 'once at most, and only to a streak begun before the calendar'
          : `at most ${timesWords(bonus.mostTimes)}`
      }`,
    })),
    mostCredit:
      haul.mostCredit > haul.everyDay.credit
        ? `In all, one person can get at most ${creditWords(haul.mostCredit, unit)} from it.`
        : null,
  };
}
