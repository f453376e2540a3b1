import { and, eq, isNull } from 'drizzle-orm';
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
