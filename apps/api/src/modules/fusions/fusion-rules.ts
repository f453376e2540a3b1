import type { TFieldError, TFusionSlotRule, TFusionSlotRuleRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { collectionFactsByIds } from '../catalog/collection-summaries.ts';
import { productIdsWithTrait } from '../catalog/fusion-catalog-lookups.ts';
import { holdPublished, isProductPublic, unreleasedProductMessage } from '../catalog/product-release.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import type { TBurnableEdition, TEditionMatch } from '../collection/fusion-editions.ts';
import type { TFusionSlotRow } from './fusions.tables.ts';

/*
 * Route: none of its own; every fusion route reads slots through these, publication and edits check them · Writes:
 * nothing · Reads: products and collections (names, publication, a trait's products, through the catalogue) · Tests:
 * fusions.test.ts, fusion-publication.test.ts.
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

/** What editions a slot takes, in the collection's words: always the fusion's brand, then the rule. */
export async function editionMatchOf(db: Db, brandId: string, slot: TRuleRow): Promise<TEditionMatch> {
  const base = { brandId, productIds: null, rarity: null, collectionId: null };
  switch (slot.ruleKind) {
    case 'PRODUCT':
      return { ...base, productIds: [slot.ruleProductId!] };
    case 'RARITY':
      return { ...base, rarity: slot.ruleRarity! };
    case 'COLLECTION':
      return { ...base, collectionId: slot.ruleCollectionId! };
    case 'TRAIT':
      return {
        ...base,
        productIds: await productIdsWithTrait(db, brandId, {
          traitType: slot.ruleTraitType!,
          value: slot.ruleTraitValue!,
        }),
      };
  }
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
  const productName = (id: string): string => {
    const product = products.get(id);
    if (!product) return 'A product';
    return isShown || isProductPublic(product, collections) ? product.name : unreleasedProductName;
  };
  const collectionName = (id: string): string => {
    const collection = collections.get(id);
    if (!collection) return 'A collection';
    return isShown || collection.isPublic ? collection.name : unreleasedCollectionName;
  };
  return slots.map((slot): TFusionSlotRule => {
    switch (slot.ruleKind) {
      case 'PRODUCT':
        return { kind: 'PRODUCT', product: { id: slot.ruleProductId!, name: productName(slot.ruleProductId!) } };
      case 'RARITY':
        return { kind: 'RARITY', rarity: slot.ruleRarity! };
      case 'COLLECTION':
        return {
          kind: 'COLLECTION',
          collection: { id: slot.ruleCollectionId!, name: collectionName(slot.ruleCollectionId!) },
        };
      case 'TRAIT':
        return { kind: 'TRAIT', traitType: slot.ruleTraitType!, value: slot.ruleTraitValue! };
    }
  });
}
