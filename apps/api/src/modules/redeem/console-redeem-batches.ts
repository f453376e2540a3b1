import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  redeemMessages,
  type TConsoleRedeemBatch,
  type TPage,
  type TPageQuery,
  type TRedeemBatchRequest,
} from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { managedBy, type Operator } from '../../http/operator-guard.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { checkGrantsForConsole } from '../grants/check-grant.ts';
import { resolveGrants, storedGrant } from '../grants/grant-views.ts';
import { operatorSeenBy, peopleByIds } from '../users/people.ts';
import { deriveRedeemCode, redeemCodeHash, redeemCodeKey } from './redeem-codes.ts';
import { redeemBatches, type TRedeemBatchRow } from './redeem.tables.ts';

/*
 * Route: GET, POST /v1/console/redeem-batches, GET /v1/console/redeem-batches/{id}, and the CSV export
 * GET /v1/console/redeem-batches/{id}/codes.csv (redeem.routes.ts; the revoke, POST
 * /v1/console/redeem-batches/{id}/revoke, is revoke-redeem-batch.ts) · Writes: redeem_batches, redeem_codes, audit_log ·
 * Reads: redeem_codes (use counts), what the grant names (grants/check-grant.ts), people (the maker) · UI:
 * features/console redeem batches section · Tests: redeem.test.ts.
 */

type TConsoleContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** Codes per INSERT: 100,000 codes are ten statements of one fixed set of array parameters each. */
const CODE_CHUNK = 10_000;

/**
 * Makes a batch and its codes in one transaction. Each code is derived from the secret (redeem-codes.ts) and only its
 * hash is stored, a chunk of ten thousand per statement (unnest over arrays, so a statement's parameters stay five):
 * 100,000 codes take a few seconds, most of it the database's index writes. What the codes grant is checked first:
 * it exists, and the operator may give it (a brand's things by its managers, credit and brandless tickets by admins).
 */
export async function createRedeemBatch(
  ctx: TConsoleContext,
  operator: Operator | null,
  input: TRedeemBatchRequest,
): Promise<TConsoleRedeemBatch> {
  const now = ctx.clock.now();
  // Codes dead on arrival would be handed out only to be refused (REDEEM_CODE_EXPIRED) by everyone.
  if (new Date(input.validUntil) <= now) {
    throw new AppError('INVALID_REQUEST', { details: [{ field: 'validUntil', message: redeemMessages.expired }] });
  }
  const id = newId();
  const key = redeemCodeKey(ctx.config);
  return inTransaction(ctx.db, async (tx) => {
    const [grant] = await checkGrantsForConsole(tx, operator, [input.grant], { wording: wordingOf(ctx), now });
    const [row] = await tx
      .insert(redeemBatches)
      .values({
        id,
        name: input.name,
        grant: input.grant,
        brandId: grant!.brandId,
        codeCount: input.codeCount,
        usesPerCode: input.usesPerCode,
        usesPerPerson: input.usesPerPerson,
        validFrom: new Date(input.validFrom),
        validUntil: new Date(input.validUntil),
        createdByUserId: operator?.userId ?? null,
        createdAt: now,
      })
      .returning();
    for (let first = 1; first <= input.codeCount; first += CODE_CHUNK) {
      const numbers = Array.from({ length: Math.min(CODE_CHUNK, input.codeCount - first + 1) }, (_, n) => first + n);
      await tx.execute(sql`
        insert into redeem_codes (id, batch_id, number, code_hash, max_uses, use_count)
        select c.id, ${id}::uuid, c.number, c.code_hash, ${input.usesPerCode}::int, 0
        from unnest(${sqlArray(numbers.map(() => newId()))}::uuid[], ${sqlArray(numbers)}::int[],
                    ${sqlArray(numbers.map((number) => redeemCodeHash(deriveRedeemCode(key, id, number))))}::text[])
          as c(id, number, code_hash)`);
    }
    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'create',
      entityType: 'redeem_batch',
      entityId: id,
      before: null,
      after: input,
      at: now,
    });
    const [view] = await batchViewsOf(ctx, tx, [row!], operator);
    return view!;
  });
}

export async function listRedeemBatches(
  ctx: TConsoleContext,
  operator: Operator,
  query: TPageQuery,
): Promise<TPage<TConsoleRedeemBatch>> {
  const where = visibleTo(operator);
  const rows = await ctx.db
    .select()
    .from(redeemBatches)
    .where(where)
    .orderBy(desc(redeemBatches.createdAt), desc(redeemBatches.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(redeemBatches)
    .where(where);
  return {
    items: await batchViewsOf(ctx, ctx.db, rows, operator),
    page: query.page,
    size: query.size,
    total: count?.n ?? 0,
  };
}

export async function getRedeemBatch(
  ctx: TConsoleContext,
  operator: Operator,
  id: string,
): Promise<TConsoleRedeemBatch> {
  const [view] = await batchViewsOf(ctx, ctx.db, [await managedBatchOf(ctx.db, operator, id)], operator);
  return view!;
}

/** A batch the operator may see: its brand's manager, or an admin for any (and for the marketplace's own). */
export async function managedBatchOf(db: Db, operator: Operator, id: string): Promise<TRedeemBatchRow> {
  const [row] = await db.select().from(redeemBatches).where(eq(redeemBatches.id, id));
  if (!row) throw new AppError('REDEEM_BATCH_NOT_FOUND');
  return managedBy(operator, row, row.brandId);
}

function visibleTo(operator: Operator): SQL | undefined {
  if (operator.isAdmin) return undefined;
  return operator.brandIds.length > 0 ? inArray(redeemBatches.brandId, [...operator.brandIds]) : sql`false`;
}

function wordingOf(ctx: TConsoleContext) {
  return { cypMinorUnits: ctx.config.wallet.cypMinorUnits };
}

/** Batches as the console shows them: the grant named, the uses summed over their codes, who made them. */
export async function batchViewsOf(
  ctx: TConsoleContext,
  db: Db,
  rows: readonly TRedeemBatchRow[],
  viewer: Operator | null,
): Promise<TConsoleRedeemBatch[]> {
  if (rows.length === 0) return [];
  const [grants, uses, people] = await Promise.all([
    resolveGrants(
      db,
      rows.map((row) => storedGrant(row.grant)),
      wordingOf(ctx),
    ),
    queryRows<{ batch_id: string; uses: number | string; used: number | string }>(
      db,
      sql`select batch_id, coalesce(sum(use_count), 0) as uses, count(*) filter (where use_count > 0) as used
          from redeem_codes where batch_id = any(${sqlArray(rows.map((row) => row.id))}::uuid[]) group by batch_id`,
    ),
    peopleByIds(
      db,
      rows.flatMap((row) => row.createdByUserId ?? []),
    ),
  ]);
  const usesOf = new Map(uses.map((row) => [row.batch_id, row]));
  return rows.map((row, index) => ({
    id: row.id,
    name: row.name,
    grant: grants[index]!.view,
    codeCount: row.codeCount,
    usesPerCode: row.usesPerCode,
    usesPerPerson: row.usesPerPerson,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    useCount: Number(usesOf.get(row.id)?.uses ?? 0),
    usedCodeCount: Number(usesOf.get(row.id)?.used ?? 0),
    createdBy: operatorSeenBy(viewer, people, row.createdByUserId),
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }));
}

/** Batches' names by id (the audit log names what each entry was about). */
export async function redeemBatchNamesByIds(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: redeemBatches.id, name: redeemBatches.name })
    .from(redeemBatches)
    .where(inArray(redeemBatches.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
