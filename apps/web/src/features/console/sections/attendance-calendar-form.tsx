import { zodResolver } from '@hookform/resolvers/zod';
import {
  attendanceMessages,
  calendarOverlapMessage,
  DEFAULT_CYP_MINOR_UNITS,
  MAX_CALENDAR_DAYS,
  type TConsoleAttendanceCalendar,
} from '@cypher/contract';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { useToast } from '../../../ui/use-toast.ts';
import { useCreateConsoleAttendanceCalendar } from '../api/create-console-attendance-calendar.ts';
import { listConsoleAttendanceCalendars } from '../api/list-console-attendance-calendars.ts';
import { useUpdateConsoleAttendanceCalendar } from '../api/update-console-attendance-calendar.ts';
import { calendarHaulWords, type TCalendarHaulWords } from '../attendance-calendar-haul.ts';
import {
  attendanceCalendarFormSchema,
  attendanceCalendarFormValues,
  attendanceFieldOf,
  type TAttendanceCalendarFormValues,
} from '../attendance-form-values.ts';
import { DayRewardsEditor, StreakBonusesEditor } from '../components/attendance-reward-rows.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { GrantFields } from '../components/grant-fields.tsx';
import { applyFieldApiError } from '../field-api-errors.ts';
import styles from '../components/console-form.module.css';
import dropStyles from '../components/drops.module.css';
import { FormSection } from '../components/form-section.tsx';
import { entryKey } from '../../../ui/edits-left-behind.ts';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { useCypUnit } from '../use-cyp-unit.ts';
import { ConfirmRequestDialog } from '../components/confirm-request-dialog.tsx';

type TOutput = z.output<ReturnType<typeof attendanceCalendarFormSchema>>;

interface AttendanceCalendarFormProps {
  /** The saved calendar; none for a new one. */
  calendar?: TConsoleAttendanceCalendar;
  /** The attendance time zone, once read: the dates are days there. */
  timeZone: string | undefined;
  /** Today's date in that zone, once read: a calendar's new last day may not be before it. */
  today: string | undefined;
  /** The CYP unit's decimals, once read: credit is typed in CYP with them (a saved calendar waits for them). */
  cypDecimals: number | undefined;
}

/**
 * Create a reward calendar or change it: its name and period (dates in the attendance time zone), the reward every
 * day gives, days with a reward of their own, and streak bonuses. The whole calendar is sent each time (the API
 * replaces it), and the contract's rules show under their fields before anything is sent.
 */
export function AttendanceCalendarForm({ calendar, timeZone, today, cypDecimals }: AttendanceCalendarFormProps) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const create = useCreateConsoleAttendanceCalendar();
  const update = useUpdateConsoleAttendanceCalendar(calendar?.id ?? '', calendar?.updatedAt);
  const resolver = useMemo(() => zodResolver(attendanceCalendarFormSchema(cypDecimals)), [cypDecimals]);
  const form = useForm<TAttendanceCalendarFormValues, unknown, TOutput>({
    resolver,
    // A new calendar holds no credit yet, so it does not wait for the unit; a saved one is shown once it is known.
    defaultValues: attendanceCalendarFormValues(calendar, cypDecimals ?? DEFAULT_CYP_MINOR_UNITS),
  });
  const { markSaved, whileSaving } = useUnsavedChanges(form, 'calendar', {
    entry: calendar ? { key: entryKey('attendance-calendars', calendar.id), version: calendar.updatedAt } : undefined,
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = form;

  // What the operator confirms before a save that sets what people get: a new calendar, or changed rewards or dates.
  const [pending, setPending] = useState<TOutput>();
  const cypUnit = useCypUnit().unit;
  // The saved calendar as a request, to compare the one being sent with (undefined for a new one, or one whose saved
  // values the form's rules would refuse now: those are always confirmed).
  const savedRewards = useMemo(() => {
    if (!calendar) return undefined;
    const saved = attendanceCalendarFormSchema(cypDecimals).safeParse(
      attendanceCalendarFormValues(calendar, cypDecimals ?? DEFAULT_CYP_MINOR_UNITS),
    );
    return saved.success ? rewardsOf(saved.data) : undefined;
  }, [calendar, cypDecimals]);

  // The values as submitted: the save may come after a check with the API and a confirmation.
  const submitted = useRef<TAttendanceCalendarFormValues>(undefined);
  function save(request: TOutput) {
    return whileSaving(async () => {
      try {
        if (!calendar) {
          const created = await create.mutateAsync(request);
          setPending(undefined);
          markSaved({ movingTo: entryKey('attendance-calendars', created.id) });
          showToast({
            tone: 'success',
            title: 'Calendar created',
            description: 'Collectors see it from its first day.',
          });
          void navigate(`/console/attendance-calendars/${created.id}`, { replace: true });
          return;
        }
        await update.mutateAsync(request);
        setPending(undefined);
        markSaved();
        showToast({ tone: 'success', title: 'Changes saved' });
      } catch (error) {
        setPending(undefined);
        applyFieldApiError(error, setError, attendanceFieldOf, { ATTENDANCE_CALENDAR_IN_USE: 'endDate' });
      }
    }, submitted.current);
  }

  const onSubmit = handleSubmit(async (request) => {
    submitted.current = getValues();
    // The API's rules for the period, said before the confirmation rather than after it: a new calendar, or one whose
    // end moves later, ends today or later; and no other calendar has any of its days.
    const movesEnd = !calendar || request.endDate > calendar.endDate;
    if (today && movesEnd && request.endDate < today) {
      setError('endDate', { message: attendanceMessages.endsBeforeToday }, { shouldFocus: true });
      return;
    }
    const other = await otherCalendarCovering(request, calendar?.id);
    if (other) {
      setError('startDate', { message: calendarOverlapMessage(other) }, { shouldFocus: true });
      return;
    }
    if (savedRewards !== undefined && rewardsOf(request) === savedRewards) return save(request);
    setPending(request);
  });
  const isSaving = create.isPending || update.isPending;

  const zoneWords = timeZone ? `days in ${timeZone}` : 'days in the attendance time zone';
  return (
    <EntryForm
      label={calendar ? `Edit ${calendar.name}` : 'New calendar'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <FormSection id="calendar-about" title="Calendar">
        <p className={styles.hint}>
          The first and last day are {zoneWords}, {MAX_CALENDAR_DAYS} days at most, both included. Calendars cannot
          overlap.
        </p>
        <div className={styles.grid}>
          <Field
            label="Name"
            hint="Collectors see it above the calendar."
            error={errors.name?.message}
            isRequired
            className={styles.full}
          >
            {(props) => <Input {...props} maxLength={120} placeholder="e.g. December check-in" {...register('name')} />}
          </Field>
          <Field label="First day" error={errors.startDate?.message} isRequired>
            {(props) => <Input {...props} type="date" {...register('startDate')} />}
          </Field>
          <Field label="Last day" error={errors.endDate?.message} isRequired>
            {(props) => <Input {...props} type="date" {...register('endDate')} />}
          </Field>
        </div>
      </FormSection>

      <FormSection id="calendar-daily" title="Every day">
        <p className={styles.hint}>
          What one check-in gives on a day without a reward of its own.
          {calendar && calendar.checkInCount > 0 ? ' Days people have already checked in on keep their reward.' : ''}
        </p>
        <GrantFields control={control} name="dailyReward" saved={calendar?.dailyReward} />
      </FormSection>

      <DayRewardsEditor form={form} saved={calendar} />
      <StreakBonusesEditor form={form} saved={calendar} />

      <FormActions isSaving={isSaving} cancelTo="/console/attendance-calendars" isNew={!calendar} hasDrafts={false} />

      <ConfirmRequestDialog
        pending={pending}
        isSending={isSaving}
        title={() => (calendar ? 'Save these rewards?' : 'Create this calendar?')}
        description={(request) => calendarHaulWords(request, cypUnit).everyDay}
        details={(request) => (
          <HaulDetails words={calendarHaulWords(request, cypUnit)} hasCheckIns={(calendar?.checkInCount ?? 0) > 0} />
        )}
        confirmLabel={calendar ? 'Save changes' : 'Create calendar'}
        onCancel={() => setPending(undefined)}
        onConfirm={(request) => void save(request)}
      />
    </EntryForm>
  );
}

/**
 * Another calendar with a day of the period, as the list reads now: the earliest, as the API names it (the list is
 * newest first; the message goes under the first day). A period of at most 92 days meets at most 92 calendars, one a
 * day, so one page of 100 holds them all. A list that cannot be read leaves it to the API, which checks again under
 * its lock (ATTENDANCE_CALENDAR_OVERLAPS, shown under the same field).
 */
async function otherCalendarCovering(
  period: { startDate: string; endDate: string },
  selfId: string | undefined,
): Promise<TConsoleAttendanceCalendar | undefined> {
  try {
    const covering = await listConsoleAttendanceCalendars({
      coveringFrom: period.startDate,
      coveringTo: period.endDate,
      size: 100,
    });
    const others = covering.items.filter((other) => other.id !== selfId);
    return others.sort((a, b) => a.startDate.localeCompare(b.startDate))[0];
  } catch {
    return undefined;
  }
}

/** What a save changes for the people checking in (the name aside), to tell whether it needs confirming. */
function rewardsOf({ name: _name, ...rewards }: TOutput): string {
  return JSON.stringify(rewards);
}

/**
 * The bonuses, one a line, and the most credit in all (a calendar may have twenty bonuses); for a calendar people have
 * checked in on, that what they got stands: the figures are the saved calendar's, not what anyone has had.
 */
function HaulDetails({ words, hasCheckIns }: { words: TCalendarHaulWords; hasCheckIns: boolean }) {
  return (
    <>
      {words.bonuses.length > 0 ? (
        <>
          <p className={styles.hint}>
            Streak bonuses come on top. Streaks carry over from before the calendar and start again after a missed day,
            so a bonus can come more than once:
          </p>
          <ul className={dropStyles.publishList} aria-label="Streak bonuses">
            {words.bonuses.map((bonus) => (
              <li key={bonus.streak}>
                <strong>{bonus.streak}:</strong> {bonus.gives}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {words.mostCredit ? (
        <p>
          <strong>{words.mostCredit}</strong>
        </p>
      ) : null}
      {hasCheckIns ? (
        <p className={styles.hint}>
          These are the figures of the calendar as saved now. What people got on the days they checked in stays theirs,
          so someone may already have had a bonus it no longer gives.
        </p>
      ) : null}
    </>
  );
}
