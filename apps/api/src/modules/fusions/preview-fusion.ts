import type { TFusionPreview, TFusionPreviewRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import { matchingEditionsEverywhere } from '../collection/fusion-editions.ts';
import { editionMatchesOf, ruleColumns } from './fusion-rules.ts';
import { assertSlotReferences } from './write-fusion.ts';

/*
 * Route: POST /v1/console/fusions/preview · Writes: nothing · Reads: brands, collections, editions (through the
 * collection), products · UI: features/console fusion form · Tests: fusions.test.ts.
 */

/** For each slot's rule: how many editions in collections fit it, held by how many people, and a few of them. */
export async function previewFusion(db: Db, operator: Operator, input: TFusionPreviewRequest): Promise<TFusionPreview> {
  // Refused as saving the fusion would refuse it, not counted as a rule nothing fits.
  await assertSlotReferences(db, operator, input);
  // The preview is asked of rules alone, before a result is named: nothing to leave out yet.
  const matches = await editionMatchesOf(
    db,
    { brandId: input.brandId, resultProductId: null },
    input.slots.map((slot) => ruleColumns(slot.rule)),
  );
  const slots = [];
  for (const match of matches) {
    const found = await matchingEditionsEverywhere(db, match);
    const products = await productsByIds(
      db,
      found.examples.map((example) => example.productId),
    );
    slots.push({
      fittingCount: found.count,
      holderCount: found.holderCount,
      examples: found.examples.map((example) => ({
        editionId: example.id,
        productName: products.get(example.productId)?.name ?? 'An edition',
        serialNumber: example.serialNumber,
      })),
    });
  }
  return { slots };
}
