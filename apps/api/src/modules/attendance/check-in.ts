import { sql } from 'drizzle-orm';
import type { TAttendanceCheckIn } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/app-error.ts';
import { replayOrRefuse, runWithIdempotencyKey, type TIdempotentRequest } from '../../http/idempotency.ts';
import { newId } from '../../lib/ids.ts';
import { deliverGrant } from '../grants/deliver-grants.ts';
import { assertAccountOpen } from '../users/people.ts';
import { verifiedEmailOf } from '../users/verified-emails.ts';
import { calendarCovering, rewardOfDay, streakBonusOf } from './attendance-calendar-rules.ts';
import { localDateOf } from './attendance-days.ts';
import { checkInViewsOf } from './attendance-views.ts';
import { advisoryLockClasses } from '../../db/advisory-locks.ts';

/*
 * Route: POST /v1/attendance (an Idempotency-Key, if sent, replays the first answer) · Writes: attendance_check_ins,
 * and through grants/deliver-grants.ts grant_deliveries, the ledger, ticket movements, pass units or editions, and
 * notifications; idempotency_keys · Reads: attendance_calendars (held FOR KEY SHARE), users (verified email; the row
 * held FOR KEY SHARE, so a deleted account gets nothing) · UI: features/attendance · Tests: attendance.test.ts,
 * attendance-races.test.ts, deletion-reward-races.test.ts.
 *
 * A person checks in for today, the date in the configured time zone now, in one transaction:
 * 1. a calendar must cover today (ATTENDANCE_NOT_OPEN) and the person's email be verified (EMAIL_VERIFICATION_REQUIRED:
 *    rewards are worth money, so an address nobody proved cannot farm them);
 * 2. the check-in row is inserted with ON CONFLICT DO NOTHING on (person, day): of fifty check-ins at once exactly one
 *    inserts, the others find its row and insert nothing (ATTENDANCE_ALREADY_CHECKED_IN), so there is one reward
 *    whatever the concurrency. Its streak is the day before's plus one, read in the same statement, after a lock on the
 *    person's check-ins, so the day before's is committed when it is read; "today" is read from the clock once that
 *    lock is held, so a person's check-ins are written in the order of their days;
 * 3. the day's reward is delivered, and the calendar's bonus for a streak of that length if it has one, in the same
 *    transaction, so a check-in never exists without its rewards nor rewards without it.
 */
export async function checkIn(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  userId: string,
  idempotent: TIdempotentRequest | null,
): Promise<TAttendanceCheckIn> {
  const now = ctx.clock.now();
  const { timeZone } = ctx.config.attendance;
  const today = localDateOf(now, timeZone);
  try {
    if (!(await verifiedEmailOf(ctx.db, userId))) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
    if (!(await calendarCovering(ctx.db, today))) throw new AppError('ATTENDANCE_NOT_OPEN');
  } catch (refusal) {
    // A retry of a check-in answered before gets that answer, though the calendar may have ended since.
    return (await replayOrRefuse<TAttendanceCheckIn>(ctx.db, userId, idempotent, refusal)).body;
  }
  const answer = await runWithIdempotencyKey<TAttendanceCheckIn>(
    { db: ctx.db, now },
    userId,
    idempotent,
    async (tx) => ({ status: 201, body: await checkInInTransaction(ctx, tx, userId) }),
  );
  return answer.body;
}

async function checkInInTransaction(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  tx: Db,
  userId: string,
): Promise<TAttendanceCheckIn> {
  // The rewards are the person's to keep: a check-in that passed its sign-in check as the deletion job erased them
  // would otherwise credit, or give editions and packs to, the account just deleted. While a deletion request runs,
  // they would stop it: refused then too (users/people.ts).
  await assertAccountOpen(tx, userId);
  // One person's check-ins queue here: one sent a millisecond before midnight and one a millisecond after would
  // otherwise run side by side, and the second, not seeing the first's uncommitted row, would restart the streak.
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockClasses.checkIn}::int, hashtext(${userId}::text))`);
  // The day is the one this check-in holds the queue in, not the one it arrived in: a check-in that arrived before
  // midnight but waited behind one made after it would write the day before under it, after the later day had read
  // no day before and restarted the streak (attendance-races.test.ts).
  const now = ctx.clock.now();
  const today = localDateOf(now, ctx.config.attendance.timeZone);
  // Read again, and held, in the transaction: the rewards delivered are the calendar's as it stands when this commits,
  // not as it was before an operator's fix of them landed (attendance-races.test.ts).
  const calendar = await calendarCovering(tx, today, { isHeldForCheckIn: true });
  if (!calendar) throw new AppError('ATTENDANCE_NOT_OPEN');
  const id = newId();
  const [inserted] = await queryRows<{ streak: number }>(
    tx,
    sql`
      insert into attendance_check_ins (id, user_id, day, calendar_id, streak, created_at)
      values (${id}, ${userId}, ${today}::date, ${calendar.id},
              coalesce((select streak from attendance_check_ins
                        where user_id = ${userId} and day = ${today}::date - 1), 0) + 1,
              ${now.toISOString()}::timestamptz)
      on conflict (user_id, day) do nothing
      returning streak`,
  );
  if (!inserted) throw new AppError('ATTENDANCE_ALREADY_CHECKED_IN');
  const streak = Number(inserted.streak);
  const wording = { cypMinorUnits: ctx.config.wallet.cypMinorUnits };
  await deliverGrant(tx, {
    grant: rewardOfDay(calendar, today),
    occasion: 'ATTENDANCE',
    referenceId: id,
    userIds: [userId],
    notice: {
      title: 'Check-in reward',
      body: (what) => `You checked in for ${streak === 1 ? 'the day' : `day ${streak} in a row`} and received ${what}.`,
    },
    wording,
    now,
  });
  const bonus = streakBonusOf(calendar, streak);
  if (bonus) {
    await deliverGrant(tx, {
      grant: bonus,
      occasion: 'STREAK_BONUS',
      referenceId: id,
      userIds: [userId],
      notice: {
        title: `${streak}-day streak bonus`,
        body: (what) => `You checked in ${streak} days in a row and received ${what}.`,
      },
      wording,
      now,
    });
  }
  const [view] = await checkInViewsOf(
    tx,
    [{ id, userId, day: today, calendarId: calendar.id, streak, createdAt: now }],
    wording,
  );
  return view!;
}
