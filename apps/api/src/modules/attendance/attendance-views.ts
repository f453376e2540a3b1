import { inArray } from 'drizzle-orm';
import type { TAttendanceCheckIn } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { deliveryViewsByReferences, type TGrantWording } from '../grants/grant-views.ts';
import { attendanceCalendars, type TAttendanceCalendarRow, type TAttendanceCheckInRow } from './attendance.tables.ts';

/*
 * Reads: attendance_calendars, and what each check-in gave through grants/grant-views.ts · Writes: nothing · Route:
 * POST /v1/attendance, GET /v1/attendance, /v1/attendance/{id}, /v2/attendance/today · Tests: attendance.test.ts.
 */

/** A calendar as a check-in or a day names it. */
export function calendarSummaryOf(row: TAttendanceCalendarRow) {
  return { id: row.id, name: row.name, startDate: row.startDate, endDate: row.endDate };
}

/** Check-ins as their owner sees them: the day, the streak, the calendar and what it gave, in the order given. */
export async function checkInViewsOf(
  db: Db,
  rows: readonly TAttendanceCheckInRow[],
  wording: TGrantWording,
): Promise<TAttendanceCheckIn[]> {
  if (rows.length === 0) return [];
  const [calendars, deliveries] = await Promise.all([
    db
      .select()
      .from(attendanceCalendars)
      .where(
        inArray(
          attendanceCalendars.id,
          rows.map((row) => row.calendarId),
        ),
      ),
    deliveryViewsByReferences(
      db,
      rows.map((row) => row.id),
      wording,
    ),
  ]);
  const calendarOf = new Map(calendars.map((calendar) => [calendar.id, calendar]));
  return rows.map((row) => ({
    id: row.id,
    date: row.day,
    streak: row.streak,
    calendar: calendarSummaryOf(calendarOf.get(row.calendarId)!),
    rewards: deliveries.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  }));
}
