import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TGrantRequest } from '@cypher/contract';
import { timestamptz } from '../../db/columns.ts';
import { users } from '../users/users.tables.ts';

/**
 * A reward calendar (issue 20): a period of days, as dates in the configured time zone (ATTENDANCE_TIME_ZONE), the
 * reward of every day (`daily_reward`, or a day's own in `day_rewards`) and the bonuses for streaks reaching a length.
 * Rewards are grants kept as the contract's JSON (ZGrantRequest) and read back through it. Calendars never overlap
 * (checked by the console's write under a table lock), so a day has at most one.
 */
export const attendanceCalendars = pgTable(
  'attendance_calendars',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    dailyReward: jsonb('daily_reward').$type<TGrantRequest>().notNull(),
    dayRewards: jsonb('day_rewards').$type<{ date: string; reward: TGrantRequest }[]>().notNull(),
    streakBonuses: jsonb('streak_bonuses').$type<{ streakDays: number; reward: TGrantRequest }[]>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('attendance_calendars_period_idx').on(table.startDate, table.endDate),
    check('attendance_calendars_period_check', sql`${table.startDate} <= ${table.endDate}`),
  ],
);
export type TAttendanceCalendarRow = typeof attendanceCalendars.$inferSelect;

/**
 * One check-in: a person's day. (person, day) is unique, so however many check-ins arrive at once one row is
 * inserted and the rest find it (ON CONFLICT DO NOTHING): one reward per person per day. `streak` is the number of
 * consecutive days ending on this one, written with the row from the day before's (1 without one), so a streak
 * carries over a calendar's end and starts again after a day missed.
 */
export const attendanceCheckIns = pgTable(
  'attendance_check_ins',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => attendanceCalendars.id, { onDelete: 'restrict' }),
    streak: integer('streak').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('attendance_check_ins_person_day_key').on(table.userId, table.day),
    index('attendance_check_ins_calendar_idx').on(table.calendarId, table.day),
    check('attendance_check_ins_streak_check', sql`${table.streak} >= 1`),
  ],
);
export type TAttendanceCheckInRow = typeof attendanceCheckIns.$inferSelect;
