import type { TConsoleAttendanceCalendar } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { formatCount } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useAttendanceTimeZone } from '../api/attendance-time-zone.ts';
import { useDeleteConsoleAttendanceCalendar } from '../api/delete-console-attendance-calendar.ts';
import { useConsoleAttendanceCalendar } from '../api/get-console-attendance-calendar.ts';
import { calendarPhase, periodSummary } from '../attendance-dates.ts';
import { attendanceCalendarFormValues } from '../attendance-form-values.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import { ConsoleNotFound, namesNothingHere } from '../components/console-not-found.tsx';
import { DeleteEntryAction } from '../components/delete-entry-action.tsx';
import { useCypUnit } from '../use-cyp-unit.ts';
import { AttendanceCalendarForm } from './attendance-calendar-form.tsx';
import { CalendarPhaseBadge, timeZoneSentence } from './attendance-calendars-section.tsx';
import publicationStyles from '../components/publication-actions.module.css';

const back = { to: '/console/attendance-calendars', label: 'All calendars' };

/** `/console/attendance-calendars/new` (admins): a new calendar, with the time zone its dates are in. */
export function NewAttendanceCalendar() {
  const zone = useAttendanceTimeZone();
  const cypUnit = useCypUnit();
  return (
    <>
      <ConsoleHeader
        back={back}
        title="New calendar"
        description={zone.data ? timeZoneSentence(zone.data.timeZone, zone.data.today) : undefined}
      />
      <AttendanceCalendarForm timeZone={zone.data?.timeZone} today={zone.data?.today} cypDecimals={cypUnit.decimals} />
    </>
  );
}

/** Delete, for a calendar that has not begun (one that has is ended earlier by moving its last day instead). */
function DeleteCalendar({ calendar }: { calendar: TConsoleAttendanceCalendar }) {
  const remove = useDeleteConsoleAttendanceCalendar(calendar.id);
  return (
    <DeleteEntryAction
      label="Delete"
      title="Delete this calendar?"
      description={`“${calendar.name}” and its rewards are removed. Collectors never saw it: it has not begun.`}
      deletedTitle="Calendar deleted"
      backTo={back.to}
      remove={remove}
      entryQueryKey={queryKeys.console.detail('attendance-calendars', calendar.id)}
    />
  );
}

/**
 * `/console/attendance-calendars/:id` (admins): the calendar's period, standing and check-ins in the header, the form
 * below. It can change while it runs (days people checked in on must stay in it); it can be deleted until it begins.
 * The form is keyed on what it edits, so after a save it starts again from what the API now holds. Its credit is shown
 * in CYP, so it waits for the CYP unit's decimals too.
 */
export function EditAttendanceCalendar({ id }: { id: string }) {
  const calendar = useConsoleAttendanceCalendar(id);
  const zone = useAttendanceTimeZone();
  const cypUnit = useCypUnit();

  if (calendar.isPending || cypUnit.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the calendar">
        <h1 className="visually-hidden">Loading</h1>
        <Skeleton height="480px" radius="var(--radius-lg)" />
      </div>
    );
  }
  if (calendar.isError && !calendar.data) {
    if (namesNothingHere(calendar.error)) {
      return <ConsoleNotFound title="This calendar is not here" body="It does not exist, or it was deleted." />;
    }
    return (
      <ErrorState
        title="We could not load this calendar"
        error={calendar.error}
        onRetry={() => void calendar.refetch()}
        isRetrying={calendar.isRefetching}
        titleAs="h1"
      />
    );
  }

  if (cypUnit.decimals === undefined) {
    return (
      <ErrorState
        title="We could not load this calendar"
        error={cypUnit.error}
        onRetry={() => void cypUnit.refetch()}
        isRetrying={cypUnit.isRefetching}
        titleAs="h1"
      />
    );
  }

  const data = calendar.data;
  const cypDecimals = cypUnit.decimals;
  const today = zone.data?.today;
  const checkIns = `${formatCount(data.checkInCount)} ${data.checkInCount === 1 ? 'check-in' : 'check-ins'}`;
  return (
    <>
      <ConsoleHeader
        back={back}
        title={data.name}
        description={`${periodSummary(data)} · ${checkIns}. ${timeZoneSentence(data.timeZone, today)}`}
        actions={
          <div className={publicationStyles.actions}>
            <CalendarPhaseBadge calendar={data} today={today} />
            {today && calendarPhase(data, today) === 'UPCOMING' ? <DeleteCalendar calendar={data} /> : null}
          </div>
        }
      />
      {data.checkInCount > 0 ? (
        <Alert tone="info">
          People have checked in on this calendar: the days they checked in on stay in it, with the rewards they got.
        </Alert>
      ) : null}
      <AttendanceCalendarForm
        calendar={data}
        timeZone={data.timeZone}
        today={today}
        cypDecimals={cypDecimals}
        key={JSON.stringify(attendanceCalendarFormValues(data, cypDecimals))}
      />
    </>
  );
}
