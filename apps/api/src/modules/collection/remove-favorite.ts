import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorites } from './collection.tables.ts';

/**
 * Route: DELETE /v1/favorites/{targetId} · Writes: favorites · Tests: favorites.test.ts.
 *
 * Takes a favorite back. Idempotent: removing what is not a favorite (any more) is the same success.
 */
export async function removeFavorite(db: Db, userId: string, targetId: string): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.targetId, targetId)));
}
