import { isDeepStrictEqual } from 'node:util';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import {
  attendanceMessages,
  calendarOverlapMessage,
  formatCalendarDate,
  type TAttendanceCalendarRequest,
  type TConsoleAttendanceCalendar,
  type TGrantRequest,
  type TPage,
  type TConsoleAttendanceCalendarListQuery,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../http/entry-version.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { newId } from '../../lib/ids.ts';
import { inAuditedEdit } from '../console/audit/audited-edit.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { checkGrantsForConsole } from '../grants/check-grant.ts';
import { resolveGrants, storedGrant } from '../grants/grant-views.ts';
import { rewardOfDay } from './attendance-calendar-rules.ts';
import { localDateOf } from './attendance-days.ts';
import { attendanceCalendars, type TAttendanceCalendarRow } from './attendance.tables.ts';

/*
 * Route: GET, POST /v1/console/attendance-calendars, GET, PUT, DELETE /v1/console/attendance-calendars/{id} (admins;
 * attendance.routes.ts) · Writes: attendance_calendars, audit_log · Reads: attendance_check_ins, what the rewards name
 * (grants/check-grant.ts) · UI: features/console attendance calendars section · Tests: attendance.test.ts.
 *
 * Calendars are the marketplace's, not a brand's: admins make them. Their rewards are checked like every grant the
 * console stores (each names something that exists), their periods never overlap (the writes queue on a table lock,
 * then look), a new one reaches today, a change may not drop a day someone has checked in on nor change its reward,
 * and only a calendar not begun may be deleted.
 */

type TWriteContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export async function createAttendanceCalendar(
  ctx: TWriteContext,
  operator: Operator | null,
  input: TAttendanceCalendarRequest,
): Promise<TConsoleAttendanceCalendar> {
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    await lockCalendars(tx);
    assertEndsTodayOrLater(ctx, input.endDate);
    await assertCalendarFits(ctx, tx, operator, null, input);
    const [row] = await tx
      .insert(attendanceCalendars)
      .values({ id, ...calendarColumns(input), createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'create',
      entityType: 'attendance_calendar',
      entityId: id,
      before: null,
      after: input,
      at: now,
    });
    return consoleCalendarView(ctx, tx, row!);
  });
}

/** ENTRY_CHANGED when the form was opened on a version of the calendar changed since (`seen`, the request's If-Match). */
export async function updateAttendanceCalendar(
  ctx: TWriteContext,
  operator: Operator,
  id: string,
  input: TAttendanceCalendarRequest,
  seen: TSeenVersion = null,
): Promise<TConsoleAttendanceCalendar> {
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'attendance_calendar', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    await lockCalendars(tx);
    const before = await calendarRowOf(tx, id, { lock: true });
    assertUnchangedSince(seen, before.updatedAt);
    // Ending a calendar early moves its last day back, even before today; moving it later must reach a day to come.
    if (input.endDate > before.endDate) assertEndsTodayOrLater(ctx, input.endDate);
    await assertCalendarFits(ctx, tx, operator, before, input);
    await assertCheckInsKept(tx, before, input);
    const beforeView = await consoleCalendarView(ctx, tx, before);
    const [row] = await tx
      .update(attendanceCalendars)
      .set({ ...calendarColumns(input), updatedAt: nextVersionAt(now, before.updatedAt) })
      .where(eq(attendanceCalendars.id, id))
      .returning();
    return { before: beforeView, after: await consoleCalendarView(ctx, tx, row!) };
  });
}

/**
 * Only a calendar that has not begun (ATTENDANCE_CALENDAR_STARTED): a check-in keeps its calendar, which says what it
 * was for, and a calendar deleted while someone checks in would pull it from under them. One that has begun is ended
 * earlier instead (its end date moved).
 */
export async function deleteAttendanceCalendar(ctx: TWriteContext, operator: Operator, id: string): Promise<void> {
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    await lockCalendars(tx);
    const before = await calendarRowOf(tx, id, { lock: true });
    if (before.startDate <= localDateOf(now, ctx.config.attendance.timeZone)) {
      throw new AppError('ATTENDANCE_CALENDAR_STARTED');
    }
    await tx.delete(attendanceCalendars).where(eq(attendanceCalendars.id, id));
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'delete',
      entityType: 'attendance_calendar',
      entityId: id,
      before,
      after: null,
      at: now,
    });
  });
}

export async function listAttendanceCalendars(
  ctx: TWriteContext,
  query: TConsoleAttendanceCalendarListQuery,
): Promise<TPage<TConsoleAttendanceCalendar>> {
  const covering = and(
    query.coveringTo === undefined ? undefined : sql`${attendanceCalendars.startDate} <= ${query.coveringTo}::date`,
    query.coveringFrom === undefined ? undefined : sql`${attendanceCalendars.endDate} >= ${query.coveringFrom}::date`,
  );
  const rows = await ctx.db
    .select()
    .from(attendanceCalendars)
    .where(covering)
    .orderBy(desc(attendanceCalendars.startDate), desc(attendanceCalendars.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(attendanceCalendars)
    .where(covering);
  const items = [];
  for (const row of rows) items.push(await consoleCalendarView(ctx, ctx.db, row));
  return { items, page: query.page, size: query.size, total: count?.n ?? 0 };
}

export async function getAttendanceCalendar(ctx: TWriteContext, id: string): Promise<TConsoleAttendanceCalendar> {
  return consoleCalendarView(ctx, ctx.db, await calendarRowOf(ctx.db, id));
}

async function calendarRowOf(db: Db, id: string, options: { lock?: boolean } = {}): Promise<TAttendanceCalendarRow> {
  const query = db.select().from(attendanceCalendars).where(eq(attendanceCalendars.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('ATTENDANCE_CALENDAR_NOT_FOUND');
  return row;
}

function calendarColumns(input: TAttendanceCalendarRequest) {
  return {
    name: input.name,
    startDate: input.startDate,
    endDate: input.endDate,
    dailyReward: input.dailyReward,
    dayRewards: [...input.dayRewards].sort((a, b) => (a.date < b.date ? -1 : 1)),
    streakBonuses: [...input.streakBonuses].sort((a, b) => a.streakDays - b.streakDays),
  };
}

/** Every grant the calendar gives, in one list: the daily reward, the days' own, the bonuses. */
/** Each reward of a calendar with where it sits: a key that stays with it through an edit, and its form field. */
function rewardPlaces(calendar: {
  dailyReward: TGrantRequest;
  dayRewards: readonly { date: string; reward: TGrantRequest }[];
  streakBonuses: readonly { streakDays: number; reward: TGrantRequest }[];
}): { key: string; field: string; reward: TGrantRequest }[] {
  return [
    { key: 'daily', field: 'dailyReward', reward: calendar.dailyReward },
    ...calendar.dayRewards.map((day, index) => ({
      key: `day:${day.date}`,
      field: `dayRewards.${index}.reward`,
      reward: day.reward,
    })),
    ...calendar.streakBonuses.map((bonus, index) => ({
      key: `streak:${bonus.streakDays}`,
      field: `streakBonuses.${index}.reward`,
      reward: bonus.reward,
    })),
  ];
}

function grantsOf(calendar: {
  dailyReward: TGrantRequest;
  dayRewards: readonly { reward: TGrantRequest }[];
  streakBonuses: readonly { reward: TGrantRequest }[];
}): TGrantRequest[] {
  return [
    calendar.dailyReward,
    ...calendar.dayRewards.map((day) => day.reward),
    ...calendar.streakBonuses.map((bonus) => bonus.reward),
  ];
}

/**
 * The console's writes queue here, first thing: two writes at once then look one after the other, so two overlapping
 * calendars cannot both find their period free. Reads and check-ins never wait for this lock (it conflicts only with
 * writes to the table).
 */
async function lockCalendars(tx: Db): Promise<void> {
  await tx.execute(sql`lock table attendance_calendars in share row exclusive mode`);
}

/** A calendar made, or lengthened, only for days that have passed would be one no one can check in on. */
function assertEndsTodayOrLater(ctx: TWriteContext, endDate: string): void {
  if (endDate < localDateOf(ctx.clock.now(), ctx.config.attendance.timeZone)) {
    throw new AppError('INVALID_REQUEST', {
      details: [{ field: 'endDate', message: attendanceMessages.endsBeforeToday }],
    });
  }
}

/**
 * What people were given stays what the calendar says: a change keeps every day someone has checked in on
 * (ATTENDANCE_CALENDAR_IN_USE) and that day's reward (ATTENDANCE_CALENDAR_REWARD_GIVEN, naming each day under the
 * field that sets its reward now). Streak bonuses may change: a bonus is earned on the day it is reached.
 */
async function assertCheckInsKept(tx: Db, before: TAttendanceCalendarRow, input: TAttendanceCalendarRequest) {
  const checkedInDays = await queryRows<{ day: string }>(
    tx,
    sql`select distinct day::text as day from attendance_check_ins where calendar_id = ${before.id} order by day`,
  );
  if (checkedInDays.some(({ day }) => day < input.startDate || day > input.endDate)) {
    throw new AppError('ATTENDANCE_CALENDAR_IN_USE');
  }
  const sameGrant = (a: TGrantRequest, b: TGrantRequest) =>
    JSON.stringify(storedGrant(a)) === JSON.stringify(storedGrant(b));
  const details = checkedInDays.flatMap(({ day }) => {
    const ownIndex = input.dayRewards.findIndex((entry) => entry.date === day);
    const rewardNow = ownIndex >= 0 ? input.dayRewards[ownIndex]!.reward : input.dailyReward;
    if (sameGrant(rewardNow, rewardOfDay(before, day))) return [];
    return [
      {
        field: ownIndex >= 0 ? `dayRewards.${ownIndex}.reward` : 'dailyReward',
        message: `People have checked in on ${formatCalendarDate(day)}: its reward stays as it was.`,
      },
    ];
  });
  if (details.length > 0) throw new AppError('ATTENDANCE_CALENDAR_REWARD_GIVEN', { details });
}

/**
 * Its rewards name things that exist (GRANT_ITEM_NOT_FOUND) and no pass over (GRANT_PASS_ENDED, at each reward's
 * field), unless `saved` (the calendar as stored, when edited) gives that very reward in the same place: the daily
 * reward, a day's own by its date, a bonus by its streak length. And no other calendar covers any of its days.
 */
async function assertCalendarFits(
  ctx: TWriteContext,
  tx: Db,
  operator: Operator | null,
  saved: TAttendanceCalendarRow | null,
  input: TAttendanceCalendarRequest,
): Promise<void> {
  const selfId = saved?.id ?? null;
  const places = rewardPlaces(input);
  const savedAt = new Map(saved ? rewardPlaces(saved).map((place) => [place.key, place.reward]) : []);
  await checkGrantsForConsole(
    tx,
    operator,
    places.map((place) => place.reward),
    {
      wording: { cypMinorUnits: ctx.config.wallet.cypMinorUnits },
      now: ctx.clock.now(),
      isKept: (index) => isDeepStrictEqual(savedAt.get(places[index]!.key), places[index]!.reward),
      fieldOf: (index) => places[index]!.field,
    },
  );
  const [other] = await tx
    .select()
    .from(attendanceCalendars)
    .where(
      and(
        sql`${attendanceCalendars.startDate} <= ${input.endDate}::date`,
        sql`${attendanceCalendars.endDate} >= ${input.startDate}::date`,
        selfId ? ne(attendanceCalendars.id, selfId) : undefined,
      ),
    )
    // The earliest is named, under the first day, as the console's own check names it.
    .orderBy(asc(attendanceCalendars.startDate))
    .limit(1);
  if (other) {
    throw new AppError('ATTENDANCE_CALENDAR_OVERLAPS', {
      details: [{ field: 'startDate', message: calendarOverlapMessage(other) }],
    });
  }
}

async function consoleCalendarView(
  ctx: TWriteContext,
  db: Db,
  row: TAttendanceCalendarRow,
): Promise<TConsoleAttendanceCalendar> {
  const stored = {
    dailyReward: storedGrant(row.dailyReward),
    dayRewards: row.dayRewards.map((day) => ({ date: day.date, reward: storedGrant(day.reward) })),
    streakBonuses: row.streakBonuses.map((bonus) => ({
      streakDays: bonus.streakDays,
      reward: storedGrant(bonus.reward),
    })),
  };
  const resolved = await resolveGrants(db, grantsOf(stored), { cypMinorUnits: ctx.config.wallet.cypMinorUnits });
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from attendance_check_ins where calendar_id = ${row.id}`,
  );
  const days = stored.dayRewards.length;
  return {
    id: row.id,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    timeZone: ctx.config.attendance.timeZone,
    dailyReward: resolved[0]!.view,
    dayRewards: stored.dayRewards.map((day, index) => ({ date: day.date, reward: resolved[1 + index]!.view })),
    streakBonuses: stored.streakBonuses.map((bonus, index) => ({
      streakDays: bonus.streakDays,
      reward: resolved[1 + days + index]!.view,
    })),
    checkInCount: Number(count?.n ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
