import type { TFusionSlotRule, TFusionSlotRuleRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { collectionSummariesByIds } from '../catalog/collection-summaries.ts';
import { productIdsWithTrait } from '../catalog/fusion-catalog-lookups.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import type { TBurnableEdition, TEditionMatch } from '../collection/fusion-editions.ts';
import type { TFusionSlotRow } from './fusions.tables.ts';

/*
 * Route: none of its own; every fusion route reads slots through these · Writes: nothing · Reads: products and
 * collections (names, a trait's products, through the catalogue) · Tests: fusions.test.ts.
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

/** The slots' rules as the API shows them, with the products' and collections' names (one read each). */
export async function ruleViews(db: Db, slots: readonly TRuleRow[]): Promise<TFusionSlotRule[]> {
  const products = await productsByIds(
    db,
    slots.flatMap((slot) => slot.ruleProductId ?? []),
  );
  const collections = await collectionSummariesByIds(
    db,
    slots.flatMap((slot) => slot.ruleCollectionId ?? []),
  );
  return slots.map((slot): TFusionSlotRule => {
    switch (slot.ruleKind) {
      case 'PRODUCT':
        return {
          kind: 'PRODUCT',
          product: { id: slot.ruleProductId!, name: products.get(slot.ruleProductId!)?.name ?? 'A product' },
        };
      case 'RARITY':
        return { kind: 'RARITY', rarity: slot.ruleRarity! };
      case 'COLLECTION':
        return {
          kind: 'COLLECTION',
          collection: {
            id: slot.ruleCollectionId!,
            name: collections.get(slot.ruleCollectionId!)?.name ?? 'A collection',
          },
        };
      case 'TRAIT':
        return { kind: 'TRAIT', traitType: slot.ruleTraitType!, value: slot.ruleTraitValue! };
    }
  });
}
