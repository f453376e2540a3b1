import { eq, sql } from 'drizzle-orm';
import { normalizeRedeemCode, type TRedeemRequest, type TRedemption } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { AppError } from '../../http/app-error.ts';
import { replayOrRefuse, runWithIdempotencyKey, type TIdempotentRequest } from '../../http/idempotency.ts';
import { consumeRateLimit, type RateLimit } from '../../http/rate-limit/rate-limiter.ts';
import { newId } from '../../lib/ids.ts';
import { deliverGrant } from '../grants/deliver-grants.ts';
import { storedGrant } from '../grants/grant-views.ts';
import { assertAccountOpen } from '../users/people.ts';
import { verifiedEmailOf } from '../users/verified-emails.ts';
import { isWellFormedRedeemCode, redeemCodeHash } from './redeem-codes.ts';
import { redemptionViewsOf } from './redemption-views.ts';
import { redeemBatches, redeemCodes, type TRedeemBatchRow, type TRedeemCodeRow } from './redeem.tables.ts';
import { readableUtc } from '../../lib/readable-utc.ts';

/*
 * Route: POST /v1/redeems (an Idempotency-Key, if sent, replays the first answer) · Writes: redeem_codes (use_count),
 * redeem_uses, and through grants/deliver-grants.ts grant_deliveries, the ledger, ticket movements, pass units or
 * editions, and notifications; idempotency_keys · Reads: redeem_batches (validity, revoked_at), users (verified
 * email; the row held FOR KEY SHARE, so a deleted account gets nothing) · UI: features/redeem (/profile/redeem) ·
 * Tests: redeem.test.ts, redeem-races.test.ts, deletion-reward-races.test.ts.
 */

const TEN_MINUTES = 10 * 60_000;

/**
 * Attempts (spec section 8: REQUEST_MAXIMUN), counted before anything is looked up, right or wrong: per person and per
 * address, so neither many accounts behind one address nor one account behind many can try codes fast. Codes are not
 * guessable anyway (80 random bits); this keeps a script from costing us a database read per guess.
 */
export const redeemRateLimits = {
  attemptsPerAccount: { name: 'redeem-account', limit: 20, windowMs: TEN_MINUTES },
  attemptsPerIp: { name: 'redeem-ip', limit: 60, windowMs: TEN_MINUTES },
} satisfies Record<string, RateLimit>;

/**
 * A person redeems a code, in one transaction with what it grants:
 * 1. the attempt is counted (REQUEST_MAXIMUN past the limits), the email must be verified (EMAIL_VERIFICATION_REQUIRED:
 *    codes are worth money), and the code, normalized (case, dashes, O for 0, I and L for 1), must be one of ours
 *    (REDEEM_CODE_NOT_FOUND), not revoked (REDEEM_CODE_REVOKED) and valid now (REDEEM_CODE_NOT_YET_VALID,
 *    REDEEM_CODE_EXPIRED);
 * 2. a use is claimed by one conditional update of the code's own row (`use_count < max_uses`), whose row count
 *    decides: of a hundred people at once on a single-use code exactly one gets it, the others wait for its row and
 *    then find it used up (REDEEM_CODE_USED_UP), or used by themselves (REDEEM_CODE_ALREADY_REDEEMED). The batch's
 *    revoked_at is read again after the claim: a revoke committed meanwhile rolls it back (REDEEM_CODE_REVOKED);
 * 3. holding that row, the person's own uses are counted: past the per-person limit the claim rolls back
 *    (REDEEM_CODE_ALREADY_REDEEMED). The use is recorded with its ordinal, unique per code and person;
 * 4. the grant is delivered, as every grant is. If what it gives has run out (a pass's or a pool's supply) or is over (a
 *    pass whose validity has ended), everything rolls back and the code keeps its use (REDEEM_REWARD_OUT_OF_STOCK).
 */
export async function redeemCode(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'rateLimiter'>,
  userId: string,
  request: TRedeemRequest,
  meta: { ip: string },
  idempotent: TIdempotentRequest | null,
): Promise<TRedemption> {
  const now = ctx.clock.now();
  let found: { code: TRedeemCodeRow; batch: TRedeemBatchRow };
  try {
    found = await redeemableCode(ctx, userId, request, meta, now);
  } catch (refusal) {
    // A retry of a redemption answered before gets that answer, though the code may have expired since.
    return (await replayOrRefuse<TRedemption>(ctx.db, userId, idempotent, refusal)).body;
  }
  const answer = await runWithIdempotencyKey<TRedemption>({ db: ctx.db, now }, userId, idempotent, async (tx) => ({
    status: 201,
    body: await redeemInTransaction(ctx, tx, { userId, code: found.code, batch: found.batch, now }),
  }));
  return answer.body;
}

/** Step 1: the attempt counted, the address verified, and the code ours and valid now. */
async function redeemableCode(
  ctx: Pick<AppContext, 'db' | 'rateLimiter'>,
  userId: string,
  request: TRedeemRequest,
  meta: { ip: string },
  now: Date,
): Promise<{ code: TRedeemCodeRow; batch: TRedeemBatchRow }> {
  await consumeRateLimit(ctx.rateLimiter, redeemRateLimits.attemptsPerIp, meta.ip);
  await consumeRateLimit(ctx.rateLimiter, redeemRateLimits.attemptsPerAccount, userId);
  if (!(await verifiedEmailOf(ctx.db, userId))) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  const code = normalizeRedeemCode(request.code);
  if (!isWellFormedRedeemCode(code)) throw new AppError('REDEEM_CODE_NOT_FOUND');
  const [found] = await ctx.db
    .select({ code: redeemCodes, batch: redeemBatches })
    .from(redeemCodes)
    .innerJoin(redeemBatches, eq(redeemBatches.id, redeemCodes.batchId))
    .where(eq(redeemCodes.codeHash, redeemCodeHash(code)));
  if (!found) throw new AppError('REDEEM_CODE_NOT_FOUND');
  // Withdrawn outweighs the window: a leaked code of a batch not yet open or expired says it was withdrawn.
  if (found.batch.revokedAt) throw new AppError('REDEEM_CODE_REVOKED');
  if (now < found.batch.validFrom) {
    // When it opens, where the catalogue's "try again later" left the person guessing (review of session 33).
    const { validFrom } = found.batch;
    throw new AppError('REDEEM_CODE_NOT_YET_VALID', {
      message: `This code can be used from ${readableUtc(validFrom)}. Please try again then.`,
      details: [{ field: 'validFrom', message: validFrom.toISOString() }],
    });
  }
  if (now >= found.batch.validUntil) throw new AppError('REDEEM_CODE_EXPIRED');
  return found;
}

async function redeemInTransaction(
  ctx: Pick<AppContext, 'config'>,
  tx: Db,
  input: { userId: string; code: TRedeemCodeRow; batch: TRedeemBatchRow; now: Date },
): Promise<TRedemption> {
  const { userId, code, batch, now } = input;
  // Taken before the code's row, as every credit takes the person first (decision record 0013's order): a redemption
  // that passed its sign-in check as the deletion job erased the person would otherwise give them what it grants, and
  // one while their deletion request runs would stop it.
  await assertAccountOpen(tx, userId);
  const [claimed] = await queryRows<{ use_count: number }>(
    tx,
    sql`update redeem_codes set use_count = use_count + 1
        where id = ${code.id} and use_count < max_uses returning use_count`,
  );
  // Read after the update, in a statement of its own (READ COMMITTED: a fresh snapshot), with the code's row ours or,
  // when nothing was claimed, after its last holder committed. So the count sees every use committed before, and
  // revoked_at is that of any revoke that held the row before us: a revoke locks every code row of its batch before
  // it sets revoked_at (revoke-redeem-batch.ts), so either our claim came first and the revoke waits for our commit,
  // or we waited for the revoke and see it here. The batch row itself is only read, never locked: it would be one hot
  // row for every code of the batch. With nothing claimed no use can be granted anyway; revoked_at is checked first all
  // the same, so a withdrawn code says so rather than "used up" or "already redeemed".
  const [seen] = await queryRows<{ n: number; revoked: boolean }>(
    tx,
    sql`select (select count(*)::int from redeem_uses where code_id = ${code.id} and user_id = ${userId}) as n,
               (select revoked_at is not null from redeem_batches where id = ${batch.id}) as revoked`,
  );
  if (seen?.revoked) throw new AppError('REDEEM_CODE_REVOKED');
  const usedByMe = Number(seen?.n ?? 0);
  if (usedByMe >= batch.usesPerPerson) throw new AppError('REDEEM_CODE_ALREADY_REDEEMED');
  if (!claimed) throw new AppError('REDEEM_CODE_USED_UP');

  const useId = newId();
  await tx.execute(sql`
    insert into redeem_uses (id, code_id, user_id, ordinal, created_at)
    values (${useId}, ${code.id}, ${userId}, ${usedByMe + 1}, ${now.toISOString()}::timestamptz)`);
  const delivered = await deliverGrant(tx, {
    grant: storedGrant(batch.grant),
    occasion: 'REDEEM',
    referenceId: useId,
    userIds: [userId],
    notice: { title: 'Code redeemed', body: (what) => `Your code gave you ${what}.` },
    wording: { cypMinorUnits: ctx.config.wallet.cypMinorUnits },
    now,
  });
  if (delivered.get(userId)?.status !== 'DELIVERED') throw new AppError('REDEEM_REWARD_OUT_OF_STOCK');
  const [view] = await redemptionViewsOf(ctx, tx, [
    { id: useId, codeId: code.id, userId, ordinal: usedByMe + 1, createdAt: now },
  ]);
  return view!;
}
