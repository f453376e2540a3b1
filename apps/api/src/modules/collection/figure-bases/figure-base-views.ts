import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { TFigureBase, TFigureBaseSlot } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { brandSummariesByIds } from '../../catalog/brand-summaries.ts';
import { collectionFactsByIds } from '../../catalog/collection-summaries.ts';
import { productsByIds } from '../../catalog/products-by-ids.ts';
import {
  figureBasePlacements,
  figureBaseSlots,
  type TFigureBaseRow,
  type TFigureBaseSlotRow,
} from '../collection.tables.ts';

/*
 * Reads: figure_bases' slots and placements, and through their owners' functions products, brands and collections ·
 * Route: the figure-base endpoints (figure-bases.routes.ts, console-figure-bases.routes.ts) · Tests:
 * figure-bases.test.ts.
 */

/**
 * Figure-base rows as the API shows them: their slots, then one query each for the slots' products, the brands, the
 * collections and (for a signed-in viewer) how many slots the viewer has filled, whatever the number of bases.
 */
export async function figureBaseViewsOf(
  db: Db,
  rows: readonly TFigureBaseRow[],
  viewerUserId: string | null,
): Promise<TFigureBase[]> {
  if (rows.length === 0) return [];
  const baseIds = rows.map((row) => row.id);
  const [slots, filled] = await Promise.all([
    db
      .select()
      .from(figureBaseSlots)
      .where(inArray(figureBaseSlots.figureBaseId, baseIds))
      .orderBy(asc(figureBaseSlots.figureBaseId), asc(figureBaseSlots.position)),
    viewerUserId
      ? db
          .select({ figureBaseId: figureBasePlacements.figureBaseId, count: count() })
          .from(figureBasePlacements)
          .where(
            and(eq(figureBasePlacements.userId, viewerUserId), inArray(figureBasePlacements.figureBaseId, baseIds)),
          )
          .groupBy(figureBasePlacements.figureBaseId)
      : [],
  ]);
  const [products, brands, collections] = await Promise.all([
    productsByIds(
      db,
      slots.flatMap((slot) => slot.productId ?? []),
    ),
    brandSummariesByIds(
      db,
      rows.map((row) => row.brandId),
    ),
    collectionFactsByIds(
      db,
      rows.map((row) => row.collectionId),
    ),
  ]);
  const filledByBase = new Map(filled.map((row) => [row.figureBaseId, row.count]));
  const toSlot = (slot: TFigureBaseSlotRow): TFigureBaseSlot => {
    const product = slot.productId ? products.get(slot.productId) : undefined;
    return {
      id: slot.id,
      name: slot.name,
      productId: slot.productId,
      rarity: slot.rarity,
      product: product ? { id: product.id, name: product.name, imageThumbnailUrl: product.imageThumbnailUrl } : null,
    };
  };
  return rows.map((row) => {
    const collection = collections.get(row.collectionId)!;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      imageUrl: row.imageUrl,
      brand: brands.get(row.brandId)!,
      collection: { id: collection.id, name: collection.name },
      slots: slots.filter((slot) => slot.figureBaseId === row.id).map(toSlot),
      equippedCount: filledByBase.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** What an edition must match to stand in a slot: the base's collection, and the slot's product and rarity if set. */
export function editionFitsSlot(
  edition: { collectionId: string | null; productId: string; rarity: string },
  baseCollectionId: string,
  slot: { productId: string | null; rarity: string | null },
): boolean {
  return (
    edition.collectionId === baseCollectionId &&
    (slot.productId === null || slot.productId === edition.productId) &&
    (slot.rarity === null || slot.rarity === edition.rarity)
  );
}
