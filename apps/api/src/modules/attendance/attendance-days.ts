import { addDays } from '@cypher/contract';

/*
 * Route: every attendance route (the day they are about) · Writes and reads: nothing (pure) · Tests: attendance.test.ts
 * (one second either side of midnight in a zone east and west of UTC).
 *
 * A day of attendance is a date in the one configured time zone (ATTENDANCE_TIME_ZONE): everyone's day turns at the
 * same instant, its midnight, wherever they are. Intl does the zone arithmetic (its tz database knows daylight saving),
 * so nothing here knows an offset.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `at`, read as if it were UTC: the instant plus the zone's offset then. */
function wallClockAsUtc(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClockFormatter(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The day `at` falls on in `timeZone`: `2026-11-30`. */
export function localDateOf(at: Date, timeZone: string): string {
  return new Date(wallClockAsUtc(at, timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant a day begins in `timeZone` (its midnight): the UTC midnight of that date moved back by the zone's offset,
 * the offset read twice since it may differ between the two instants (a daylight-saving change that day).
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  const offsetAt = (instant: number) => wallClockAsUtc(new Date(instant), timeZone) - instant;
  const guess = utcMidnight - offsetAt(utcMidnight);
  return new Date(utcMidnight - offsetAt(guess));
}

/** When the day after `date` begins in `timeZone`. */
export function startOfNextLocalDay(date: string, timeZone: string): Date {
  return startOfLocalDay(addDays(date, 1), timeZone);
}
