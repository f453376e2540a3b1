import { eq } from 'drizzle-orm';
import {
  formatNumber,
  productArtworkMessages,
  type TFieldError,
  type TProduct,
  type TUpdateProductRequest,
} from '@cypher/contract';
import type { AppContext } from '../../../../app-context.ts';
import type { Db } from '../../../../db/client.ts';
import { AppError } from '../../../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../../../http/entry-version.ts';
import { assertCanManageBrand, type Operator } from '../../../../http/operator-guard.ts';
import { everythingScope } from '../../catalog-scope.ts';
import { productTags, products } from '../../catalog.tables.ts';
import { getProduct } from '../../get-product.ts';
import { holdPublished } from '../../product-release.ts';
import { inAuditedEdit } from '../../../console/audit/audited-edit.ts';
import { assertProductChangeLeavesSlotsFillable } from '../../../collection/figure-bases/figure-base-slot-writes.ts';
import { highestSerialNumbers } from '../../../collection/highest-serial-numbers.ts';
import { highestReservedSerialNumbers } from '../../../drops/drop-products.ts';
import {
  assertCategoryExists,
  assertCollectionOfBrand,
  assertLicenseOfBrand,
  assertTagsExist,
} from '../related-items.ts';
import { assertLeavesNoLiveFusionSlot, assertNotInLiveUse } from '../publication/live-uses.ts';
import { conflictOf } from '../unique-conflicts.ts';
import { artworkCountOf } from './product-artworks.ts';
import { productConstraints } from './create-product.ts';

/**
 * Changes what is given; `tagIds` replaces the whole set. A new image without a new thumbnail serves as its own
 * thumbnail, so the card never keeps showing the old artwork.
 */
export async function updateProduct(
  ctx: AppContext,
  operator: Operator,
  id: string,
  input: TUpdateProductRequest,
  seen: TSeenVersion = null,
): Promise<TProduct> {
  const now = ctx.clock.now();
  const { tagIds, imageThumbnailUrl, ...fields } = input;
  const audit = { actorUserId: operator.userId, entityType: 'product', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const [row] = await tx
      .select({
        brandId: products.brandId,
        imageUrl: products.imageUrl,
        collectionId: products.collectionId,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    assertCanManageBrand(operator, row.brandId);
    assertUnchangedSince(seen, row.updatedAt);
    if (input.collectionId) await assertMoveKeepsItPublic(tx, id, input.collectionId, row.brandId, now);
    if (input.collectionId !== undefined && row.collectionId !== null && input.collectionId !== row.collectionId) {
      await assertLeavesNoLiveFusionSlot(tx, row.collectionId, now);
    }
    if (input.licenseId) await assertLicenseOfBrand(tx, input.licenseId, row.brandId);
    if (input.categoryId) await assertCategoryExists(tx, input.categoryId);
    if (tagIds) await assertTagsExist(tx, tagIds);

    const before = await getProduct(tx, id, everythingScope);
    await assertEditionsAllow(tx, before, fields);
    await assertSizeKeepsArtworks(tx, before, fields);
    // Only a change is checked, as assertEditionsAllow checks only a changing rarity: a client that sends the whole
    // product back to fix its name must not be refused for a slot that was unfillable before this edit.
    const collectionBefore = before.collection?.id ?? null;
    const isRarityChanging = fields.rarity !== undefined && fields.rarity !== before.rarity;
    const isCollectionChanging = fields.collectionId !== undefined && fields.collectionId !== collectionBefore;
    if (isRarityChanging || isCollectionChanging) {
      await assertProductChangeLeavesSlotsFillable(tx, id, {
        rarity: fields.rarity ?? before.rarity,
        collectionId: fields.collectionId !== undefined ? fields.collectionId : collectionBefore,
      });
    }
    const license = await collectionsLicenseIfNone(tx, before, fields, row.brandId);
    const isImageChanging = fields.imageUrl !== undefined || imageThumbnailUrl !== undefined;
    const thumbnail = isImageChanging
      ? { imageThumbnailUrl: imageThumbnailUrl ?? fields.imageUrl ?? row.imageUrl }
      : {};
    try {
      await tx
        .update(products)
        .set({ ...fields, ...license, ...thumbnail, updatedAt: nextVersionAt(now, row.updatedAt) })
        .where(eq(products.id, id));
    } catch (error) {
      throw conflictOf(error, productConstraints);
    }
    if (tagIds) {
      await tx.delete(productTags).where(eq(productTags.productId, id));
      if (tagIds.length > 0) await tx.insert(productTags).values(tagIds.map((tagId) => ({ productId: id, tagId })));
    }
    return { before, after: await getProduct(tx, id, everythingScope) };
  });
}

/**
 * "Leave empty to use the collection's license", as a new product takes it (create-product.ts): an edit that sets the
 * collection or the license and leaves the product without one takes its collection's, as the collection has it now.
 * An edit touching neither leaves the license as saved. (It stayed empty: the product was left off its collection's
 * license page, session 69's console hunt.)
 */
async function collectionsLicenseIfNone(
  tx: Db,
  before: TProduct,
  fields: Pick<TUpdateProductRequest, 'collectionId' | 'licenseId'>,
  brandId: string,
): Promise<{ licenseId?: string | null }> {
  if (fields.collectionId === undefined && fields.licenseId === undefined) return {};
  const licenseId = fields.licenseId !== undefined ? fields.licenseId : (before.license?.id ?? null);
  const collectionId = fields.collectionId !== undefined ? fields.collectionId : (before.collection?.id ?? null);
  if (licenseId !== null || collectionId === null) return {};
  return { licenseId: (await assertCollectionOfBrand(tx, collectionId, brandId)).licenseId };
}

/**
 * A product moving into a collection of its brand (RELATED_ITEM_NOT_FOUND, RELATED_ITEM_OF_OTHER_BRAND) that is still
 * in draft leaves the public's view as if unpublished (product-release.ts), so it is refused as an unpublish is while a
 * live drop sells it or a live fusion makes or takes it (PRODUCT_IN_LIVE_USE, under `collectionId`). The collection is
 * held FOR KEY SHARE before it is read, as a publication holds what it checked: its own unpublish (FOR UPDATE, then
 * the live uses of its products) either waits for this move and refuses, seeing the product in it, or is read here
 * as it left the collection. The product's own row is locked FOR UPDATE already, as its unpublish locks it.
 */
async function assertMoveKeepsItPublic(
  tx: Db,
  productId: string,
  collectionId: string,
  brandId: string,
  now: Date,
): Promise<void> {
  await holdPublished(tx, 'collections', [collectionId]);
  const collection = await assertCollectionOfBrand(tx, collectionId, brandId);
  if (!collection.isPublished) await assertNotInLiveUse(tx, 'product', productId, now, 'move into a draft collection');
}

/**
 * A generative product has one artwork per edition (decision record 58): its size may be lowered (the artworks past
 * it are never minted) but not raised past them or opened, which would mint the later editions without one
 * (PRODUCT_ARTWORKS_INVALID under `editionSize`). Read under the product's lock, which an artwork save takes too.
 */
async function assertSizeKeepsArtworks(
  tx: Db,
  product: Pick<TProduct, 'id' | 'editionSize'>,
  fields: Pick<TUpdateProductRequest, 'editionSize'>,
): Promise<void> {
  const size = fields.editionSize;
  if (size === undefined || size === product.editionSize) return;
  const artworks = await artworkCountOf(tx, product.id);
  if (artworks === 0 || (size !== null && size <= artworks)) return;
  throw new AppError('PRODUCT_ARTWORKS_INVALID', {
    details: [{ field: 'editionSize', message: productArtworkMessages.sizePastArtworks(artworks) }],
  });
}

/**
 * Editions carry their product's rarity, and their serial numbers count up to its edition size: once some are minted
 * (a published drop's, a fusion's results, an edition pool) or set aside (a drop being published), the rarity that
 * a drop's odds and every edition state cannot change, and the size may only be lowered, not below them: raised or
 * made open, it would dilute what every holder was sold as "#3 / 10" (PRODUCT_EDITIONS_EXIST, each field named). Read under the product's lock, which publication takes too, so no drop mints in between.
 */
async function assertEditionsAllow(
  tx: Db,
  product: Pick<TProduct, 'id' | 'rarity' | 'editionSize'>,
  fields: Pick<TUpdateProductRequest, 'rarity' | 'editionSize'>,
): Promise<void> {
  const isRarityChanging = fields.rarity !== undefined && fields.rarity !== product.rarity;
  const isSizeChanging = fields.editionSize !== undefined && fields.editionSize !== product.editionSize;
  if (!isRarityChanging && !isSizeChanging) return;
  const [minted, reserved] = await Promise.all([
    highestSerialNumbers(tx, [product.id]),
    highestReservedSerialNumbers(tx, [product.id]),
  ]);
  const editions = Math.max(minted.get(product.id) ?? 0, reserved.get(product.id) ?? 0);
  const details: TFieldError[] = [];
  if (isRarityChanging && editions > 0) {
    details.push({
      field: 'rarity',
      message: `${editionsText(editions)} ${editions === 1 ? 'has' : 'have'} this rarity: it can no longer change.`,
    });
  }
  // "#3 / 10" is a promise to everyone holding one: once editions exist the size may only shrink (never below them),
  // not grow nor open up. An open edition may become a limited one of at least its editions.
  const size = fields.editionSize;
  const isLowering = size != null && (product.editionSize === null || size < product.editionSize);
  if (isSizeChanging && editions > 0 && (!isLowering || size < editions)) {
    details.push({
      field: 'editionSize',
      message: `${editionsText(editions)} ${editions === 1 ? 'is' : 'are'} minted or set aside: the size can only be lowered now, to ${formatNumber(editions)} or more.`,
    });
  }
  if (details.length > 0) throw new AppError('PRODUCT_EDITIONS_EXIST', { details });
}

/** "1 edition", "1,000 editions". */
const editionsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'edition' : 'editions'}`;
