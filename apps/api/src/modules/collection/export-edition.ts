import { eq } from 'drizzle-orm';
import { editionMessages, type TEdition, type TExportEditionRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { runWithIdempotencyKey, type TIdempotentRequest } from '../../http/idempotency.ts';
import { nudgeChainSender } from './chain-transactions/send-chain-transactions.ts';
import { recordExportIntents } from './chain-transactions/record-export-intents.ts';
import { editionViewsByIds } from './edition-views.ts';
import { chainContracts } from './collection.tables.ts';
import { moveEdition } from './move-edition.ts';

/**
 * Route: POST /v1/editions/{id}/export (with an Idempotency-Key) · Writes: editions, product_activities (through
 * moveEdition), chain_transactions (with the EVM adapter: recordExportIntents), idempotency_keys · UI: the NFT page,
 * confirmed twice · Tests: edition-moves.test.ts, chain-transactions/chain-transactions.test.ts.
 *
 * A collector moves an edition out to their own wallet: it leaves the collection for good (EXPORTED), and its history
 * names the address. Only an OWNED edition goes: equipped, locked or listed ones are refused (EDITION_LOCKED), and of
 * concurrent exports one wins. The custodial registry is the record of where the token went. With the EVM adapter the
 * same transaction records the transfer to that address (and the mint before it, if not yet sent), and after the
 * commit a worker is asked to send it (rule 7: no outside call inside the transaction); the answer does not wait for
 * the chain. An address that is one of the collectibles' own contracts is refused (a token sent to its contract, or
 * to any of the registry's, has no owner who can move it again), as the zero address is by the contract's schema.
 */
export async function exportEdition(
  ctx: Pick<AppContext, 'db' | 'clock' | 'jobs' | 'chain'>,
  userId: string,
  editionId: string,
  request: TExportEditionRequest,
  idempotent: TIdempotentRequest | null,
): Promise<TEdition> {
  const now = ctx.clock.now();
  if (await isCollectibleContract(ctx, request.address)) {
    throw new AppError('INVALID_REQUEST', {
      details: [{ field: 'address', message: editionMessages.contractAddress }],
    });
  }
  const result = await runWithIdempotencyKey<TEdition>({ db: ctx.db, now }, userId, idempotent, async (tx) => {
    await moveEdition(tx, { editionId, move: 'export', ownerUserId: userId, now, counterpartAddress: request.address });
    if (ctx.chain.isOnChain) await recordExportIntents(tx, { editionId, toAddress: request.address, now });
    return { status: 200, body: (await editionViewsByIds(tx, [editionId])).get(editionId)!.edition };
  });
  await nudgeChainSender(ctx);
  return result.body;
}

/** Whether the address is the chain's contract or one of the custodial registry's (stored in lower case). */
async function isCollectibleContract(ctx: { db: Db; chain: AppContext['chain'] }, address: string): Promise<boolean> {
  const lower = address.toLowerCase();
  if (ctx.chain.contractAddress?.toLowerCase() === lower) return true;
  const [known] = await ctx.db
    .select({ address: chainContracts.address })
    .from(chainContracts)
    .where(eq(chainContracts.address, lower));
  return known !== undefined;
}
