import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { favorites } from './collection.tables.ts';

/**
 * Route: DELETE /v1/favorites/{targetId} · Writes: favorites · UI: the heart (apps/web ui/favorite-toggle.tsx) · Tests:
 * favorites.test.ts.
 *
 * Takes one of my favorites back. What is not (or no longer) among my favorites is FAVORITE_NOT_FOUND, so an answer
 * never depends on, or hints at, anybody else's favorites.
 */
export async function removeFavorite(db: Db, userId: string, targetId: string): Promise<void> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.targetId, targetId)))
    .returning({ targetId: favorites.targetId });
  if (removed.length === 0) throw new AppError('FAVORITE_NOT_FOUND');
}
