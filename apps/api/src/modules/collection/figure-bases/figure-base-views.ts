import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TFigureBase, TFigureBaseSlot } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { brandSummariesByIds } from '../../catalog/brand-summaries.ts';
import { collectionFactsByIds } from '../../catalog/collection-summaries.ts';
import { productsByIds, type TProductFacts } from '../../catalog/products-by-ids.ts';
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
 * Who a base is shown to. The console sees a slot's product whatever its status (a base may be prepared for a product
 * not yet published); collectors and visitors see only a product the catalogue shows, as its own page would.
 */
export type TFigureBaseAudience = 'public' | 'console';

/**
 * Figure-base rows as the API shows them: their slots, then one query each for the slots' products, the brands, the
 * collections and (for a signed-in viewer) how many slots the viewer has filled, whatever the number of bases.
 * For the public, a slot asking for a product the catalogue does not show (a draft, or under an unpublished
 * collection or brand) keeps its productId, which is what fits, but not the product's name and picture.
 */
export async function figureBaseViewsOf(
  db: Db,
  rows: readonly TFigureBaseRow[],
  viewerUserId: string | null,
  audience: TFigureBaseAudience = 'public',
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
          .select({ figureBaseId: figureBasePlacements.figureBaseId, slotId: figureBasePlacements.slotId })
          .from(figureBasePlacements)
          .where(
            and(eq(figureBasePlacements.userId, viewerUserId), inArray(figureBasePlacements.figureBaseId, baseIds)),
          )
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
    // The slots' products are of their base's collection (figure-base-slot-writes.ts keeps it so), so these tell
    // whether the public sees a product's collection and brand.
    collectionFactsByIds(
      db,
      rows.map((row) => row.collectionId),
    ),
  ]);
  const filledByBase = new Map<string, string[]>();
  for (const { figureBaseId, slotId } of filled)
    filledByBase.set(figureBaseId, [...(filledByBase.get(figureBaseId) ?? []), slotId]);
  const isShown = (product: TProductFacts): boolean =>
    audience === 'console' ||
    (product.status === 'PUBLISHED' &&
      product.collectionId !== null &&
      collections.get(product.collectionId)?.isPublic === true);
  const toSlot = (slot: TFigureBaseSlotRow): TFigureBaseSlot => {
    const found = slot.productId ? products.get(slot.productId) : undefined;
    const product = found && isShown(found) ? found : undefined;
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
      equippedCount: filledByBase.get(row.id)?.length ?? 0,
      filledSlotIds: filledByBase.get(row.id) ?? [],
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
