import type { TDropReminder, TDropReminderRequest } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { newId } from '../../../lib/ids.ts';
import { verifiedEmailOf } from '../../users/verified-emails.ts';
import type { TPublicDropParts, TPublicPolicy } from '../public-drop.ts';
import { dropReminders } from './drop-reminders.tables.ts';
import { reminderRefusal, roundsNotOpenYet, type TReminderPerson, type TReminderRefusal } from './reminder-rounds.ts';
import { SEND_DROP_REMINDERS_AT_OPENING_JOB } from './send-due-drop-reminders.ts';

/**
 * Route: POST /v1/drops/{id}/reminders · Writes: drop_reminders · Reads: sale_policy_whitelist, users (verified
 * address), a raffle round's draw and the caller's entry (reminder-rounds.ts) · UI:
 * features/drops/components/drop-reminder.tsx · Tests: drop-reminders.test.ts.
 *
 * "Remind me" on a round not open yet: the one asked for, or the next one the caller may buy in. One row per person
 * and round however many requests arrive at once: the insert does nothing on the unique key, and the answer says
 * whether this request made it (201) or found it (200). A whitelist round takes only people whose verified address
 * is on its list (REMINDER_NOT_WHITELISTED); a raffle round whose draw is held, only its winners, the ones who buy when
 * it opens (RAFFLE_NOT_A_WINNER); any reminder needs a verified address, the one it will be emailed to.
 *
 * The every-minute job would find it at the opening anyway; a job queued for the opening itself (one per round, the
 * queue's singleton key) tells people on the second. Failing to queue it loses nothing but those seconds.
 */
export async function setDropReminder(
  { db, jobs }: { db: Db; jobs: JobQueue },
  drop: TPublicDropParts,
  userId: string,
  request: TDropReminderRequest,
  now: Date,
): Promise<{ reminder: TDropReminder; isCreated: boolean }> {
  const email = await verifiedEmailOf(db, userId);
  if (!email) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  const policy = await roundToRemind(db, drop, request.policyId, { userId, email }, now);
  const [created] = await db
    .insert(dropReminders)
    .values({ id: newId(), userId, dropId: drop.id, policyId: policy.id, dueAt: policy.saleBeginAt, createdAt: now })
    .onConflictDoNothing({ target: [dropReminders.userId, dropReminders.policyId] })
    .returning({ id: dropReminders.id });
  if (created) {
    await jobs
      .send(SEND_DROP_REMINDERS_AT_OPENING_JOB, {}, { startAfter: policy.saleBeginAt, singletonKey: policy.id })
      .catch(() => null);
  }
  return {
    reminder: { policyId: policy.id, round: policy.round, saleBeginAt: policy.saleBeginAt.toISOString(), isSet: true },
    isCreated: created !== undefined,
  };
}

async function roundToRemind(
  db: Db,
  drop: TPublicDropParts,
  policyId: string | undefined,
  person: TReminderPerson,
  now: Date,
): Promise<TPublicPolicy> {
  const notOpenYet = roundsNotOpenYet(drop, now);
  if (policyId) {
    const policy = drop.policies.find((candidate) => candidate.id === policyId);
    if (!policy && drop.giftRound?.id === policyId) throw new AppError('GIFT_ROUND_NOT_FOR_SALE');
    if (!policy) throw new AppError('ROUND_NOT_FOUND');
    if (!notOpenYet.includes(policy)) throw new AppError('REMINDER_ROUND_NOT_UPCOMING');
    const refusal = await reminderRefusal(db, policy, person, now);
    if (refusal) throw new AppError(refusal);
    return policy;
  }
  if (notOpenYet.length === 0) throw new AppError('REMINDER_ROUND_NOT_UPCOMING');
  // The next round the person may buy in; with none, why not the first of them.
  let firstRefusal: TReminderRefusal | null = null;
  for (const policy of notOpenYet) {
    const refusal = await reminderRefusal(db, policy, person, now);
    if (!refusal) return policy;
    firstRefusal ??= refusal;
  }
  throw new AppError(firstRefusal ?? 'REMINDER_NOT_WHITELISTED');
}
