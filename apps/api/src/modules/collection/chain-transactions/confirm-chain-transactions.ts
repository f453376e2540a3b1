import { and, asc, eq } from 'drizzle-orm';
import type { THex } from '../../../adapters/chain/chain.ts';
import { recordChainAttemptFailure, transitionChainTransaction } from './chain-transaction-states.ts';
import { chainTransactions } from './chain-transactions.tables.ts';
import { settleSpentNonce, type TChainSenderContext } from './broadcast-chain-transactions.ts';

/*
 * Route: none (the sender job, send-chain-transactions.ts) · Writes: chain_transactions (CONFIRMED, FAILED) · Tests:
 * chain-transactions.test.ts.
 */

/**
 * Reads the receipts of the signer's SENT transactions, lowest nonce first: mined and succeeded is CONFIRMED, mined
 * and reverted is FAILED. One not mined yet is sent again (the same bytes): a node that dropped it from its pool (a
 * restart, an eviction) would otherwise leave it, and every nonce after it, waiting for ever; a node that still has it
 * answers "already known". A failed call stops the pass for the next run. Answers how many were settled.
 */
export async function confirmChainTransactions(ctx: TChainSenderContext, limit: number): Promise<number> {
  const signer = ctx.chain.signerAddress?.toLowerCase();
  if (!signer) return 0;
  const sent = await ctx.db
    .select()
    .from(chainTransactions)
    .where(and(eq(chainTransactions.signerAddress, signer), eq(chainTransactions.status, 'SENT')))
    .orderBy(asc(chainTransactions.nonce))
    .limit(limit);
  let settled = 0;
  for (const transaction of sent) {
    try {
      const receipt = await ctx.chain.receipt(transaction.txHash as THex);
      const now = ctx.clock.now();
      if (receipt === 'CONFIRMED' || receipt === 'REVERTED') {
        const isMoved = await transitionChainTransaction(ctx.db, transaction, {
          to: receipt === 'CONFIRMED' ? 'CONFIRMED' : 'FAILED',
          now,
          changes: receipt === 'REVERTED' ? { lastError: 'reverted by the contract' } : {},
        });
        if (isMoved) settled += 1;
        continue;
      }
      const outcome = await ctx.chain.broadcast(transaction.rawTransaction as THex);
      if (outcome === 'nonce-used' && (await settleSpentNonce(ctx, transaction))) settled += 1;
    } catch (error) {
      await recordChainAttemptFailure(ctx.db, transaction.id, error, ctx.clock.now());
      break;
    }
  }
  return settled;
}
