import { and, eq, sql } from 'drizzle-orm';
import { isEditionHidden, type TFavorite, type TFavoriteRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { publicScope } from '../catalog/catalog-scope.ts';
import { getProduct } from '../catalog/get-product.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import { assertAccountLiving } from '../users/people.ts';
import { editions, favorites } from './collection.tables.ts';
import { favoriteViewsOf } from './list-favorites.ts';

/**
 * Route: POST /v1/favorites · Writes: favorites · Reads: users (assertAccountLiving), editions, products (catalog's
 * productsByIds) · UI: the heart on the NFT and product pages (apps/web ui/favorite-toggle.tsx) · Tests:
 * favorites.test.ts, users/deletion/deletion-favorite-races.test.ts.
 *
 * Favorites a product the public can see, or an edition anyone may look at (not one in an unopened pack) that still
 * exists (not burned in a fusion), whatever its product's publication, as its NFT page shows it: the rule
 * listFavorites keeps to, so what can be favorited stays listed, and the heart that added it can take it back.
 * Favoriting twice is one favorite, an edition's whatever became of it since (a favorite fused away is still answered):
 * the primary key (person, target) decides, and the answer is the favorite either way, read back by the statement
 * that wrote (or kept) it, so a DELETE of it in between cannot leave nothing to answer. One transaction behind
 * assertAccountLiving: a favorite sent while the deletion job erases the person waits for it, then finds the account
 * deleted (UNAUTHORIZED) instead of outliving the erasure.
 */
export async function addFavorite(db: Db, userId: string, request: TFavoriteRequest, now: Date): Promise<TFavorite> {
  return inTransaction(db, async (tx) => {
    await assertAccountLiving(tx, userId);
    // An edition's favorite already made is the answer, whatever became of the edition since (burned in a fusion, it
    // stays a favorite and says so, as the list shows it). Not a product's: one the public no longer sees leaves the
    // list, so it is refused below as it would be to anyone.
    if (request.targetType === 'EDITION') {
      const [kept] = await tx
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.targetId, request.targetId)));
      if (kept?.targetType === 'EDITION') return viewOf(tx, kept);
    }
    const productId = await productOfTarget(tx, request);
    const [row] = await tx
      .insert(favorites)
      .values({
        userId,
        targetType: request.targetType,
        targetId: request.targetId,
        productId,
        editionId: request.targetType === 'EDITION' ? request.targetId : null,
        createdAt: now,
      })
      // A no-op update, so the row already there comes back as the one just written would.
      .onConflictDoUpdate({
        target: [favorites.userId, favorites.targetId],
        set: { createdAt: sql`${favorites.createdAt}` },
      })
      .returning();
    if (!row) throw new Error(`no favorite row returned for ${request.targetId}`);
    return viewOf(tx, row);
  });
}

async function viewOf(db: Db, row: typeof favorites.$inferSelect): Promise<TFavorite> {
  const [favorite] = await favoriteViewsOf(db, [row]);
  if (!favorite) throw new Error(`no view of favorite ${row.targetId}`);
  return favorite;
}

async function productOfTarget(db: Db, request: TFavoriteRequest): Promise<string> {
  let productId = request.targetId;
  if (request.targetType === 'EDITION') {
    const [edition] = await db
      .select({ productId: editions.productId, state: editions.state })
      .from(editions)
      .where(and(eq(editions.id, request.targetId)));
    // A burned edition is gone (fused into another): there is nothing left to keep an eye on.
    if (!edition || isEditionHidden(edition.state) || edition.state === 'BURNED') {
      throw new AppError('FAVORITE_TARGET_NOT_FOUND');
    }
    productId = edition.productId;
  }
  if (request.targetType === 'EDITION') {
    if (!(await productsByIds(db, [productId])).has(productId)) throw new AppError('FAVORITE_TARGET_NOT_FOUND');
    return productId;
  }
  // A product as the public sees it: published, under a published brand, in a published collection or none.
  await getProduct(db, productId, publicScope).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? new AppError('FAVORITE_TARGET_NOT_FOUND') : error;
  });
  return productId;
}
