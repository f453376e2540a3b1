import {
  addDays,
  daysBetween,
  ticketCountText,
  type TAttendanceCheckIn,
  type TAttendanceDay,
  type TAttendanceRewards,
  type TAttendanceTodayV2,
  type TGrant,
  type TGrantDelivery,
  type TRedemption,
} from '@cypher/contract';
import { ids } from './catalog-fixtures.ts';
import { passIds } from './passes-fixtures.ts';

/**
 * Attendance and redeem answers for tests (issue 20), valid against the contract's schemas. Days begin at midnight in
 * Asia/Seoul; it is 12:30 there on Sunday, Nov 22, 2026 (03:30 UTC) and the next day begins at 15:00 UTC. The
 * "November check-in" calendar runs Nov 1–30: 5.00 CYP a day, 2 Drop tickets every Saturday, an edition of Dragon of the
 * Eighth Bit on Nov 30; bonuses at 3 days in a row (1 Drop ticket) and 7 (Neon Season Pass). The signed-in collector
 * checked in on Nov 2, 3 and 19–21 (a streak of 3 alive from yesterday), and not yet today.
 */
export const attendanceTimes = {
  now: '2026-11-22T03:30:00.000Z',
  today: '2026-11-22',
  nextDayStartsAt: '2026-11-22T15:00:00.000Z',
};

export const grantIds = {
  calendar: '0190a0b0-0000-7000-8000-0000000c0001',
  dropTicket: '0190a0b0-0000-7000-8000-0000000c1001',
  dragonPool: '0190a0b0-0000-7000-8000-0000000c2001',
  newEdition: '0190a0b0-0000-7000-8000-0000000c2002',
  todayCheckIn: '0190a0b0-0000-7000-8000-0000000c3022',
  redemption: '0190a0b0-0000-7000-8000-0000000c4001',
  giftDrop: '0190a0b0-0000-7000-8000-0000000c6001',
  giftRound: '0190a0b0-0000-7000-8000-0000000c6002',
  giftPack: '0190a0b0-0000-7000-8000-0000000c6003',
  giftOrder: '0190a0b0-0000-7000-8000-0000000c6004',
};

/** A check-in's id per day: the day of the month in its last digits. */
const checkInIdOf = (date: string) => `0190a0b0-0000-7000-8000-0000000c30${date.slice(-2)}`;
const deliveryIdOf = (n: number) => `0190a0b0-0000-7000-8000-0000000c5${String(n).padStart(3, '0')}`;

export const grants = {
  credit: (amount = 500): TGrant => ({
    kind: 'CREDIT',
    description: `${(amount / 100).toFixed(2)} CYP`,
    credit: { amount, currency: 'CYP' },
  }),
  tickets: (count = 2): TGrant => ({
    kind: 'TICKETS',
    description: ticketCountText(count, 'Drop ticket'),
    ticketKind: { id: grantIds.dropTicket, name: 'Drop ticket', imageUrl: null },
    count,
  }),
  pass: (): TGrant => ({
    kind: 'PASS',
    description: 'Neon Season Pass',
    pass: { id: passIds.pass, name: 'Neon Season Pass', imageUrl: '/uploads/neon-season-pass.webp' },
  }),
  edition: (): TGrant => ({
    kind: 'EDITION',
    description: 'an edition of Dragon of the Eighth Bit',
    editionPool: {
      id: grantIds.dragonPool,
      product: {
        id: ids.dragon,
        name: 'Dragon of the Eighth Bit',
        rarity: 'LEGENDARY',
        imageThumbnailUrl: '/uploads/dragon-thumb.webp',
      },
    },
  }),
  /** A pack of a drop's gift round (decision record 36). */
  pack: (): TGrant => ({
    kind: 'PACK',
    description: 'a pack of Neon Tides',
    drop: { id: grantIds.giftDrop, name: 'Neon Tides', imageUrl: '/uploads/neon-tides.webp', editionsPerPack: 3 },
    giftRound: { id: grantIds.giftRound },
  }),
};

export function delivery(grant: TGrant, n = 1, changes: Partial<TGrantDelivery> = {}): TGrantDelivery {
  return {
    id: deliveryIdOf(n),
    status: 'DELIVERED',
    grant,
    edition: grant.kind === 'EDITION' ? { id: grantIds.newEdition, serialNumber: 12 } : null,
    pack:
      grant.kind === 'PACK'
        ? { id: grantIds.giftPack, number: 37, orderId: grantIds.giftOrder, isOpened: false }
        : null,
    createdAt: attendanceTimes.now,
    ...changes,
  };
}

const calendarSummary = {
  id: grantIds.calendar,
  name: 'November check-in',
  startDate: '2026-11-01',
  endDate: '2026-11-30',
};

/** The reward of a day of November: Saturdays give tickets, Nov 30 an edition, every other day 5.00 CYP. */
function rewardOf(date: string): TGrant {
  if (date === '2026-11-30') return grants.edition();
  return new Date(`${date}T00:00:00Z`).getUTCDay() === 6 ? grants.tickets() : grants.credit();
}

const checkedInDates = ['2026-11-02', '2026-11-03', '2026-11-19', '2026-11-20', '2026-11-21'];

export const streakBonuses = [
  { streakDays: 3, reward: grants.tickets(1) },
  { streakDays: 7, reward: grants.pass() },
];

/** `GET /v2/attendance/rewards`: a visitor's (no state) or the collector's, who checked in on `checkedIn`. */
export function attendanceRewards(
  options: { isSignedIn?: boolean; checkedIn?: string[]; hasCalendar?: boolean } = {},
): TAttendanceRewards {
  const { isSignedIn = true, checkedIn = checkedInDates, hasCalendar = true } = options;
  const { today } = attendanceTimes;
  const days = Array.from({ length: daysBetween(calendarSummary.startDate, calendarSummary.endDate) + 1 }, (_, n) => {
    const date = addDays(calendarSummary.startDate, n);
    const isCheckedIn = checkedIn.includes(date);
    const state: TAttendanceDay['state'] = !isSignedIn
      ? null
      : isCheckedIn
        ? 'CHECKED_IN'
        : date < today
          ? 'MISSED'
          : date === today
            ? 'TODAY'
            : 'UPCOMING';
    return { date, reward: rewardOf(date), state, checkInId: isSignedIn && isCheckedIn ? checkInIdOf(date) : null };
  });
  return {
    timeZone: 'Asia/Seoul',
    today,
    calendar: hasCalendar ? { ...calendarSummary, days, streakBonuses } : null,
    me: isSignedIn ? { streak: 3, checkedInDays: checkedIn.length } : null,
  };
}

/** A check-in and what it gave: the day's reward, then any streak bonus. */
export function checkIn(date: string, streak: number, rewards: TGrantDelivery[]): TAttendanceCheckIn {
  return {
    id: date === attendanceTimes.today ? grantIds.todayCheckIn : checkInIdOf(date),
    date,
    streak,
    calendar: calendarSummary,
    rewards,
    createdAt: `${date}T01:00:00.000Z`,
  };
}

/** Today's check-in: 5.00 CYP, the 4th day in a row. */
export const todayCheckIn = () => checkIn(attendanceTimes.today, 4, [delivery(grants.credit(), 22)]);

/** `GET /v2/attendance/today`: not checked in yet, a streak of 3 alive from yesterday, the 7-day bonus next. */
export function attendanceToday(changes: Partial<TAttendanceTodayV2> = {}): TAttendanceTodayV2 {
  return {
    date: attendanceTimes.today,
    isCheckedIn: false,
    streak: 3,
    reward: grants.credit(),
    isRewardLeft: true,
    timeZone: 'Asia/Seoul',
    nextDayStartsAt: attendanceTimes.nextDayStartsAt,
    calendar: calendarSummary,
    checkIn: null,
    nextStreakBonus: { ...streakBonuses[1]!, isRewardLeft: true },
    ...changes,
  };
}

/** `GET /v1/attendance`: my check-ins, newest first. */
export function myCheckIns(): TAttendanceCheckIn[] {
  return [
    checkIn('2026-11-21', 3, [delivery(grants.tickets(), 21), delivery(grants.tickets(1), 121)]),
    checkIn('2026-11-20', 2, [delivery(grants.credit(), 20)]),
    checkIn('2026-11-19', 1, [delivery(grants.credit(), 19)]),
  ];
}

/** A code I redeemed and what it gave (`POST /v1/redeems`, `GET /v1/redeems`). */
export function redemption(grant: TGrant = grants.pass(), changes: Partial<TRedemption> = {}): TRedemption {
  return {
    id: grantIds.redemption,
    maskedCode: '••••-••••-••••-WN8C',
    batchName: 'Neon launch party',
    delivery: delivery(grant, 900),
    createdAt: attendanceTimes.now,
    ...changes,
  };
}
