import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from './notifications.tables.ts';

/**
 * Route: none; a completed account deletion (users/deletion/erase-personal-data.ts) calls it in its transaction ·
 * Writes: notifications · Tests: deletion.test.ts.
 *
 * A deleted account's feed goes with it: what it bought, added, withdrew and why a withdrawal was refused is the
 * person's own story, which nobody can read any more; the ledger and the orders keep what the business must.
 */
export async function eraseNotifications(tx: Db, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}
