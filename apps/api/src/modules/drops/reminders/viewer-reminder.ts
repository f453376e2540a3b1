import { and, eq, isNull } from 'drizzle-orm';
import type { TDropReminder } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import type { TPublicDropParts, TPublicPolicy } from '../public-drop.ts';
import { dropReminders } from './drop-reminders.tables.ts';
import { firstRoundFor, roundsNotOpenYet } from './reminder-rounds.ts';

/**
 * Route: GET /v1/drops/{id} (its signed-in viewer part, drop-viewer.ts) · Reads: drop_reminders,
 * sale_policy_whitelist, raffle rounds' draws (reminder-rounds.ts) · UI: features/drops/components/drop-reminder.tsx ·
 * Tests: drop-reminders.test.ts.
 *
 * What "Remind me" shows the caller: their earliest reminder of a round not open yet (set), else the next round not
 * open yet that they may buy in when it opens (not set; reminderRefusal), else nothing. No read at all once every
 * round has opened.
 */
export async function viewerReminder(
  db: Db,
  drop: TPublicDropParts,
  now: Date,
  userId: string,
  email: string | null,
): Promise<TDropReminder | null> {
  const notOpenYet = roundsNotOpenYet(drop, now);
  if (notOpenYet.length === 0) return null;
  const mine = await db
    .select({ policyId: dropReminders.policyId })
    .from(dropReminders)
    .where(and(eq(dropReminders.userId, userId), eq(dropReminders.dropId, drop.id), isNull(dropReminders.sentAt)));
  const isMine = new Set(mine.map((row) => row.policyId));
  const set = notOpenYet.find((policy) => isMine.has(policy.id));
  if (set) return reminderOf(set, true);
  const next = await firstRoundFor(db, notOpenYet, { userId, email }, now);
  return next ? reminderOf(next, false) : null;
}

const reminderOf = (policy: TPublicPolicy, isSet: boolean): TDropReminder => ({
  policyId: policy.id,
  round: policy.round,
  saleBeginAt: policy.saleBeginAt.toISOString(),
  isSet,
});
