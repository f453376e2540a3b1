import { and, between, desc, eq, sql } from 'drizzle-orm';
import {
  addDays,
  daysBetween,
  type TAttendanceCheckIn,
  type TAttendanceDay,
  type TAttendanceRewards,
  type TAttendanceToday,
  type TAttendanceTodayV2,
  type TPage,
  type TPageQuery,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { resolveGrants } from '../grants/grant-views.ts';
import { grantsLeft } from '../grants/grants-left.ts';
import { findAccountById } from '../users/accounts.ts';
import { calendarCovering, rewardOfDay, streakBonusesOf } from './attendance-calendar-rules.ts';
import { localDateOf, startOfNextLocalDay } from './attendance-days.ts';
import { calendarSummaryOf, checkInViewsOf } from './attendance-views.ts';
import { attendanceCheckIns, type TAttendanceCheckInRow } from './attendance.tables.ts';

/*
 * Route: GET /v2/attendance/rewards, GET /v1/attendance/today, GET /v2/attendance/today, GET /v1/attendance,
 * GET /v1/attendance/{id} (attendance.routes.ts) · Reads: attendance_calendars, attendance_check_ins, what grants
 * name (grants/grant-views.ts) and whether today's are left to give (grants/grants-left.ts) · Writes: nothing · UI:
 * features/attendance (/tickets/attendance) · Tests: attendance.test.ts.
 */

type TReadContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const wordingOf = (ctx: TReadContext) => ({ cypMinorUnits: ctx.config.wallet.cypMinorUnits });

/** The calendar day (in the attendance time zone) on which the person's account was made. */
async function joinedOnOf(db: Db, userId: string, timeZone: string): Promise<string | null> {
  const account = await findAccountById(db, userId);
  return account ? localDateOf(account.createdAt, timeZone) : null;
}

/**
 * A person's standing today: today's check-in if done, and the streak alive now: today's once checked in, else the one
 * ending yesterday (a day missed leaves none: 0).
 */
async function standingOf(
  db: Db,
  userId: string,
  today: string,
): Promise<{ todayCheckIn: TAttendanceCheckInRow | null; streak: number }> {
  const rows = await db
    .select()
    .from(attendanceCheckIns)
    .where(and(eq(attendanceCheckIns.userId, userId), between(attendanceCheckIns.day, addDays(today, -1), today)));
  const todayCheckIn = rows.find((row) => row.day === today) ?? null;
  const yesterday = rows.find((row) => row.day === addDays(today, -1));
  return { todayCheckIn, streak: todayCheckIn?.streak ?? yesterday?.streak ?? 0 };
}

/** `GET /v2/attendance/rewards`: the calendar covering today, each day's reward, the bonuses, and my state. */
export async function getAttendanceRewards(
  ctx: TReadContext,
  viewerUserId: string | null,
): Promise<TAttendanceRewards> {
  const { timeZone } = ctx.config.attendance;
  const today = localDateOf(ctx.clock.now(), timeZone);
  const calendar = await calendarCovering(ctx.db, today);
  const standing = viewerUserId ? await standingOf(ctx.db, viewerUserId, today) : null;
  if (!calendar) {
    return { timeZone, today, calendar: null, me: standing ? { streak: standing.streak, checkedInDays: 0 } : null };
  }
  const dates = Array.from({ length: daysBetween(calendar.startDate, calendar.endDate) + 1 }, (_, n) =>
    addDays(calendar.startDate, n),
  );
  const bonuses = streakBonusesOf(calendar);
  const resolved = await resolveGrants(
    ctx.db,
    [...dates.map((date) => rewardOfDay(calendar, date)), ...bonuses.map((bonus) => bonus.reward)],
    wordingOf(ctx),
  );
  const checkedIn = new Map(
    viewerUserId
      ? (
          await ctx.db
            .select({ id: attendanceCheckIns.id, day: attendanceCheckIns.day })
            .from(attendanceCheckIns)
            .where(
              and(
                eq(attendanceCheckIns.userId, viewerUserId),
                between(attendanceCheckIns.day, calendar.startDate, calendar.endDate),
              ),
            )
        ).map((row) => [row.day, row.id])
      : [],
  );
  // The days before someone had an account were nobody's to miss: they have no state, as a visitor's days.
  const joinedOn = viewerUserId ? await joinedOnOf(ctx.db, viewerUserId, timeZone) : null;
  const days = dates.map((date, index): TAttendanceDay => {
    const checkInId = checkedIn.get(date) ?? null;
    let state: TAttendanceDay['state'] = null;
    if (viewerUserId && (checkInId || !joinedOn || date >= joinedOn)) {
      if (checkInId) state = 'CHECKED_IN';
      else if (date < today) state = 'MISSED';
      else state = date === today ? 'TODAY' : 'UPCOMING';
    }
    return { date, reward: resolved[index]!.view, state, checkInId };
  });
  return {
    timeZone,
    today,
    calendar: {
      ...calendarSummaryOf(calendar),
      days,
      streakBonuses: bonuses.map((bonus, index) => ({
        streakDays: bonus.streakDays,
        reward: resolved[dates.length + index]!.view,
      })),
    },
    me: standing ? { streak: standing.streak, checkedInDays: checkedIn.size } : null,
  };
}

/** `GET /v1/attendance/today`: checked in today or not, the streak, today's reward. */
export async function getAttendanceToday(ctx: TReadContext, userId: string): Promise<TAttendanceToday> {
  return (await todayOf(ctx, userId)).view;
}

/** `GET /v2/attendance/today`: the same, with the time zone, the next day's start, the check-in and the next bonus. */
export async function getAttendanceTodayV2(ctx: TReadContext, userId: string): Promise<TAttendanceTodayV2> {
  const { view, calendar, todayCheckIn } = await todayOf(ctx, userId);
  const { timeZone } = ctx.config.attendance;
  const wording = wordingOf(ctx);
  const [checkIn] = todayCheckIn ? await checkInViewsOf(ctx.db, [todayCheckIn], wording) : [];
  const next = calendar ? streakBonusesOf(calendar).find((bonus) => bonus.streakDays >= view.streak + 1) : undefined;
  const [nextReward] = next ? await resolveGrants(ctx.db, [next.reward], wording) : [];
  const [isNextRewardLeft] = next ? await grantsLeft(ctx.db, [next.reward], ctx.clock.now()) : [];
  return {
    ...view,
    timeZone,
    nextDayStartsAt: startOfNextLocalDay(view.date, timeZone).toISOString(),
    calendar: calendar ? calendarSummaryOf(calendar) : null,
    checkIn: checkIn ?? null,
    nextStreakBonus:
      next && nextReward
        ? { streakDays: next.streakDays, reward: nextReward.view, isRewardLeft: isNextRewardLeft ?? true }
        : null,
  };
}

/** Today as both versions answer it (`view`, v1's whole answer), with the calendar and check-in v2 goes on from. */
async function todayOf(ctx: TReadContext, userId: string) {
  const now = ctx.clock.now();
  const today = localDateOf(now, ctx.config.attendance.timeZone);
  const [calendar, standing] = await Promise.all([calendarCovering(ctx.db, today), standingOf(ctx.db, userId, today)]);
  const grant = calendar ? rewardOfDay(calendar, today) : null;
  const [reward] = grant ? await resolveGrants(ctx.db, [grant], wordingOf(ctx)) : [];
  // Asked of the same supply, by the same conditions, as the check-in's delivery, so the page can say before the
  // check-in what the delivery would otherwise record as OUT_OF_STOCK after it.
  const [isRewardLeft] = grant ? await grantsLeft(ctx.db, [grant], now) : [];
  const view: TAttendanceToday = {
    date: today,
    isCheckedIn: standing.todayCheckIn !== null,
    streak: standing.streak,
    reward: reward?.view ?? null,
    isRewardLeft: isRewardLeft ?? true,
  };
  return { view, calendar, todayCheckIn: standing.todayCheckIn };
}

/** `GET /v1/attendance/{id}`: one of my check-ins; someone else's is not found, as an unknown one is. */
export async function getCheckIn(ctx: TReadContext, userId: string, id: string): Promise<TAttendanceCheckIn> {
  const [row] = await ctx.db
    .select()
    .from(attendanceCheckIns)
    .where(and(eq(attendanceCheckIns.id, id), eq(attendanceCheckIns.userId, userId)));
  if (!row) throw new AppError('ATTENDANCE_NOT_FOUND');
  const [view] = await checkInViewsOf(ctx.db, [row], wordingOf(ctx));
  return view!;
}

/** `GET /v1/attendance`: my check-ins, newest first, with what each gave. */
export async function listMyCheckIns(
  ctx: TReadContext,
  userId: string,
  query: TPageQuery,
): Promise<TPage<TAttendanceCheckIn>> {
  const rows = await ctx.db
    .select()
    .from(attendanceCheckIns)
    .where(eq(attendanceCheckIns.userId, userId))
    .orderBy(desc(attendanceCheckIns.day))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(attendanceCheckIns)
    .where(eq(attendanceCheckIns.userId, userId));
  return {
    items: await checkInViewsOf(ctx.db, rows, wordingOf(ctx)),
    page: query.page,
    size: query.size,
    total: count?.n ?? 0,
  };
}
