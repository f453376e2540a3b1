import { and, eq } from 'drizzle-orm';
import { formatRedeemCode, suggestSlug } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { managedBatchOf } from './console-redeem-batches.ts';
import { deriveRedeemCode, redeemCodeHash, redeemCodeKey } from './redeem-codes.ts';
import { redeemCodes } from './redeem.tables.ts';

/*
 * Route: GET /v1/console/redeem-batches/{id}/codes.csv (redeem.routes.ts) · Writes: audit_log (who exported) · Reads:
 * redeem_batches, redeem_codes (the first code's hash) · UI: features/console redeem batch page (Download CSV) · Tests: redeem.test.ts.
 */

/** Lines per chunk handed to the response stream: large enough to be cheap, small enough to start sending at once. */
const LINES_PER_CHUNK = 2_000;

/**
 * A batch's codes as CSV (`number,code`, the code as printed: `7K3M-9QXD-2F4H-WN8C`), derived again from the secret
 * rather than read (the database keeps only hashes), and streamed a chunk at a time: 100,000 codes are about 2 MB and
 * take well under a second to derive. Before anything is sent, the first code is checked against its stored hash: a
 * secret changed since the batch was made would export codes that redeem nothing (REDEEM_CODE_SECRET_CHANGED). Every
 * export is in the audit log: the codes are worth what they grant.
 */
export async function exportRedeemCodes(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  operator: Operator,
  batchId: string,
): Promise<{ filename: string; lines: AsyncIterable<string> }> {
  const batch = await managedBatchOf(ctx.db, operator, batchId);
  const key = redeemCodeKey(ctx.config);
  const [first] = await ctx.db
    .select({ codeHash: redeemCodes.codeHash })
    .from(redeemCodes)
    .where(and(eq(redeemCodes.batchId, batch.id), eq(redeemCodes.number, 1)));
  if (!first || first.codeHash !== redeemCodeHash(deriveRedeemCode(key, batch.id, 1))) {
    throw new AppError('REDEEM_CODE_SECRET_CHANGED');
  }
  const now = ctx.clock.now();
  await inTransaction(ctx.db, (tx) =>
    recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'export',
      entityType: 'redeem_batch',
      entityId: batch.id,
      before: null,
      after: { codeCount: batch.codeCount },
      at: now,
    }),
  );
  async function* lines(): AsyncIterable<string> {
    yield 'number,code\n';
    for (let start = 1; start <= batch.codeCount; start += LINES_PER_CHUNK) {
      let chunk = '';
      for (let number = start; number < Math.min(start + LINES_PER_CHUNK, batch.codeCount + 1); number += 1) {
        chunk += `${number},${formatRedeemCode(deriveRedeemCode(key, batch.id, number))}\n`;
      }
      yield chunk;
    }
  }
  return { filename: exportFileName(batch), lines: lines() };
}

/**
 * `redeem-codes-spring-launch-2026-12-06.csv`: named after the batch, so an operator handing out several batches tells
 * the files apart, and the day it was made (UTC), so two batches of one name rarely share a file name. The slug keeps
 * only a-z, 0-9 and dashes (accents dropped), so any name is safe in the Content-Disposition header, which
 * redeem.routes.ts quotes as it is; a name with no such letter (all emoji, or another script) is told by the end of the
 * batch's id, the random part of a UUID v7, instead.
 */
function exportFileName(batch: { id: string; name: string; createdAt: Date }): string {
  const day = batch.createdAt.toISOString().slice(0, 10);
  return `redeem-codes-${suggestSlug(batch.name) || batch.id.slice(-8)}-${day}.csv`;
}
