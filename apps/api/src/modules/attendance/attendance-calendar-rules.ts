import { and, gte, lte } from 'drizzle-orm';
import type { TGrantRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { storedGrant } from '../grants/grant-views.ts';
import { attendanceCalendars, type TAttendanceCalendarRow } from './attendance.tables.ts';

/*
 * Route: the attendance routes (read-attendance.ts, check-in.ts) · Reads: attendance_calendars · Writes: nothing ·
 * Tests: attendance.test.ts.
 *
 * What a calendar says about a day: whether it covers it, the day's reward, and the bonus a streak earns on it.
 */

/**
 * The calendar covering `date`, if any (calendars never overlap, so at most one). With `isHeldForCheckIn` its row is
 * held FOR KEY SHARE until the transaction ends: a console edit of the calendar (which holds it FOR UPDATE) waits for
 * the check-in and then sees it among the days it must keep, or goes first and the check-in reads the calendar as
 * the edit left it (a reward fixed, or the calendar ended before today and so not found).
 */
export async function calendarCovering(
  db: Db,
  date: string,
  options: { isHeldForCheckIn?: boolean } = {},
): Promise<TAttendanceCalendarRow | null> {
  const query = db
    .select()
    .from(attendanceCalendars)
    .where(and(lte(attendanceCalendars.startDate, date), gte(attendanceCalendars.endDate, date)))
    .limit(1);
  const [row] = options.isHeldForCheckIn ? await query.for('key share') : await query;
  return row ?? null;
}

/** The reward of a day of the calendar: its own, or the calendar's daily one. */
export function rewardOfDay(calendar: TAttendanceCalendarRow, date: string): TGrantRequest {
  const own = calendar.dayRewards.find((day) => day.date === date);
  return storedGrant(own ? own.reward : calendar.dailyReward);
}

/** The bonus a check-in making a streak of `streak` days earns in this calendar, if one is set for that length. */
export function streakBonusOf(calendar: TAttendanceCalendarRow, streak: number): TGrantRequest | null {
  const bonus = calendar.streakBonuses.find((entry) => entry.streakDays === streak);
  return bonus ? storedGrant(bonus.reward) : null;
}

/** The calendar's bonuses, shortest streak first. */
export function streakBonusesOf(calendar: TAttendanceCalendarRow): { streakDays: number; reward: TGrantRequest }[] {
  return [...calendar.streakBonuses]
    .sort((a, b) => a.streakDays - b.streakDays)
    .map((bonus) => ({ streakDays: bonus.streakDays, reward: storedGrant(bonus.reward) }));
}
