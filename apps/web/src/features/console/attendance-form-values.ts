import {
  attendanceMessages,
  MAX_CALENDAR_DAYS,
  MAX_STREAK_BONUSES,
  MAX_STREAK_DAYS,
  ZAttendanceCalendarRequest,
  type TConsoleAttendanceCalendar,
} from '@cypher/contract';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { formThenRequest } from './form-values.ts';
import { requiredWholeNumber } from './drop-form-values.ts';
import { emptyGrant, grantFieldOf, grantFormSchema, grantFormValues, toGrantRequest } from './grant-form-values.ts';

/**
 * The reward calendar form. Its fields carry the request's names (`dailyReward.count`, `dayRewards.2.date`,
 * `streakBonuses.0.reward.passId`), so the contract's messages (ZAttendanceCalendarRequest, which the API runs too) and
 * the API's field details land under the fields they are about. A first pass checks what was picked, in words; the
 * values then become the request and go through the contract's schema (period, days inside it, each day and each
 * streak length once).
 */

const messages = {
  date: 'Pick a date.',
} as const;

const ZRequiredDate = z.string().refine((value) => value !== '', { error: messages.date });

const requestShape = ZAttendanceCalendarRequest.shape;

function calendarFormShape(cypDecimals: number | undefined) {
  const ZGrantForm = grantFormSchema(cypDecimals);
  return z.object({
    name: requestShape.name,
    startDate: ZRequiredDate,
    endDate: ZRequiredDate,
    dailyReward: ZGrantForm,
    dayRewards: z.array(z.object({ date: ZRequiredDate, reward: ZGrantForm })).max(MAX_CALENDAR_DAYS),
    streakBonuses: z
      .array(
        z.object({
          streakDays: requiredWholeNumber(2, MAX_STREAK_DAYS, attendanceMessages.streakDays),
          reward: ZGrantForm,
        }),
      )
      .max(MAX_STREAK_BONUSES),
  });
}

type TCalendarFormShape = z.output<ReturnType<typeof calendarFormShape>>;

function toRequest(values: TCalendarFormShape): z.input<typeof ZAttendanceCalendarRequest> {
  return {
    name: values.name,
    startDate: values.startDate,
    endDate: values.endDate,
    dailyReward: toGrantRequest(values.dailyReward),
    dayRewards: values.dayRewards.map((day) => ({ date: day.date, reward: toGrantRequest(day.reward) })),
    streakBonuses: values.streakBonuses.map((bonus) => ({
      streakDays: bonus.streakDays ?? 0,
      reward: toGrantRequest(bonus.reward),
    })),
  };
}

/** The form's schema, for the CYP unit's decimals (a credit is typed in CYP and sent in minor units). */
export function attendanceCalendarFormSchema(cypDecimals: number | undefined) {
  return formThenRequest(calendarFormShape(cypDecimals), toRequest, ZAttendanceCalendarRequest);
}

type TAttendanceCalendarFormSchema = ReturnType<typeof attendanceCalendarFormSchema>;
export type TAttendanceCalendarFormValues = z.input<TAttendanceCalendarFormSchema>;
export type TAttendanceCalendarFormApi = UseFormReturn<
  TAttendanceCalendarFormValues,
  unknown,
  z.output<TAttendanceCalendarFormSchema>
>;

/** A saved calendar as the form shows it (credit in CYP with the unit's `cypDecimals`), or an empty one. */
export function attendanceCalendarFormValues(
  calendar: TConsoleAttendanceCalendar | undefined,
  cypDecimals: number,
): TAttendanceCalendarFormValues {
  if (!calendar) {
    return {
      name: '',
      startDate: '',
      endDate: '',
      dailyReward: emptyGrant(),
      dayRewards: [],
      streakBonuses: [],
    };
  }
  return {
    name: calendar.name,
    startDate: calendar.startDate,
    endDate: calendar.endDate,
    dailyReward: grantFormValues(calendar.dailyReward, cypDecimals),
    dayRewards: calendar.dayRewards.map((day) => ({
      date: day.date,
      reward: grantFormValues(day.reward, cypDecimals),
    })),
    streakBonuses: calendar.streakBonuses.map((bonus) => ({
      streakDays: bonus.streakDays,
      reward: grantFormValues(bonus.reward, cypDecimals),
    })),
  };
}

const topFields = ['name', 'startDate', 'endDate'];

/**
 * Where one of the API's field details belongs in the form: a grant's (`dailyReward.count`,
 * `dayRewards.2.reward.passId`) under that grant's field, a day's date or a streak's length under it, the rest under
 * the field of the same name; undefined when the form has no such field.
 */
export function attendanceFieldOf(field: string): string | undefined {
  if (topFields.includes(field)) return field;
  const daily = /^dailyReward(?:\.(.+))?$/.exec(field);
  if (daily) return grantFieldOf('dailyReward', daily[1]);
  const row = /^(dayRewards|streakBonuses)\.(\d+)(?:\.(.+))?$/.exec(field);
  if (!row) return undefined;
  const [, list, index, rest] = row;
  const prefix = `${list}.${Number(index)}`;
  if (rest === 'date' && list === 'dayRewards') return `${prefix}.date`;
  if (rest === 'streakDays' && list === 'streakBonuses') return `${prefix}.streakDays`;
  const reward = /^reward(?:\.(.+))?$/.exec(rest ?? '');
  return reward ? grantFieldOf(`${prefix}.reward`, reward[1]) : undefined;
}
