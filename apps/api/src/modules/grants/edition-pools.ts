import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TEditionPool, TEditionPoolListQuery, TEditionPoolRequest, TPage } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCanManageBrand, managedBy, type Operator } from '../../http/operator-guard.ts';
import { newId } from '../../lib/ids.ts';
import { brandSummariesByIds } from '../catalog/brand-summaries.ts';
import { productNameContains } from '../catalog/product-name-search.ts';
import { productsByIds } from '../catalog/products-by-ids.ts';
import { createPackEditions } from '../collection/create-pack-editions.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { checkDropProducts, type TProductRefusals } from '../drops/drop-products.ts';
import { editionPools, type TEditionPoolRow } from './grants.tables.ts';

/*
 * Route: GET, POST /v1/console/edition-pools, GET /v1/console/edition-pools/{id} (grants.routes.ts) · Writes:
 * edition_pools, edition_pool_units, editions (minted ahead, through the collection), audit_log · Reads: brands,
 * products (through the catalogue) · UI: features/console edition pool dialog (components/edition-pool-dialog.tsx), a
 * grant's pool picker (components/grant-fields.tsx) · Tests: grants.test.ts.
 */

const POOL_REFUSALS: TProductRefusals = {
  notPublished: 'EDITION_POOL_PRODUCT_NOT_PUBLISHED',
  sizeExceeded: 'EDITION_POOL_EXCEEDS_EDITION_SIZE',
  publishedField: 'productId',
  countField: 'size',
};

/**
 * A brand sets editions of a product aside to give away. They are minted at once, as UNISSUED editions with the
 * product's next serial numbers (the product locked meanwhile, as a fusion's creation locks it), each one a unit a
 * grant will claim: so giving one never takes a serial number or touches the product's row, and the pool cannot give
 * more than its size.
 */
export async function createEditionPool(
  ctx: Pick<AppContext, 'db' | 'clock' | 'chain'>,
  operator: Operator | null,
  input: TEditionPoolRequest,
): Promise<TEditionPool> {
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    if (!(await brandSummariesByIds(tx, [input.brandId])).has(input.brandId)) {
      throw new AppError('RELATED_ITEM_NOT_FOUND');
    }
    if (operator) assertCanManageBrand(operator, input.brandId);
    const [product] = await checkDropProducts(
      tx,
      input.brandId,
      [{ productId: input.productId, editionCount: input.size }],
      { publication: true, refusals: POOL_REFUSALS },
    );
    const [row] = await tx
      .insert(editionPools)
      .values({ id, brandId: input.brandId, productId: input.productId, size: input.size, createdAt: now })
      .returning();
    const editionIds = await createPackEditions(
      tx,
      Array.from({ length: input.size }, (_, n) => ({
        productId: input.productId,
        serialNumber: product!.nextSerialNumber + n,
        packId: null,
      })),
      now,
      { state: 'UNISSUED', isOnChain: ctx.chain.isOnChain },
    );
    await tx.execute(sql`
      insert into edition_pool_units (id, pool_id, number)
      select e.id, ${id}::uuid, e.n from unnest(${sqlArray(editionIds)}::uuid[]) with ordinality as e(id, n)`);
    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'create',
      entityType: 'edition_pool',
      entityId: id,
      before: null,
      after: input,
      at: now,
    });
    const [view] = await editionPoolViewsOf(tx, [row!]);
    return view!;
  });
}

export async function listEditionPools(
  db: Db,
  query: TEditionPoolListQuery,
  operator: Operator,
): Promise<TPage<TEditionPool>> {
  const conditions: SQL[] = [];
  if (query.brandId) conditions.push(eq(editionPools.brandId, query.brandId));
  // A pool is shown by its product's name: that is what a grant's picker searches.
  if (query.q) conditions.push(productNameContains(editionPools.productId, query.q));
  if (!operator.isAdmin) {
    conditions.push(operator.brandIds.length > 0 ? inArray(editionPools.brandId, [...operator.brandIds]) : sql`false`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(editionPools)
    .where(where)
    .orderBy(desc(editionPools.createdAt), desc(editionPools.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(editionPools)
    .where(where);
  return { items: await editionPoolViewsOf(db, rows), page: query.page, size: query.size, total: count?.n ?? 0 };
}

export async function getEditionPool(db: Db, operator: Operator, id: string): Promise<TEditionPool> {
  const [row] = await db.select().from(editionPools).where(eq(editionPools.id, id));
  if (!row) throw new AppError('EDITION_POOL_NOT_FOUND');
  const [view] = await editionPoolViewsOf(db, [managedBy(operator, row, row.brandId)]);
  return view!;
}

/** Pools as the console shows them, with what is left (derived from the units: no counter row). */
async function editionPoolViewsOf(db: Db, rows: readonly TEditionPoolRow[]): Promise<TEditionPool[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [brands, products, counts] = await Promise.all([
    brandSummariesByIds(
      db,
      rows.map((row) => row.brandId),
    ),
    productsByIds(
      db,
      rows.map((row) => row.productId),
    ),
    queryRows<{ pool_id: string; remaining: number }>(
      db,
      sql`select pool_id, count(*) filter (where delivery_id is null)::int as remaining from edition_pool_units
          where pool_id = any(${sqlArray(ids)}::uuid[]) group by pool_id`,
    ),
  ]);
  const remainingOf = new Map(counts.map((row) => [row.pool_id, Number(row.remaining)]));
  return rows.map((row) => {
    const product = products.get(row.productId)!;
    return {
      id: row.id,
      brand: brands.get(row.brandId)!,
      product: {
        id: product.id,
        name: product.name,
        rarity: product.rarity,
        imageThumbnailUrl: product.imageThumbnailUrl,
      },
      size: row.size,
      remaining: remainingOf.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
