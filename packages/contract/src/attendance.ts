import { z } from 'zod';
import { ZConsoleDate, ZName } from './catalog-requests.ts';
import { ZPageQuery, ZUuid } from './envelope.ts';
import { ZGrant, ZGrantDelivery, ZGrantRequest } from './grants.ts';

/**
 * Daily attendance (spec sections 2, 4 and 7; issue 20): a person checks in once a day and receives that day's reward
 * from the current calendar, plus a bonus when their streak of consecutive days reaches one of the calendar's marks.
 * A day is a date in one time zone configured for everyone (ATTENDANCE_TIME_ZONE), which every answer states; a
 * streak counts consecutive days whatever calendar they fall in, so it survives a month's end and breaks on a day
 * missed.
 */

/** A calendar covers at most this many days (a quarter), so its page stays one screen of days. */
export const MAX_CALENDAR_DAYS = 92;
export const MAX_STREAK_BONUSES = 20;
export const MAX_STREAK_DAYS = 366;

export const attendanceMessages = {
  period: 'A calendar begins on or before the day it ends.',
  periodLength: `A calendar covers at most ${MAX_CALENDAR_DAYS} days.`,
  dayOutsidePeriod: 'This day is not in the calendar’s period.',
  dayTwice: 'Each day can have only one reward of its own.',
  streakDays: `A streak bonus is for a streak of 2 to ${MAX_STREAK_DAYS} days.`,
  streakTwice: 'Each streak length can have only one bonus.',
  endsBeforeToday: 'A calendar’s last day is today or later: no one can check in on days that have passed.',
} as const;

/** A day as its date in the configured time zone: `2026-11-30`. */
export const ZLocalDate = z.iso.date();

/** Days from `from` to `to` (dates as `YYYY-MM-DD`), counted on the calendar: 2026-11-30 to 2026-12-01 is 1. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const calendarDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/**
 * `2026-11-30` -> "Nov 30, 2026", as the product writes dates. A calendar day is formatted as written, in UTC, never
 * moved into a reader's (or the server's) own zone, where it could show as the day before.
 */
export function formatCalendarDate(date: string): string {
  return calendarDateFormat.format(new Date(`${date}T00:00:00Z`));
}

/** The date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export const ZStreakBonus = z.object({ streakDays: z.number().int(), reward: ZGrant });

/**
 * CHECKED_IN: done (with the check-in's id). TODAY: open now, not done yet. MISSED: past, not done. UPCOMING: not yet.
 * Null for visitors, whose calendar has no state, and for a person's days before their account was made.
 */
export const attendanceDayStates = ['CHECKED_IN', 'TODAY', 'MISSED', 'UPCOMING'] as const;

export const ZAttendanceDay = z.object({
  date: ZLocalDate,
  reward: ZGrant,
  state: z.enum(attendanceDayStates).nullable(),
  checkInId: ZUuid.nullable(),
});
export type TAttendanceDay = z.infer<typeof ZAttendanceDay>;

export const ZAttendanceCalendarSummary = z.object({
  id: ZUuid,
  name: z.string(),
  startDate: ZLocalDate,
  endDate: ZLocalDate,
});

/** `GET /v2/attendance/rewards`: the current calendar, each day's reward, the streak bonuses, and my state. */
export const ZAttendanceRewards = z.object({
  /** The IANA time zone whose midnight starts a day, for the page to state. */
  timeZone: z.string(),
  today: ZLocalDate,
  calendar: ZAttendanceCalendarSummary.extend({
    days: z.array(ZAttendanceDay),
    streakBonuses: z.array(ZStreakBonus),
  }).nullable(),
  /** Signed in: my current streak and how many days of this calendar I checked in; null for visitors. */
  me: z.object({ streak: z.number().int(), checkedInDays: z.number().int() }).nullable(),
});
export type TAttendanceRewards = z.infer<typeof ZAttendanceRewards>;

/**
 * `POST /v1/attendance` asks nothing: no body, or an empty object. Said in the schema so that anything else (a body
 * sent by mistake, or crafted to be costly to fingerprint for the Idempotency-Key) is refused before it is read.
 */
export const ZCheckInRequest = z.strictObject({}).nullish();

/** A check-in: its day, the streak it made, and what it gave (the day's reward, and a streak bonus if one was due). */
export const ZAttendanceCheckIn = z.object({
  id: ZUuid,
  date: ZLocalDate,
  streak: z.number().int(),
  calendar: ZAttendanceCalendarSummary,
  rewards: z.array(ZGrantDelivery),
  createdAt: z.iso.datetime(),
});
export type TAttendanceCheckIn = z.infer<typeof ZAttendanceCheckIn>;

/** `GET /v1/attendance/today`: checked in today or not, the streak, and today's reward. */
export const ZAttendanceToday = z.object({
  date: ZLocalDate,
  isCheckedIn: z.boolean(),
  /** Today's if checked in; else the streak still alive from yesterday (0 once a day was missed). */
  streak: z.number().int(),
  /** Today's reward; null when no calendar covers today (nothing to check in for). */
  reward: ZGrant.nullable(),
  /**
   * Whether today's reward can still be given: false only for a pass, an edition or a pack whose supply is used up or
   * over (the pass's validity or the gift round's drop ended, the drop revealed). Checking in then still counts for
   * the streak but records the reward OUT_OF_STOCK, so the page says so before the check-in, not after it. Read
   * without a lock: a check-in may still find the last one gone. True for credit and tickets, which never run out,
   * and when `reward` is null (nothing to run out).
   */
  isRewardLeft: z.boolean(),
});
export type TAttendanceToday = z.infer<typeof ZAttendanceToday>;

/** `GET /v2/attendance/today`: the same, with the time zone, when the next day begins, and the bonuses in reach. */
export const ZAttendanceTodayV2 = ZAttendanceToday.extend({
  timeZone: z.string(),
  /** When the next day begins (midnight in the time zone), as an instant. */
  nextDayStartsAt: z.iso.datetime(),
  calendar: ZAttendanceCalendarSummary.nullable(),
  /** Today's check-in with what it gave, once done. */
  checkIn: ZAttendanceCheckIn.nullable(),
  /**
   * The next bonus the streak can reach (checking in today included), or null; `isRewardLeft` as today's reward's,
   * now: a bonus due today would otherwise be promised with the check-in and arrive OUT_OF_STOCK.
   */
  nextStreakBonus: ZStreakBonus.extend({ isRewardLeft: z.boolean() }).nullable(),
});
export type TAttendanceTodayV2 = z.infer<typeof ZAttendanceTodayV2>;

export const ZAttendanceListQuery = ZPageQuery;

// ----------------------------------------------------------------------------------------------------- console

const ZStreakDays = z
  .number({ error: attendanceMessages.streakDays })
  .int({ error: attendanceMessages.streakDays })
  .min(2, { error: attendanceMessages.streakDays })
  .max(MAX_STREAK_DAYS, { error: attendanceMessages.streakDays });

/**
 * `POST /v1/console/attendance-calendars` and `PUT .../{id}`: a period of days (dates in the configured time zone),
 * the reward of every day (`dailyReward`, or a day's own in `dayRewards`), and bonuses for streaks reaching a length.
 */
export const ZAttendanceCalendarRequest = z
  .strictObject({
    name: ZName,
    startDate: ZConsoleDate,
    endDate: ZConsoleDate,
    dailyReward: ZGrantRequest,
    dayRewards: z
      .array(z.strictObject({ date: ZConsoleDate, reward: ZGrantRequest }))
      .max(MAX_CALENDAR_DAYS)
      .default([]),
    streakBonuses: z
      .array(z.strictObject({ streakDays: ZStreakDays, reward: ZGrantRequest }))
      .max(MAX_STREAK_BONUSES)
      .default([]),
  })
  .superRefine((calendar, context) => {
    // A date that is no day ("2027-02-30") has its own message; its period is not measured (Date.parse would read
    // March 2, and March 1 would be told it comes before it).
    const areDays = [calendar.startDate, calendar.endDate].every((date) => ZConsoleDate.safeParse(date).success);
    const length = areDays ? daysBetween(calendar.startDate, calendar.endDate) + 1 : 1;
    if (length < 1) context.addIssue({ code: 'custom', path: ['endDate'], message: attendanceMessages.period });
    else if (length > MAX_CALENDAR_DAYS) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: attendanceMessages.periodLength });
    }
    const seenDays = new Set<string>();
    calendar.dayRewards.forEach((day, index) => {
      if (day.date < calendar.startDate || day.date > calendar.endDate) {
        context.addIssue({
          code: 'custom',
          path: ['dayRewards', index, 'date'],
          message: attendanceMessages.dayOutsidePeriod,
        });
      }
      if (seenDays.has(day.date)) {
        context.addIssue({ code: 'custom', path: ['dayRewards', index, 'date'], message: attendanceMessages.dayTwice });
      }
      seenDays.add(day.date);
    });
    const seenStreaks = new Set<number>();
    calendar.streakBonuses.forEach((bonus, index) => {
      if (seenStreaks.has(bonus.streakDays)) {
        context.addIssue({
          code: 'custom',
          path: ['streakBonuses', index, 'streakDays'],
          message: attendanceMessages.streakTwice,
        });
      }
      seenStreaks.add(bonus.streakDays);
    });
  });
export type TAttendanceCalendarRequest = z.infer<typeof ZAttendanceCalendarRequest>;

export const ZConsoleAttendanceCalendar = ZAttendanceCalendarSummary.extend({
  timeZone: z.string(),
  dailyReward: ZGrant,
  dayRewards: z.array(z.object({ date: ZLocalDate, reward: ZGrant })),
  streakBonuses: z.array(ZStreakBonus),
  checkInCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TConsoleAttendanceCalendar = z.infer<typeof ZConsoleAttendanceCalendar>;

/**
 * `coveringFrom` and `coveringTo` narrow the list to calendars covering any day of that period (either end may be
 * left open): the console asks it before a save, to tell an overlap under the field rather than after a confirmation.
 */
export const ZConsoleAttendanceCalendarListQuery = ZPageQuery.extend({
  coveringFrom: ZLocalDate.optional(),
  coveringTo: ZLocalDate.optional(),
});
export type TConsoleAttendanceCalendarListQuery = z.infer<typeof ZConsoleAttendanceCalendarListQuery>;

/** ATTENDANCE_CALENDAR_OVERLAPS' detail under the first day: which calendar has those days. */
export function calendarOverlapMessage(other: { name: string; startDate: string; endDate: string }): string {
  return `“${other.name}” covers ${formatCalendarDate(other.startDate)} to ${formatCalendarDate(other.endDate)}.`;
}
