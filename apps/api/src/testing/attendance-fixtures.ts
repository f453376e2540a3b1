import { expect } from 'vitest';
import type { TGrantRequest } from '@cypher/contract';
import { localDateOf } from '../modules/attendance/attendance-days.ts';
import { bearer } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/**
 * A check-in calendar of one day, today in the app's attendance time zone, made in the console as an operator makes
 * it: for tests whose point is a check-in, not the calendar. Answers the day.
 */
export async function calendarForToday(
  t: TestApp,
  operatorToken: string,
  calendar: { name: string; dailyReward: TGrantRequest },
): Promise<string> {
  const today = localDateOf(t.clock.now(), t.deps.config.attendance.timeZone);
  const made = await t.app.inject({
    method: 'POST',
    url: '/v1/console/attendance-calendars',
    headers: bearer(operatorToken),
    payload: { ...calendar, startDate: today, endDate: today },
  });
  expect(made.statusCode, made.body).toBe(201);
  return today;
}
