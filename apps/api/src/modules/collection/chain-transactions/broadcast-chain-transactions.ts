import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { tokenUriOf, type ChainPort, type TChainAddress, type THex } from '../../../adapters/chain/chain.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { recordChainAttemptFailure, transitionChainTransaction } from './chain-transaction-states.ts';
import { chainTransactions, type TChainTransactionRow } from './chain-transactions.tables.ts';

/*
 * Route: none (the sender job, send-chain-transactions.ts) · Writes: chain_transactions (signed bytes, SENT, or the
 * nonce given back) · Tests: chain-transactions.test.ts.
 */

export interface TChainSenderContext {
  db: Db;
  clock: Clock;
  chain: ChainPort;
  /** Where token URIs point (PUBLIC_URL). */
  publicUrl: string;
}

/**
 * Sends the signer's intents that have a nonce and are not yet SENT, in nonce order (a node takes nonce n + 1 only
 * after n). For each, in this order, with nothing held open across an outside call:
 *
 * 1. sign (an outside call for gas and fees) and store the bytes and their hash, conditionally on none being stored
 *    yet: a second runner that got there first wins, and this one sends its bytes instead;
 * 2. send the stored bytes. A crash before this, or a lost answer, leaves the intent PENDING with its bytes, and the
 *    next run sends exactly them again: one nonce, one hash, so at most one of them is ever mined;
 * 3. record SENT. A node that answers "nonce too low" for our own bytes had them mined already (the receipt decides
 *    CONFIRMED or FAILED); with no receipt the nonce went to another transaction of this key, these bytes can never be
 *    mined, and the intent goes back to the queue without a nonce.
 *
 * A failed call stops the pass (later nonces would wait behind this one anyway) and leaves the intent as it was, its
 * attempt counted, for the next run. Answers how many moved on.
 */
export async function broadcastChainTransactions(ctx: TChainSenderContext, limit: number): Promise<number> {
  const signer = ctx.chain.signerAddress?.toLowerCase();
  if (!signer) return 0;
  const waiting = await ctx.db
    .select()
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.signerAddress, signer),
        eq(chainTransactions.status, 'PENDING'),
        isNotNull(chainTransactions.nonce),
      ),
    )
    .orderBy(asc(chainTransactions.nonce))
    .limit(limit);
  let moved = 0;
  for (const intent of waiting) {
    try {
      const signed = await signedBytes(ctx, intent);
      if (!signed) continue;
      const outcome = await ctx.chain.broadcast(signed.rawTransaction as THex);
      const now = ctx.clock.now();
      if (outcome === 'accepted') {
        if (await transitionChainTransaction(ctx.db, signed, { to: 'SENT', now })) moved += 1;
        continue;
      }
      if (await settleSpentNonce(ctx, signed)) moved += 1;
    } catch (error) {
      await recordChainAttemptFailure(ctx.db, intent.id, error, ctx.clock.now());
      break;
    }
  }
  return moved;
}

/** The intent's stored bytes, signing and storing them first if it has none; null if it moved on meanwhile. */
async function signedBytes(
  ctx: TChainSenderContext,
  intent: TChainTransactionRow,
): Promise<TChainTransactionRow | null> {
  if (intent.rawTransaction) return intent;
  const signed = await ctx.chain.sign({
    kind: intent.kind,
    tokenId: BigInt(intent.tokenId!),
    to: intent.toAddress as TChainAddress,
    tokenUri: tokenUriOf(ctx.publicUrl, intent.editionId),
    nonce: intent.nonce!,
  });
  const [stored] = await ctx.db
    .update(chainTransactions)
    .set({ rawTransaction: signed.rawTransaction, txHash: signed.hash, updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(chainTransactions.id, intent.id),
        eq(chainTransactions.nonce, intent.nonce!),
        isNull(chainTransactions.rawTransaction),
      ),
    )
    .returning();
  if (stored) return stored;
  // Another runner stored its bytes first (the same call, maybe other fees): those are the ones to send.
  const [current] = await ctx.db.select().from(chainTransactions).where(eq(chainTransactions.id, intent.id));
  return current && current.status === 'PENDING' && current.rawTransaction ? current : null;
}

/**
 * The node says this nonce is spent. Our own bytes, mined: CONFIRMED or FAILED by their receipt. Someone else's:
 * ours can never be mined, so the intent goes back to the queue for a new nonce (the contract still refuses a second
 * mint of a token and a transfer of a token the custodian no longer holds). Answers whether the intent moved.
 */
export async function settleSpentNonce(
  ctx: TChainSenderContext,
  intent: Pick<TChainTransactionRow, 'id' | 'txHash' | 'nonce' | 'kind' | 'toAddress'>,
): Promise<boolean> {
  const receipt = await ctx.chain.receipt(intent.txHash as THex);
  const now = ctx.clock.now();
  if (receipt === 'CONFIRMED') return transitionChainTransaction(ctx.db, intent, { to: 'CONFIRMED', now });
  if (receipt === 'REVERTED') {
    return transitionChainTransaction(ctx.db, intent, {
      to: 'FAILED',
      now,
      changes: { lastError: 'reverted by the contract' },
    });
  }
  return transitionChainTransaction(ctx.db, intent, {
    to: 'PENDING',
    now,
    changes: {
      nonce: null,
      signerAddress: null,
      contractAddress: null,
      tokenId: null,
      rawTransaction: null,
      txHash: null,
      toAddress: intent.kind === 'MINT' ? null : intent.toAddress,
      lastError: `nonce ${intent.nonce} was spent by another transaction of this key; queued again`,
    },
  });
}
