import { daysBetween, type TConsoleAttendanceCalendar } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useAttendanceTimeZone } from '../api/attendance-time-zone.ts';
import { useConsoleAttendanceCalendars } from '../api/list-console-attendance-calendars.ts';
import { calendarPhase, formatLocalDate, periodSummary, type TCalendarPhase } from '../attendance-dates.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import type { EntryColumn } from '../components/entries-table.tsx';
import { MutedText, NameCell } from '../components/name-cell.tsx';
import { PagedEntries } from '../components/paged-entries.tsx';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/drops.module.css';

const PAGE_SIZE = 20;

const phaseBadges: Record<TCalendarPhase, { label: string; tone: BadgeTone }> = {
  UPCOMING: { label: 'Coming up', tone: 'accent' },
  RUNNING: { label: 'Running', tone: 'success' },
  ENDED: { label: 'Ended', tone: 'neutral' },
};

/** Coming up, running or ended, on today's date in the attendance time zone (unknown until that is read). */
export function CalendarPhaseBadge({ calendar, today }: { calendar: TConsoleAttendanceCalendar; today?: string }) {
  if (!today) return null;
  const { label, tone } = phaseBadges[calendarPhase(calendar, today)];
  return <Badge tone={tone}>{label}</Badge>;
}

/** "Days begin at midnight in Asia/Seoul, where it is Nov 3, 2026." */
export function timeZoneSentence(timeZone: string, today?: string): string {
  return `Days begin at midnight in ${timeZone}${today ? `, where it is ${formatLocalDate(today)}` : ''}: the same day for everyone.`;
}

function columnsFor(today: string | undefined): EntryColumn<TConsoleAttendanceCalendar>[] {
  return [
    {
      id: 'name',
      header: 'Calendar',
      cell: (calendar) => (
        <span className={styles.dropCell}>
          <NameCell to={`/console/attendance-calendars/${calendar.id}`} name={calendar.name} />
          <span className={listStyles.phoneOnly}>{periodSummary(calendar)}</span>
        </span>
      ),
    },
    {
      id: 'period',
      header: 'Period',
      isSecondary: true,
      cell: (calendar) => {
        const days = daysBetween(calendar.startDate, calendar.endDate) + 1;
        return (
          <span className={styles.window}>
            <span>
              {formatLocalDate(calendar.startDate)} – {formatLocalDate(calendar.endDate)}
            </span>
            <MutedText>
              {formatCount(days)} {days === 1 ? 'day' : 'days'}
            </MutedText>
          </span>
        );
      },
    },
    { id: 'status', header: 'Status', cell: (calendar) => <CalendarPhaseBadge calendar={calendar} today={today} /> },
    {
      id: 'reward',
      header: 'Daily reward',
      isSecondary: true,
      cell: (calendar) => (
        <span className={styles.packCounts}>
          <span>{calendar.dailyReward.description}</span>
          <MutedText>
            {[
              calendar.dayRewards.length > 0
                ? `${formatCount(calendar.dayRewards.length)} ${calendar.dayRewards.length === 1 ? 'day' : 'days'} of their own`
                : null,
              calendar.streakBonuses.length > 0
                ? `${formatCount(calendar.streakBonuses.length)} streak ${calendar.streakBonuses.length === 1 ? 'bonus' : 'bonuses'}`
                : null,
            ]
              .filter(Boolean)
              .join(' · ') || 'Every day the same'}
          </MutedText>
        </span>
      ),
    },
    { id: 'check-ins', header: 'Check-ins', cell: (calendar) => formatCount(calendar.checkInCount) },
  ];
}

/**
 * `/console/attendance-calendars` (admins): the daily check-in's reward calendars, latest period first, with where
 * each stands today and how many check-ins it has had; the time zone that draws the days is stated above.
 */
export function AttendanceCalendarsSection() {
  const { page } = useUrlFilters();
  const calendars = useConsoleAttendanceCalendars({ page, size: PAGE_SIZE });
  const zone = useAttendanceTimeZone();
  const timeZone = zone.data?.timeZone ?? calendars.data?.items[0]?.timeZone;
  const newCalendar = (
    <ButtonLink to="/console/attendance-calendars/new" variant="primary">
      <Icon name="plus" size={18} />
      New calendar
    </ButtonLink>
  );

  return (
    <>
      <ConsoleHeader
        title="Attendance"
        description={
          <>
            Reward calendars for the daily check-in: a reward for every day of a period, days with their own, and
            bonuses for streaks. {timeZone ? timeZoneSentence(timeZone, zone.data?.today) : null}
          </>
        }
        actions={newCalendar}
      />
      <PagedEntries
        query={calendars}
        noun="calendars"
        caption="Calendars"
        columns={columnsFor(zone.data?.today)}
        empty={{
          icon: 'calendar',
          title: 'No calendars yet',
          body: 'Make the first calendar: while no calendar covers today, collectors have nothing to check in for.',
          action: newCalendar,
        }}
      />
    </>
  );
}
