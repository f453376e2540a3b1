import { and, eq } from 'drizzle-orm';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import type { ChainPort } from '../../../adapters/chain/chain.ts';
import { allocateChainNonces, MAX_IN_FLIGHT } from './allocate-chain-nonces.ts';
import { broadcastChainTransactions, type TChainSenderContext } from './broadcast-chain-transactions.ts';
import { chainTransactions } from './chain-transactions.tables.ts';
import { confirmChainTransactions } from './confirm-chain-transactions.ts';

/*
 * Route: none (the recurring job `send-chain-transactions`, job-scheduler.ts, also sent at once after a publication or
 * an export) · Writes: chain_signers, chain_transactions (through its three steps) · Reads: editions · UI: none ·
 * Tests: chain-transactions.test.ts.
 */

export const SEND_CHAIN_TRANSACTIONS_JOB = 'send-chain-transactions';

export interface TChainSendSummary {
  allocated: number;
  sent: number;
  settled: number;
}

/**
 * One run of the sender (decision record 25): give nonces to the next intents, sign, store and send them, read the
 * receipts of those sent; again while anything moves, pausing `pollMs` when a pass moved nothing but some are sent and
 * not yet mined (waiting for a block), until `budgetMs` is spent. The cron starts a run every minute, so a run ends
 * inside its minute.
 *
 * Everything it does is safe twice or side by side (a cron run and one sent after an export): nonces come from one
 * row's conditional update, bytes are stored once, a resend sends the same bytes, and every status move is
 * conditional. With the custodial registry there is nothing to do.
 */
export async function sendChainTransactions(
  ctx: TChainSenderContext,
  options: { budgetMs?: number; pollMs?: number } = {},
): Promise<TChainSendSummary> {
  const summary: TChainSendSummary = { allocated: 0, sent: 0, settled: 0 };
  if (!ctx.chain.isOnChain) return summary;
  const deadline = Date.now() + (options.budgetMs ?? 50_000);
  const pollMs = options.pollMs ?? 2_000;
  // At least one pass, however small the budget.
  for (let isFirst = true; isFirst || Date.now() < deadline; isFirst = false) {
    // A node that does not answer its count fails the run here (pg-boss records it; the next minute's run retries);
    // a failed send or receipt is recorded on its intent instead and ends the pass.
    const allocated = await allocateChainNonces(ctx);
    const sent = await broadcastChainTransactions(ctx, MAX_IN_FLIGHT);
    const settled = await confirmChainTransactions(ctx, MAX_IN_FLIGHT);
    summary.allocated += allocated;
    summary.sent += sent;
    summary.settled += settled;
    if (allocated + sent + settled > 0) continue;
    if (!(await hasWorkInFlight(ctx))) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))));
  }
  return summary;
}

/**
 * Transactions sent and not mined yet: the next block settles them, so another pass after a pause is worth it. A pass
 * that moved nothing with none of these is waiting on the node (a failed call) or on a stuck intent: the next cron
 * run tries again, rather than this one asking every two seconds.
 */
async function hasWorkInFlight(ctx: TChainSenderContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: chainTransactions.id })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.signerAddress, ctx.chain.signerAddress!.toLowerCase()),
        eq(chainTransactions.status, 'SENT'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * After a publication or an export committed: asks a worker to send now rather than at the next minute. Only a nudge
 * (the intents are already recorded and the cron sweeps them up), so a failure to send it is ignored.
 */
export async function nudgeChainSender(ctx: { jobs: JobQueue; chain?: ChainPort }): Promise<void> {
  if (!ctx.chain?.isOnChain) return;
  await ctx.jobs.send(SEND_CHAIN_TRANSACTIONS_JOB, {}).catch(() => null);
}
