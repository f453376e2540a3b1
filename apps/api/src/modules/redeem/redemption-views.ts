import { desc, eq, inArray, sql } from 'drizzle-orm';
import { maskRedeemCode, type TPage, type TPageQuery, type TRedemption } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { deliveryViewsByReferences } from '../grants/grant-views.ts';
import { deriveRedeemCode, redeemCodeKey } from './redeem-codes.ts';
import { redeemBatches, redeemCodes, redeemUses, type TRedeemUseRow } from './redeem.tables.ts';

/*
 * Route: POST /v1/redeems (its answer), GET /v1/redeems (redeem.routes.ts) · Reads: redeem_uses, redeem_codes,
 * redeem_batches, and what each use gave (grants/grant-views.ts) · Writes: nothing · UI: features/redeem
 * (/profile/redeem) · Tests: redeem.test.ts.
 */

/** Uses as the person who redeemed them sees them: the code (all but its last four characters hidden), what it gave. */
export async function redemptionViewsOf(
  ctx: Pick<AppContext, 'config'>,
  db: Db,
  uses: readonly TRedeemUseRow[],
): Promise<TRedemption[]> {
  if (uses.length === 0) return [];
  const codes = await db
    .select({
      id: redeemCodes.id,
      number: redeemCodes.number,
      batchId: redeemBatches.id,
      batchName: redeemBatches.name,
    })
    .from(redeemCodes)
    .innerJoin(redeemBatches, eq(redeemBatches.id, redeemCodes.batchId))
    .where(
      inArray(
        redeemCodes.id,
        uses.map((use) => use.codeId),
      ),
    );
  const codeOf = new Map(codes.map((code) => [code.id, code]));
  const deliveries = await deliveryViewsByReferences(
    db,
    uses.map((use) => use.id),
    { cypMinorUnits: ctx.config.wallet.cypMinorUnits },
  );
  const key = redeemCodeKey(ctx.config);
  return uses.flatMap((use) => {
    const code = codeOf.get(use.codeId)!;
    const [delivery] = deliveries.get(use.id) ?? [];
    if (!delivery) return [];
    return [
      {
        id: use.id,
        maskedCode: maskRedeemCode(deriveRedeemCode(key, code.batchId, code.number)),
        batchName: code.batchName,
        delivery,
        createdAt: use.createdAt.toISOString(),
      },
    ];
  });
}

/** `GET /v1/redeems`: the codes I redeemed, newest first, with what each gave. */
export async function listMyRedemptions(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
  query: TPageQuery,
): Promise<TPage<TRedemption>> {
  const rows = await ctx.db
    .select()
    .from(redeemUses)
    .where(eq(redeemUses.userId, userId))
    .orderBy(desc(redeemUses.createdAt), desc(redeemUses.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(redeemUses)
    .where(eq(redeemUses.userId, userId));
  return {
    items: await redemptionViewsOf(ctx, ctx.db, rows),
    page: query.page,
    size: query.size,
    total: count?.n ?? 0,
  };
}
