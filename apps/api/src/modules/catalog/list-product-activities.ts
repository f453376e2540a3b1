import { and, desc, eq, getTableColumns, isNull, notInArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TActivityKind, TCursorPage, TCursorQuery, TProductActivity } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { decodeCursor, encodeCursor, ZCursorTime } from '../../http/pagination.ts';
import { isEditionPageFoundSql, packOfEditionSql } from '../collection/edition-fragments.ts';
import { isPackContentPublicSql } from '../drops/reveal-drop.ts';
import { peopleByIds } from '../users/people.ts';
import { productVisibility, type CatalogScope } from './catalog-scope.ts';
import { brands, collections, productActivities, products } from './catalog.tables.ts';

/**
 * What a pack's hand-over writes for each of its editions: a purchase, or a gift of a gift round's pack (decision
 * record 36). Naming the edition, such a row says what a sealed pack holds.
 */
const packHandOverKinds: TActivityKind[] = ['PURCHASED', 'REDEEMED', 'AIRDROPPED', 'REWARDED'];

/**
 * The sort key of the last activity answered: its time to the microsecond and id (ties on time are broken by id).
 * An edition's moves in one millisecond are dated a microsecond apart (collection's move-edition.ts movedAtSql), so a
 * millisecond cursor would skip the rows between.
 */
const ZActivityCursor = z.tuple([ZCursorTime, z.uuid()]);

/**
 * GET /v1/products/{id}/activities, newest first, by cursor rather than page: activities arrive while someone reads,
 * and an offset would then repeat items. The cursor carries the last row's time as the database keeps it, to the
 * microsecond, which is what makes it exact.
 */
export async function listProductActivities(
  db: Db,
  productId: string,
  query: TCursorQuery,
  scope: CatalogScope,
): Promise<TCursorPage<TProductActivity>> {
  const after = query.cursor ? decodeCursor(query.cursor, ZActivityCursor) : null;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(collections, eq(collections.id, products.collectionId))
    .where(and(eq(products.id, productId), productVisibility(scope)));
  if (!product) throw new AppError('NOT_FOUND');

  const rows = await db
    .select({
      ...getTableColumns(productActivities),
      isEditionPageFound: sql<boolean>`${isEditionPageFoundSql(productActivities.editionId)}`,
      cursorTime: sql<string>`to_char(${productActivities.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(productActivities)
    .where(
      and(
        eq(productActivities.productId, productId),
        or(
          notInArray(productActivities.kind, packHandOverKinds),
          isNull(productActivities.editionId),
          // An edition given from an edition pool was never in a pack.
          sql`(${packOfEditionSql(productActivities.editionId)}) is null`,
          // A purchase (or a gift of a pack) names its edition, which says what its pack holds: shown once the pack
          // is opened or the drop is revealed (drops/reveal-drop.ts), never while other buyers could still learn from
          // it what is left.
          isPackContentPublicSql(packOfEditionSql(productActivities.editionId)),
        ),
        after
          ? sql`(${productActivities.createdAt}, ${productActivities.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(productActivities.createdAt), desc(productActivities.id))
    .limit(query.size + 1);

  const page = rows.slice(0, query.size);
  const last = page.at(-1);
  const people = await peopleByIds(
    db,
    page.flatMap((activity) => activity.actorUserId ?? []),
  );
  // The public face of a collector: their nickname, never their address.
  const actorOf = (userId: string | null) => {
    const person = userId ? people.get(userId) : undefined;
    return person ? { id: person.id, nickname: person.nickname } : null;
  };
  return {
    items: page.map((activity) => ({
      id: activity.id,
      productId: activity.productId,
      kind: activity.kind,
      actor: actorOf(activity.actorUserId),
      editionNumber: activity.editionNumber,
      // Its NFT page is found once the edition has left its sealed pack (get-edition.ts).
      editionId: activity.isEditionPageFound ? activity.editionId : null,
      createdAt: activity.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.size && last ? encodeCursor([last.cursorTime, last.id]) : null,
  };
}
