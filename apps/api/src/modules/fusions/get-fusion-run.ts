import { and, asc, eq } from 'drizzle-orm';
import type { TFusionRun } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { editionViewsByIds } from '../collection/edition-views.ts';
import { fusionRunMaterials, fusionRuns, fusionSlots } from './fusions.tables.ts';

/*
 * Route: GET /v1/fusions/{id}/runs/{runId} · Reads: fusion_runs, fusion_run_materials, fusion_slots, and through the
 * collection the editions (burned ones too) with their products · UI: features/fusion slots page (`?run=<id>`, the
 * result again after a reload) · Tests: fusions.test.ts.
 */

/**
 * One fusion the person made, as POST /v1/fusions/{id}/fuse answered it: the edition it gave and the editions it
 * burned, slot by slot. Only the person's own (FUSION_RUN_NOT_FOUND for anyone else's, as for one that never was).
 * `fuse` answers through this too, inside its transaction, so the answer and the page read after a reload are one.
 */
export async function getMyFusionRun(db: Db, userId: string, fusionId: string, runId: string): Promise<TFusionRun> {
  const [run] = await db
    .select()
    .from(fusionRuns)
    .where(and(eq(fusionRuns.id, runId), eq(fusionRuns.fusionId, fusionId), eq(fusionRuns.userId, userId)));
  if (!run) throw new AppError('FUSION_RUN_NOT_FOUND');
  const burned = await db
    .select({ editionId: fusionRunMaterials.editionId })
    .from(fusionRunMaterials)
    .innerJoin(fusionSlots, eq(fusionSlots.id, fusionRunMaterials.slotId))
    .where(eq(fusionRunMaterials.runId, run.id))
    .orderBy(asc(fusionSlots.position), asc(fusionRunMaterials.editionId));
  const views = await editionViewsByIds(db, [run.resultEditionId, ...burned.map((material) => material.editionId)]);
  const result = views.get(run.resultEditionId)!;
  return {
    id: run.id,
    fusionId: run.fusionId,
    status: 'SUCCESSFUL',
    edition: {
      id: run.resultEditionId,
      serialNumber: result.edition.serialNumber,
      editionSize: result.product.editionSize,
      type: result.edition.type,
      resourceUri: result.edition.resourceUri,
      contractAddress: result.edition.contractAddress,
      tokenId: result.edition.tokenId,
      product: {
        id: result.product.id,
        name: result.product.name,
        rarity: result.product.rarity,
        imageUrl: result.product.imageUrl,
        imageThumbnailUrl: result.product.imageThumbnailUrl,
      },
    },
    // A burned edition keeps its row (status BURNED, with its history): editions are never deleted.
    burned: burned.map(({ editionId }) => {
      const view = views.get(editionId)!;
      return { editionId, serialNumber: view.edition.serialNumber, productName: view.product.name };
    }),
    createdAt: run.createdAt.toISOString(),
  };
}
