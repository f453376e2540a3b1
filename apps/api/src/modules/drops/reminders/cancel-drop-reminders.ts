import { and, eq, isNull, notInArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { dropReminders } from './drop-reminders.tables.ts';

/**
 * Route: DELETE /v1/drops/{id}/reminders · Writes: drop_reminders · UI: features/drops/components/drop-reminder.tsx ·
 * Tests: drop-reminders.test.ts.
 *
 * "Cancel": the caller's reminders of the drop not sent yet, of one round or of every round. Asking again is fine
 * (nothing left to cancel answers the same 204). A reminder already sent stays, as the record that it went out.
 */
export async function cancelDropReminders(
  db: Db,
  input: { dropId: string; userId: string; policyId?: string | undefined },
): Promise<void> {
  await db
    .delete(dropReminders)
    .where(
      and(
        eq(dropReminders.userId, input.userId),
        eq(dropReminders.dropId, input.dropId),
        input.policyId ? eq(dropReminders.policyId, input.policyId) : undefined,
        isNull(dropReminders.sentAt),
      ),
    );
}

/**
 * Route: none of its own; a raffle round's first draw (raffles/draw-raffle.ts), in its transaction · Writes:
 * drop_reminders · Tests: drop-reminders.test.ts.
 *
 * Once the first draw is held only its winners buy when the round opens (raffles/may-buy-at-raffle-opening.ts): the
 * round's unsent reminders of everyone else (those it did not pick, and those who never entered) are removed, so
 * nobody is called to a sale they cannot buy in. A second-draw place comes with its own notice, not a reminder.
 */
export async function cancelRaffleRoundRemindersExcept(tx: Db, policyId: string, winnerUserIds: readonly string[]) {
  await tx
    .delete(dropReminders)
    .where(
      and(
        eq(dropReminders.policyId, policyId),
        isNull(dropReminders.sentAt),
        winnerUserIds.length > 0 ? notInArray(dropReminders.userId, [...winnerUserIds]) : undefined,
      ),
    );
}
