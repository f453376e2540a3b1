import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { dropReminders } from './drop-reminders.tables.ts';

/**
 * Route: none; a completed account deletion (users/deletion/erase-personal-data.ts) calls it in its transaction ·
 * Writes: drop_reminders · Tests: drop-reminders.test.ts.
 *
 * A deleted account is reminded of nothing: its reminders go with its other conveniences.
 */
export async function eraseDropReminders(tx: Db, userId: string): Promise<void> {
  await tx.delete(dropReminders).where(eq(dropReminders.userId, userId));
}
