import { and, asc, eq, sql } from 'drizzle-orm';
import type { TActivityKind } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { productActivities } from './catalog.tables.ts';

/**
 * Route: GET /v1/editions/{id}/histories, through the collection module's listEditionHistory · Reads:
 * product_activities (index product_activities_edition_created_idx) · Tests: editions.test.ts.
 *
 * One edition's activity rows, oldest first: the history the rows already are, since every event about an edition is
 * written as its product's activity (decision record 24). `after` is the sort key (time to the microsecond, as
 * `cursorTime` gives it, and id) of the last row a client has; `limit` rows at most.
 */
export async function activitiesOfEdition(
  db: Db,
  editionId: string,
  { after, limit }: { after: readonly [string, string] | null; limit: number },
): Promise<
  {
    id: string;
    kind: TActivityKind;
    actorUserId: string | null;
    counterpartAddress: string | null;
    createdAt: Date;
    /** createdAt to the microsecond, as a cursor must carry it: a Date keeps milliseconds only. */
    cursorTime: string;
  }[]
> {
  return db
    .select({
      id: productActivities.id,
      kind: productActivities.kind,
      actorUserId: productActivities.actorUserId,
      counterpartAddress: productActivities.counterpartAddress,
      createdAt: productActivities.createdAt,
      // An edition's moves are dated a microsecond apart when they share a millisecond (move-edition.ts movedAtSql).
      cursorTime: sql<string>`to_char(${productActivities.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(productActivities)
    .where(
      and(
        eq(productActivities.editionId, editionId),
        after
          ? sql`(${productActivities.createdAt}, ${productActivities.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(productActivities.createdAt), asc(productActivities.id))
    .limit(limit);
}
