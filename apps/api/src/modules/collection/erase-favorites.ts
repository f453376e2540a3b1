import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorites } from './collection.tables.ts';

/**
 * Called by: the account deletion job (users/deletion/erase-personal-data.ts), in its transaction · Writes: favorites
 * · Tests: users/deletion/deletion.test.ts.
 *
 * A deleted person's favorites go with them: they are a taste shown on a public profile, not a record anyone must
 * keep. (The public list already answers COLLECTOR_NOT_FOUND for a deleted account; this leaves nothing behind.)
 */
export async function eraseFavorites(tx: Db, userId: string): Promise<void> {
  await tx.delete(favorites).where(eq(favorites.userId, userId));
}
