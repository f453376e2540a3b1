import { daysBetween, formatCalendarDate } from '@cypher/contract';
import { formatCount } from '../../lib/format.ts';

/**
 * Attendance days are dates in one configured time zone (`2026-11-30`), not instants: they are shown as written,
 * never moved into the reader's own zone. `2026-11-30` -> "Nov 30, 2026", with the contract's formatter, which the
 * API's messages use too.
 */
export const formatLocalDate = formatCalendarDate;

/** "Nov 1 – Nov 30, 2026 · 30 days". */
export function periodSummary({ startDate, endDate }: { startDate: string; endDate: string }): string {
  const days = daysBetween(startDate, endDate) + 1;
  return `${formatLocalDate(startDate)} – ${formatLocalDate(endDate)} · ${formatCount(days)} ${days === 1 ? 'day' : 'days'}`;
}

export type TCalendarPhase = 'UPCOMING' | 'RUNNING' | 'ENDED';

/** Where a calendar stands on `today` (the date in the attendance time zone). */
export function calendarPhase(
  { startDate, endDate }: { startDate: string; endDate: string },
  today: string,
): TCalendarPhase {
  if (today < startDate) return 'UPCOMING';
  return today > endDate ? 'ENDED' : 'RUNNING';
}
