import {
  addDays,
  MAX_CALENDAR_DAYS,
  MAX_STREAK_BONUSES,
  MAX_STREAK_DAYS,
  type TConsoleAttendanceCalendar,
} from '@cypher/contract';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Field } from '../../../ui/field.tsx';
import { CountInput, Input } from '../../../ui/input.tsx';
import type { TAttendanceCalendarFormApi } from '../attendance-form-values.ts';
import { formatLocalDate } from '../attendance-dates.ts';
import { numberOrNull } from '../form-values.ts';
import { emptyGrant } from '../grant-form-values.ts';
import { GrantFields } from './grant-fields.tsx';
import { EditableRow, RowsCard } from './rows-editor.tsx';
import styles from './grants.module.css';

interface RewardRowsProps {
  form: TAttendanceCalendarFormApi;
  saved: TConsoleAttendanceCalendar | undefined;
}

const hidden = (text: string) => <span className="visually-hidden">{text}</span>;

/** Days with a reward of their own instead of the daily one: a date in the period and what it gives. */
export function DayRewardsEditor({ form, saved }: RewardRowsProps) {
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'dayRewards' });
  const [startDate, endDate, days] = useWatch({ control, name: ['startDate', 'endDate', 'dayRewards'] });
  const isFull = fields.length >= MAX_CALENDAR_DAYS;

  /** The first day of the period without a reward of its own yet, as a start. */
  function nextFreeDay(): string {
    if (!startDate) return '';
    const taken = new Set(days.map((day) => day.date));
    for (let offset = 0; offset < MAX_CALENDAR_DAYS; offset += 1) {
      const date = addDays(startDate, offset);
      if (endDate && date > endDate) break;
      if (!taken.has(date)) return date;
    }
    return '';
  }

  return (
    <RowsCard
      id="calendar-days"
      title="Days with their own reward"
      hint="A day listed here gives its own reward instead of the daily one, such as something special on the last day."
      rows={fields.map((field, index) => {
        const date = days[index]?.date;
        const label = date ? formatLocalDate(date) : `Day ${index + 1}`;
        return (
          <EditableRow key={field.id} title={label} target={label} onRemove={() => remove(index)}>
            <div className={styles.rowFields}>
              <Field
                label={<>Date{hidden(` (${label})`)}</>}
                error={formState.errors.dayRewards?.[index]?.date?.message}
                isRequired
                className={styles.dateField}
              >
                {(props) => (
                  <Input
                    {...props}
                    type="date"
                    min={startDate || undefined}
                    max={endDate || undefined}
                    {...register(`dayRewards.${index}.date`)}
                  />
                )}
              </Field>
              <GrantFields
                control={control}
                name={`dayRewards.${index}.reward`}
                context={label}
                saved={saved?.dayRewards.find((day) => day.date === date)?.reward}
              />
            </div>
          </EditableRow>
        );
      })}
      addLabel="Add a day"
      onAdd={() => append({ date: nextFreeDay(), reward: emptyGrant() })}
      isFull={isFull}
      tally={fields.length === 0 ? 'None: every day gives the daily reward.' : `${fields.length} of the period’s days`}
    />
  );
}

/** Bonuses for a streak reaching a length: given with the check-in that makes the streak that long. */
export function StreakBonusesEditor({ form, saved }: RewardRowsProps) {
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'streakBonuses' });
  const bonuses = useWatch({ control, name: 'streakBonuses' });
  const isFull = fields.length >= MAX_STREAK_BONUSES;
  const nextLength = () => Math.min(MAX_STREAK_DAYS, Math.max(6, ...bonuses.map((bonus) => bonus.streakDays ?? 0)) + 1);

  return (
    <RowsCard
      id="calendar-streaks"
      title="Streak bonuses"
      hint="Given on top of the day’s reward by the check-in that makes a streak this long. A streak counts days in a row across calendars and months, and starts again after a missed day."
      rows={fields.map((field, index) => {
        const length = bonuses[index]?.streakDays;
        const label = `Bonus ${index + 1}`;
        return (
          <EditableRow
            key={field.id}
            title={length ? `${length} days in a row` : label}
            ariaLabel={length ? `${label}: ${length} days in a row` : label}
            target={label}
            onRemove={() => remove(index)}
          >
            <div className={styles.rowFields}>
              <Field
                label={<>Streak{hidden(` (${label})`)}</>}
                hint={`Days in a row, 2 to ${MAX_STREAK_DAYS}.`}
                error={formState.errors.streakBonuses?.[index]?.streakDays?.message}
                isRequired
                className={styles.dateField}
              >
                {(props) => (
                  <CountInput
                    {...props}
                    min={2}
                    max={MAX_STREAK_DAYS}
                    {...register(`streakBonuses.${index}.streakDays`, { setValueAs: numberOrNull })}
                  />
                )}
              </Field>
              <GrantFields
                control={control}
                name={`streakBonuses.${index}.reward`}
                context={label}
                saved={saved?.streakBonuses.find((bonus) => bonus.streakDays === length)?.reward}
              />
            </div>
          </EditableRow>
        );
      })}
      addLabel="Add a bonus"
      onAdd={() => append({ streakDays: nextLength(), reward: emptyGrant() })}
      isFull={isFull}
      tally={
        isFull
          ? `A calendar has at most ${MAX_STREAK_BONUSES} streak bonuses.`
          : `${fields.length} of ${MAX_STREAK_BONUSES} bonuses`
      }
    />
  );
}
