import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import { editionImageUrl, type TFavorite, type TMyFavoritesQuery, type TPage, type TPageQuery } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { isPublicProduct } from '../catalog/catalog-scope.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import { getPublicUser } from '../users/get-public-user.ts';
import { editions, favorites, type TFavoriteRow } from './collection.tables.ts';

/**
 * Route: GET /v1/favorites/my and GET /v1/favorites/others/{id} · Reads: favorites, editions, and through their owners'
 * functions products, brands and people · UI: My Collection's Favorites tab and the public profile (features/users
 * public-profile-page.tsx), the heart on the product and NFT pages (ui/favorite-toggle.tsx) · Tests: favorites.test.ts.
 *
 * A collector's favorites, newest first, a page at a time: products the catalogue shows, and editions (any that
 * can be looked at, like the NFT page); mine may be narrowed to one target (is it a favorite?).
 * Another collector's are public, unless their account is gone (COLLECTOR_NOT_FOUND, as GET /v1/users/{id} is 404).
 */
export async function listFavorites(
  db: Db,
  userId: string,
  query: TMyFavoritesQuery,
  options: { isOwnList: boolean } = { isOwnList: true },
): Promise<TPage<TFavorite>> {
  const { limit, offset } = pageWindow(query);
  // My own list follows the rule addFavorite applies: a product favorite while the catalogue shows the product
  // (unpublished since, or under an unpublished brand or collection, it drops out, as from the catalogue), an edition
  // favorite while the edition is there to look at, as on a chain, whatever became of its product's page. Its NFT page
  // still shows it, with its heart, which must show it filled so that it can be taken back. Someone else's list, on
  // their public profile, shows only what the catalogue shows: a brand taken down is not found through its fans.
  const mine = and(
    eq(favorites.userId, userId),
    query.targetId ? eq(favorites.targetId, query.targetId) : undefined,
    options.isOwnList
      ? or(eq(favorites.targetType, 'EDITION'), isPublicProduct(favorites.productId))
      : isPublicProduct(favorites.productId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(favorites)
      .where(mine)
      .orderBy(desc(favorites.createdAt), desc(favorites.targetId))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(favorites).where(mine),
  ]);
  return toPage(await favoriteViewsOf(db, rows), query, total?.value ?? 0);
}

export async function listOthersFavorites(db: Db, userId: string, query: TPageQuery): Promise<TPage<TFavorite>> {
  try {
    await getPublicUser(db, userId);
  } catch {
    throw new AppError('COLLECTOR_NOT_FOUND');
  }
  return listFavorites(db, userId, query, { isOwnList: false });
}

/** Favorite rows as the API shows them, in their order: one query each for their products, editions and brands. */
export async function favoriteViewsOf(db: Db, rows: readonly TFavoriteRow[]): Promise<TFavorite[]> {
  const editionIds = rows.flatMap((row) => row.editionId ?? []);
  const [products, editionRows] = await Promise.all([
    productsByIds(
      db,
      rows.map((row) => row.productId),
    ),
    editionIds.length === 0
      ? []
      : db
          .select({
            id: editions.id,
            serialNumber: editions.serialNumber,
            tokenId: editions.tokenId,
            state: editions.state,
            type: editions.type,
            resourceUri: editions.resourceUri,
          })
          .from(editions)
          .where(inArray(editions.id, editionIds)),
  ]);
  const brands = await brandSummariesByIds(
    db,
    [...products.values()].map((product) => product.brandId),
  );
  const editionById = new Map(editionRows.map((edition) => [edition.id, edition]));
  return rows.map((row) => {
    const product = products.get(row.productId)!;
    const edition = row.editionId ? editionById.get(row.editionId) : undefined;
    return {
      targetType: row.targetType,
      targetId: row.targetId,
      product: {
        id: product.id,
        name: product.name,
        rarity: product.rarity,
        imageThumbnailUrl: product.imageThumbnailUrl,
        brand: brands.get(product.brandId)!,
        editionSize: product.editionSize,
      },
      edition: edition
        ? {
            id: edition.id,
            serialNumber: edition.serialNumber,
            tokenId: String(edition.tokenId),
            state: edition.state,
            imageUrl: editionImageUrl(edition, product),
          }
        : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
