import { eq, inArray, sql } from 'drizzle-orm';
import type { EmailBrand } from '../../../adapters/mail/email-layout.ts';
import type { Mailer } from '../../../adapters/mail/mail.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { sqlArray } from '../../../db/sql-arrays.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { MINUTE_MS, type Clock } from '../../../lib/clock.ts';
import { insertNotificationsSql } from '../../notifications/notification-fragments.ts';
import { purchaseWindowsEndAt } from '../../raffles/raffle-windows.ts';
import { verifiedEmailsByIds } from '../../users/verified-emails.ts';
import { drops, salePolicies } from '../drops.tables.ts';
import { waitingRooms } from '../waiting-room/waiting-room.tables.ts';
import { reminderEmail, reminderNotice, type TRemindedRound } from './reminder-messages.ts';

/*
 * Route: none (job `send-drop-reminders`; POST /dev/drop-reminders/send outside production) · Writes: drop_reminders,
 * notifications (the notifications module's fragment) · Reads: drops, sale_policies, waiting_rooms, a raffle round's
 * purchase window and users' addresses (through their owners) · Sends: email after commit · Tests: send-due-drop-reminders.test.ts, bench `reminders`.
 */

/** The recurring job (every minute) and the one queued for a round's opening; both run sendDueDropReminders. */
export const SEND_DROP_REMINDERS_JOB = 'send-drop-reminders';
export const SEND_DROP_REMINDERS_AT_OPENING_JOB = 'send-drop-reminders-at-opening';

const BATCH_SIZE = 500;
/** A worker that claimed emails and has not recorded them sent after this long is taken for stopped. */
export const EMAIL_LEASE_MS = 10 * MINUTE_MS;
/** Emails handed to the mailer at once, and recorded sent together. */
const EMAIL_CHUNK = 20;
/** A run stops claiming new batches after this long, so it ends inside its minute; the next run goes on. */
const RUN_BUDGET_MS = 45_000;

export interface TReminderSenderDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  brand: EmailBrand;
}

interface TClaimed {
  id: string;
  userId: string;
  policyId: string;
  /** When this run claimed its email (`email_claimed_at`): the run still owns it while the row says the same. */
  claimedAt: Date;
}

/**
 * Route: the recurring job `send-drop-reminders` and the queued `send-drop-reminders-at-opening` (jobs/job-scheduler.ts),
 * and outside production POST /dev/drop-reminders/send · Writes: drop_reminders, notifications · Reads: drops,
 * sale_policies, users (verified addresses) · Tests: send-due-drop-reminders.test.ts.
 *
 * Tells everyone whose round has opened, once (issue 22), in batches, by house rule 7 (record, commit, then send):
 * 1. One transaction per batch claims due reminders not yet sent (FOR UPDATE SKIP LOCKED, so runs side by side on
 *    several instances take different rows), writes their notifications and marks them sent, which also starts the
 *    lease on their emails. A crash before the commit leaves the batch as it was; after it, the notifications are
 *    written once and never again. Every due batch is notified before any email goes out.
 * 2. After those commits, the emails go out a chunk at a time, each chunk recorded `emailed_at` as soon as the mailer
 *    took it. A run that stops in between leaves emails claimed and not recorded; once their lease passes, a later run
 *    claims them again (SKIP LOCKED too) and sends them. An email the stopped run did hand over is sent again under
 *    the same message id (`drop-reminder.<id>`), which the dev mailbox keeps once and mail services de-duplicate on:
 *    the one window left is a provider that ignores the Message-ID, between its answer and our record.
 * `dueBy`: the opening time to send up to (the job: now; the dev route: a time of its choosing).
 */
export async function sendDueDropReminders(
  deps: TReminderSenderDeps,
  options: { dueBy?: Date; batchSize?: number } = {},
): Promise<{ notified: number; emailed: number }> {
  const startedAt = Date.now();
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let notified = 0;
  let emailed = 0;
  for (;;) {
    const stranded = await claimStrandedEmails(deps, batchSize);
    emailed += await sendEmails(deps, stranded);
    if (stranded.length < batchSize) break;
  }
  // Every due batch's notifications first, then the emails: the in-app notice is cheap, and the last person told
  // should not wait behind thousands of emails to others.
  const claimed: (TClaimed & TRemindedRound)[] = [];
  for (;;) {
    const now = deps.clock.now();
    const batch = await notifyDueBatch(deps.db, { now, dueBy: options.dueBy ?? now, batchSize });
    notified += batch.length;
    claimed.push(...batch);
    if (batch.length < batchSize || Date.now() - startedAt > RUN_BUDGET_MS) break;
  }
  emailed += await sendEmails(deps, claimed);
  return { notified, emailed };
}

/** Step 1: one batch's claim, notifications and `sent_at`, in one transaction. */
async function notifyDueBatch(
  db: Db,
  at: { now: Date; dueBy: Date; batchSize: number },
): Promise<(TClaimed & TRemindedRound)[]> {
  return inTransaction(db, async (tx) => {
    const rows = await queryRows<Omit<TClaimed, 'claimedAt'>>(
      tx,
      sql`
        with due as (
          select id from drop_reminders
          where sent_at is null and due_at <= ${at.dueBy.toISOString()}::timestamptz
          order by due_at, id
          limit ${at.batchSize}
          for update skip locked
        )
        update drop_reminders r
        set sent_at = ${at.now.toISOString()}::timestamptz, email_claimed_at = ${at.now.toISOString()}::timestamptz
        from due where r.id = due.id
        returning r.id, r.user_id as "userId", r.policy_id as "policyId"`,
    );
    if (rows.length === 0) return [];
    const rounds = await roundsOf(
      tx,
      rows.map((row) => ({ ...row, claimedAt: at.now })),
    );
    await tx.execute(
      insertNotificationsSql(
        rounds.map((reminder) => {
          const { linkPath, ...notice } = reminderNotice(reminder);
          return {
            userId: reminder.userId,
            kind: 'DROP_REMINDER',
            ...notice,
            linkPath,
            referenceId: reminder.policyId,
            now: at.now,
          };
        }),
      ),
    );
    return rounds;
  });
}

/** Emails claimed by a worker whose lease has passed (it stopped before recording them sent): claimed again here. */
async function claimStrandedEmails(
  deps: TReminderSenderDeps,
  batchSize: number,
): Promise<(TClaimed & TRemindedRound)[]> {
  const now = deps.clock.now();
  const leaseEndedBefore = new Date(now.getTime() - EMAIL_LEASE_MS);
  const claimed = await queryRows<Omit<TClaimed, 'claimedAt'>>(
    deps.db,
    sql`
      with stranded as (
        select id from drop_reminders
        where sent_at is not null and emailed_at is null
          and email_claimed_at <= ${leaseEndedBefore.toISOString()}::timestamptz
        order by email_claimed_at, id
        limit ${batchSize}
        for update skip locked
      )
      update drop_reminders r set email_claimed_at = ${now.toISOString()}::timestamptz
      from stranded where r.id = stranded.id
      returning r.id, r.user_id as "userId", r.policy_id as "policyId"`,
  );
  return claimed.length === 0
    ? []
    : roundsOf(
        deps.db,
        claimed.map((row) => ({ ...row, claimedAt: now })),
      );
}

/** Each claimed reminder with its drop's name and round (one read for the batch). */
async function roundsOf(db: Db, claimed: readonly TClaimed[]): Promise<(TClaimed & TRemindedRound)[]> {
  const policyIds = [...new Set(claimed.map((reminder) => reminder.policyId))];
  const rows = await db
    .select({
      policyId: salePolicies.id,
      round: salePolicies.round,
      whitelistName: salePolicies.whitelistName,
      saleBeginAt: salePolicies.saleBeginAt,
      saleEndAt: salePolicies.saleEndAt,
      hasWaitingRoom: sql<boolean>`${waitingRooms.policyId} is not null`,
      dropId: drops.id,
      dropName: drops.name,
    })
    .from(salePolicies)
    .innerJoin(drops, eq(drops.id, salePolicies.dropId))
    .leftJoin(waitingRooms, eq(waitingRooms.policyId, salePolicies.id))
    .where(inArray(salePolicies.id, policyIds));
  const byPolicy = new Map(rows.map((row) => [row.policyId, row]));
  const raffleWindowsEndAt = await purchaseWindowsEndAt(db, rows);
  return claimed.map((reminder) => {
    const round = byPolicy.get(reminder.policyId)!;
    return {
      ...reminder,
      dropId: round.dropId,
      dropName: round.dropName,
      round: round.round,
      isWhitelist: round.whitelistName !== null,
      raffleWindowEndsAt: raffleWindowsEndAt.get(round.policyId) ?? null,
      hasWaitingRoom: round.hasWaitingRoom,
    };
  });
}

/**
 * Step 2, after commit: the emails of claimed reminders, a chunk at a time, each chunk recorded as soon as the mailer
 * took it. A reminder without a verified address (an account erased since) has nothing to send and is recorded done.
 * An email the mailer refuses stays claimed: its lease passes and a later run tries again. Before each chunk the run
 * renews the lease of the emails it still owns and sends only those: a run whose sending outlasts the lease (200,000
 * reminders through a slow relay) would otherwise send again everything another run took over meanwhile.
 */
async function sendEmails(deps: TReminderSenderDeps, claimed: readonly (TClaimed & TRemindedRound)[]): Promise<number> {
  if (claimed.length === 0) return 0;
  const addresses = await verifiedEmailsByIds(
    deps.db,
    claimed.map((reminder) => reminder.userId),
  );
  let sent = 0;
  for (let start = 0; start < claimed.length; start += EMAIL_CHUNK) {
    const chunk = await stillClaimed(deps, claimed.slice(start, start + EMAIL_CHUNK));
    const outcomes = await Promise.allSettled(
      chunk.map(async (reminder) => {
        const to = addresses.get(reminder.userId);
        if (to) await deps.mailer.sendEmail(reminderEmail(deps.brand, to, reminder, reminder.id));
        return to !== undefined;
      }),
    );
    const done = chunk.filter((_, index) => outcomes[index]!.status === 'fulfilled');
    sent += outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value).length;
    if (done.length > 0) {
      await deps.db.execute(sql`
        update drop_reminders set emailed_at = ${deps.clock.now().toISOString()}::timestamptz
        where id = any(${sqlArray(done.map((reminder) => reminder.id))}::uuid[]) and emailed_at is null`);
    }
  }
  return sent;
}

/** The reminders of `chunk` whose emails are still this run's and unsent, their lease renewed from now. */
async function stillClaimed<T extends TClaimed>(deps: TReminderSenderDeps, chunk: readonly T[]): Promise<T[]> {
  const renewed = await queryRows<{ id: string }>(
    deps.db,
    sql`
      update drop_reminders r set email_claimed_at = ${deps.clock.now().toISOString()}::timestamptz
      from unnest(
        ${sqlArray(chunk.map((reminder) => reminder.id))}::uuid[],
        ${sqlArray(chunk.map((reminder) => reminder.claimedAt.toISOString()))}::timestamptz[]
      ) as mine(id, claimed_at)
      where r.id = mine.id and r.email_claimed_at = mine.claimed_at and r.emailed_at is null
      returning r.id`,
  );
  const owned = new Set(renewed.map((row) => row.id));
  return chunk.filter((reminder) => owned.has(reminder.id));
}
