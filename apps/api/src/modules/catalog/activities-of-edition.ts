import { asc, eq } from 'drizzle-orm';
import type { TActivityKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { productActivities } from './catalog.tables.ts';

/** How many activity rows one edition's history answers at most: far beyond any edition's life so far. */
const MAX_HISTORY_ROWS = 500;

/**
 * Route: GET /v1/editions/{id}/histories, through the collection module's listEditionHistory · Reads:
 * product_activities (index product_activities_edition_created_idx) · Tests: editions.test.ts.
 *
 * One edition's activity rows, oldest first: the history the rows already are, since every event about an edition is
 * written as its product's activity (decision record 24).
 */
export async function activitiesOfEdition(
  db: Db,
  editionId: string,
): Promise<
  { id: string; kind: TActivityKind; actorUserId: string | null; counterpartAddress: string | null; createdAt: Date }[]
> {
  return db
    .select({
      id: productActivities.id,
      kind: productActivities.kind,
      actorUserId: productActivities.actorUserId,
      counterpartAddress: productActivities.counterpartAddress,
      createdAt: productActivities.createdAt,
    })
    .from(productActivities)
    .where(eq(productActivities.editionId, editionId))
    .orderBy(asc(productActivities.createdAt), asc(productActivities.id))
    .limit(MAX_HISTORY_ROWS);
}
