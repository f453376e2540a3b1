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
  passes: number;
  editions: number;
  packs: number;
}

const noGrants = (): TGrantTotals => ({ credit: 0n, tickets: 0n, passes: 0, editions: 0, packs: 0 });

function add(totals: TGrantTotals, grant: TGrantRequest, times: number): void {
  switch (grant.kind) {
    case 'CREDIT':
      totals.credit += BigInt(grant.amount) * BigInt(times);
      return;
    case 'TICKETS':
      totals.tickets += BigInt(grant.count) * BigInt(times);
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

export interface TCalendarHaul {
  days: number;
  /** What a check-in on every day of the period gives, bonuses aside. */
  everyDay: TGrantTotals;
  /** Each bonus, shortest streak first, with the most times one person can earn it here. */
  bonuses: { streakDays: number; reward: TGrantRequest; mostTimes: number }[];
  /** The most credit one person can get: every day's, and each credit bonus as often as it can come. */
  mostCredit: bigint;
}

type TCalendarRewards = Pick<
  TAttendanceCalendarRequest,
  'startDate' | 'endDate' | 'dailyReward' | 'dayRewards' | 'streakBonuses'
>;

export function calendarHaul(calendar: TCalendarRewards): TCalendarHaul {
  const days = daysBetween(calendar.startDate, calendar.endDate) + 1;
  const everyDay = noGrants();
  const ownDays = calendar.dayRewards.filter((day) => day.date >= calendar.startDate && day.date <= calendar.endDate);
  add(everyDay, calendar.dailyReward, Math.max(0, days - ownDays.length));
  for (const day of ownDays) add(everyDay, day.reward, 1);
  const bonuses = [...calendar.streakBonuses]
    .sort((a, b) => a.streakDays - b.streakDays)
    .map((bonus) => ({ ...bonus, mostTimes: mostTimesOfBonus(bonus.streakDays, days) }));
  const mostCredit = bonuses.reduce(
    (sum, bonus) =>
      bonus.reward.kind === 'CREDIT' ? sum + BigInt(bonus.reward.amount) * BigInt(bonus.mostTimes) : sum,
    everyDay.credit,
  );
  return { days, everyDay, bonuses, mostCredit };
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
      ? `${totals.tickets.toLocaleString('en-US')} ${totals.tickets === 1n ? 'ticket' : 'tickets'}`
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
      gives: `${grantWords(bonus.reward, unit?.minorUnits)}, at most ${timesWords(bonus.mostTimes)}`,
    })),
    mostCredit:
      haul.mostCredit > haul.everyDay.credit
        ? `In all, one person can get at most ${creditWords(haul.mostCredit, unit)} from it.`
        : null,
  };
}
