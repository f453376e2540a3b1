import { formatCount } from '../../lib/format.ts';

/**
 * Words for the attendance page. Its days are dates in the one configured time zone (`2026-11-22`), not instants: they
 * are formatted as written, whatever the reader's own zone, so Nov 22 never shows as Nov 21 west of that zone.
 */
const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});
const weekdayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short' });
const monthDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const fullDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
});
const yearDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Sun, Nov 22" */
export function formatDay(date: string): string {
  return dayFormat.format(asDate(date));
}

/** A calendar tile's two lines: "Sun" and "Nov 22". */
export function dayParts(date: string): { weekday: string; monthDay: string } {
  return { weekday: weekdayFormat.format(asDate(date)), monthDay: monthDayFormat.format(asDate(date)) };
}

/** "Sunday, November 22" */
export function formatFullDay(date: string): string {
  return fullDateFormat.format(asDate(date));
}

/** A calendar's period: "Nov 1 – Nov 30, 2026" (each end with its year when the years differ). */
export function formatPeriod(startDate: string, endDate: string): string {
  const sameYear = startDate.slice(0, 4) === endDate.slice(0, 4);
  const start = sameYear ? monthDayFormat.format(asDate(startDate)) : yearDateFormat.format(asDate(startDate));
  return `${start} – ${yearDateFormat.format(asDate(endDate))}`;
}

/** The zone's offset now, as the reader would say it: "GMT+9", "GMT-5"; UTC itself is "UTC". */
function offsetOf(timeZone: string, at: Date): string | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return name === 'GMT' ? 'UTC' : (name ?? null);
  } catch {
    return null;
  }
}

/** The day boundary in words: "UTC", or "Asia/Seoul (GMT+9)". */
export function timeZoneText(timeZone: string, at: Date): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const offset = offsetOf(timeZone, at);
  return offset ? `${timeZone} (${offset})` : timeZone;
}

/** "1 day", "4 days" */
export function daysText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'day' : 'days'}`;
}

/** "1 more check-in", "3 more check-ins" */
export function checkInsLeftText(count: number): string {
  return `${formatCount(count)} more ${count === 1 ? 'check-in' : 'check-ins'}`;
}
