import type { TFieldError, TFusionSlotRule, TFusionSlotRuleRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { collectionFactsByIds } from '../catalog/collection-summaries.ts';
import { brandProductIdsExcept, productIdsWithTrait } from '../catalog/fusion-catalog-lookups.ts';
import { holdPublished, isProductPublic, unreleasedProductMessage } from '../catalog/product-release.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import type { TBurnableEdition, TEditionMatch } from '../collection/fusion-editions.ts';
import type { TFusionSlotRow } from './fusions.tables.ts';

/*
 * Route: none of its own; every fusion route reads slots through these, publication and edits check them · Writes:
 * nothing · Reads: products and collections (names, publication, a trait's products, the brand's products other than
 * a fusion's result, through the catalogue) · Tests: fusions.test.ts, fusion-publication.test.ts.
 */

/** A slot's rule columns from the console's rule (the others null: the row's check keeps one set). */
export function ruleColumns(rule: TFusionSlotRuleRequest) {
  return {
    ruleKind: rule.kind,
    ruleProductId: rule.kind === 'PRODUCT' ? rule.productId : null,
    ruleRarity: rule.kind === 'RARITY' ? rule.rarity : null,
    ruleCollectionId: rule.kind === 'COLLECTION' ? rule.collectionId : null,
    ruleTraitType: rule.kind === 'TRAIT' ? rule.traitType : null,
    ruleTraitValue: rule.kind === 'TRAIT' ? rule.value : null,
  };
}

type TRuleRow = Pick<
  TFusionSlotRow,
  'ruleKind' | 'ruleProductId' | 'ruleRarity' | 'ruleCollectionId' | 'ruleTraitType' | 'ruleTraitValue'
>;

/** The fusion whose slots are matched: its brand, and its result (null for the console's preview, which has none). */
interface TMatchedFusion {
  brandId: string;
  resultProductId: string | null;
}

/**
 * What editions each slot takes, in the collection's words: the fusion's brand, then the slot's rule, and never an
 * edition of the fusion's own result. The console refuses a product slot naming the result (the contract's
 * `ownResult`), but a rarity, collection or trait slot covers the result's editions too: one Squire and two Paladins
 * fused into one Paladin, a collector only losing editions. A slot's materials, its fitting count and the fuse's check
 * all match through this one rule, so what is offered, counted and burned agree. A rarity or collection slot is
 * narrowed to the brand's other products; the edition's own rarity and collection (copied at minting) still decide.
 */
export async function editionMatchesOf(
  db: Db,
  fusion: TMatchedFusion,
  slots: readonly TRuleRow[],
): Promise<TEditionMatch[]> {
  const { brandId, resultProductId } = fusion;
  const base = { brandId, productIds: null, rarity: null, collectionId: null };
  const isMaterial = (productId: string) => productId !== resultProductId;
  const isBroad = slots.some((slot) => slot.ruleKind === 'RARITY' || slot.ruleKind === 'COLLECTION');
  // Read once for every slot; one after another, as code inside a transaction must (the fuse's).
  const otherProductIds = resultProductId && isBroad ? await brandProductIdsExcept(db, brandId, resultProductId) : null;
  const matches: TEditionMatch[] = [];
  for (const slot of slots) {
    switch (slot.ruleKind) {
      case 'PRODUCT':
        matches.push({ ...base, productIds: [slot.ruleProductId!].filter(isMaterial) });
        break;
      case 'RARITY':
        matches.push({ ...base, productIds: otherProductIds, rarity: slot.ruleRarity! });
        break;
      case 'COLLECTION':
        matches.push({ ...base, productIds: otherProductIds, collectionId: slot.ruleCollectionId! });
        break;
      case 'TRAIT': {
        const trait = { traitType: slot.ruleTraitType!, value: slot.ruleTraitValue! };
        matches.push({ ...base, productIds: (await productIdsWithTrait(db, brandId, trait)).filter(isMaterial) });
        break;
      }
    }
  }
  return matches;
}

/** Whether an edition (locked for burning) is one a match takes. */
export function editionFits(edition: TBurnableEdition, match: TEditionMatch): boolean {
  return (
    edition.brandId === match.brandId &&
    (match.productIds === null || match.productIds.includes(edition.productId)) &&
    (match.rarity === null || edition.rarity === match.rarity) &&
    (match.collectionId === null || edition.collectionId === match.collectionId)
  );
}

/** What a slot's rule names in the catalogue: a product, a collection, or neither (a rarity, a trait). */
type TRuleNames = Pick<TFusionSlotRow, 'ruleProductId' | 'ruleCollectionId'>;

/**
 * Every product and collection the slots name must be published (a product in a collection, that collection too, as
 * for a drop's contents and the result: product-release.ts), in the slots' order: a published fusion shows what its slots take to everyone, and nobody can hold an edition of a
 * product not released yet. The brand is not asked: the slots name only the fusion's own brand's products and
 * collections, and the fusion is hidden while that brand is unpublished. FUSION_SLOT_NOT_PUBLISHED, with each slot's
 * field, otherwise. For publication (publish-fusion.ts) and edits of a published fusion (write-fusion.ts). What they
 * name is held until the fusion commits (holdPublished): an unpublish at the same moment waits and sees the fusion.
 */
export async function assertSlotsPublished(db: Db, slots: readonly TRuleNames[]): Promise<void> {
  const productIds = slots.flatMap((slot) => slot.ruleProductId ?? []);
  await holdPublished(db, 'products', productIds);
  const products = await productsByIds(db, productIds);
  const collectionIds = [
    ...slots.flatMap((slot) => slot.ruleCollectionId ?? []),
    ...[...products.values()].flatMap((product) => product.collectionId ?? []),
  ];
  await holdPublished(db, 'collections', collectionIds);
  const collections = await collectionFactsByIds(db, collectionIds);
  const details = slots.flatMap((slot, index): TFieldError[] => {
    const product = slot.ruleProductId ? products.get(slot.ruleProductId) : undefined;
    const unreleased = product ? unreleasedProductMessage(product, collections) : null;
    if (unreleased) return [{ field: `slots.${index}.rule.productId`, message: unreleased }];
    const collection = slot.ruleCollectionId ? collections.get(slot.ruleCollectionId) : undefined;
    if (collection && !collection.isPublished) {
      return [{ field: `slots.${index}.rule.collectionId`, message: `${collection.name} is still a draft.` }];
    }
    return [];
  });
  if (details.length > 0) throw new AppError('FUSION_SLOT_NOT_PUBLISHED', { details });
}

/** How a product or collection the public does not see is named to collectors: never by its own name. */
const unreleasedProductName = 'Unreleased product';
const unreleasedCollectionName = 'Unreleased';

/**
 * The slots' rules as the API shows them, with the products' and collections' names (one read each). To the public
 * (`audience: 'public'`) a product or collection it does not see (a draft, or in a draft collection) is shown without
 * its name: publication refuses such slots, and this keeps the name of one unpublished since from leaking.
 */
export async function ruleViews(
  db: Db,
  slots: readonly TRuleRow[],
  audience: 'public' | 'console',
): Promise<TFusionSlotRule[]> {
  const products = await productsByIds(
    db,
    slots.flatMap((slot) => slot.ruleProductId ?? []),
  );
  const collections = await collectionFactsByIds(db, [
    ...slots.flatMap((slot) => slot.ruleCollectionId ?? []),
    ...[...products.values()].flatMap((product) => product.collectionId ?? []),
  ]);
  const isShown = audience === 'console';
  const productTarget = (id: string) => {
    const product = products.get(id);
    const isPublic = product !== undefined && isProductPublic(product, collections);
    const name = !product ? 'A product' : isShown || isPublic ? product.name : unreleasedProductName;
    return { id, name, isPublic };
  };
  const collectionTarget = (id: string) => {
    const collection = collections.get(id);
    const isPublic = collection?.isPublic === true;
    const name = !collection ? 'A collection' : isShown || isPublic ? collection.name : unreleasedCollectionName;
    return { id, name, isPublic };
  };
  return slots.map((slot): TFusionSlotRule => {
    switch (slot.ruleKind) {
      case 'PRODUCT':
        return { kind: 'PRODUCT', product: productTarget(slot.ruleProductId!) };
      case 'RARITY':
        return { kind: 'RARITY', rarity: slot.ruleRarity! };
      case 'COLLECTION':
        return { kind: 'COLLECTION', collection: collectionTarget(slot.ruleCollectionId!) };
      case 'TRAIT':
        return { kind: 'TRAIT', traitType: slot.ruleTraitType!, value: slot.ruleTraitValue! };
    }
  });
}
