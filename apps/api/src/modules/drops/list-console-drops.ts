import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TConsoleDropListItem, TConsoleDropsQuery, TPage } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { containsText } from '../../db/search.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { drops, salePolicies } from './drops.tables.ts';
import { consoleDropSummary, consoleGiftRound, consolePackCounts } from './get-console-drop.ts';

/**
 * `GET /v1/console/drops`: newest first (by creation), drafts included, by publication status, brand and name. A brand
 * manager sees only their brands' drops, whatever brandId they ask for.
 */
export async function listConsoleDrops(
  db: Db,
  now: Date,
  operator: Operator,
  query: TConsoleDropsQuery,
): Promise<TPage<TConsoleDropListItem>> {
  const conditions: SQL[] = [];
  if (!operator.isAdmin) conditions.push(inArray(drops.brandId, [...operator.brandIds]));
  if (query.brandId) conditions.push(eq(drops.brandId, query.brandId));
  if (query.status) conditions.push(eq(drops.publicationStatus, query.status));
  if (query.q) conditions.push(containsText(drops.name, query.q));
  if (query.hasGiftRound !== undefined) {
    const gifts = sql`exists (select 1 from ${salePolicies} where ${salePolicies.dropId} = ${drops.id} and ${salePolicies.isGiftRound})`;
    conditions.push(query.hasGiftRound ? gifts : sql`not ${gifts}`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const { limit, offset } = pageWindow(query);

  const rows = await db
    .select()
    .from(drops)
    .where(where)
    .orderBy(desc(drops.createdAt), desc(drops.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(drops).where(where);

  const ids = rows.map((drop) => drop.id);
  const brands = await brandSummariesByIds(
    db,
    rows.map((drop) => drop.brandId),
  );
  const policies =
    ids.length === 0
      ? []
      : await db
          .select({
            id: salePolicies.id,
            dropId: salePolicies.dropId,
            round: salePolicies.round,
            beginIssuedPackNumber: salePolicies.beginIssuedPackNumber,
            endIssuedPackNumber: salePolicies.endIssuedPackNumber,
            isGiftRound: salePolicies.isGiftRound,
          })
          .from(salePolicies)
          .where(inArray(salePolicies.dropId, ids));
  const counts = await consolePackCounts(db, ids);

  const items = rows.map((drop) => {
    const own = policies.filter((policy) => policy.dropId === drop.id && !policy.isGiftRound);
    const gift = policies.find((policy) => policy.dropId === drop.id && policy.isGiftRound);
    const countOf = (policyId: string) => counts.get(policyId) ?? { sold: 0, held: 0 };
    const packsOf = (policy: (typeof policies)[number]) =>
      policy.endIssuedPackNumber - policy.beginIssuedPackNumber + 1;
    const saleTotal = own.reduce((sum, policy) => sum + packsOf(policy), 0);
    return {
      ...consoleDropSummary(drop, brands.get(drop.brandId)!, now, saleTotal + (gift ? packsOf(gift) : 0)),
      roundCount: own.length,
      giftRound: consoleGiftRound(gift, counts),
      counts: {
        dropCount: saleTotal,
        soldCount: own.reduce((sum, policy) => sum + countOf(policy.id).sold, 0),
        heldCount: own.reduce((sum, policy) => sum + countOf(policy.id).held, 0),
      },
    };
  });
  return toPage(items, query, counted?.total ?? 0);
}
