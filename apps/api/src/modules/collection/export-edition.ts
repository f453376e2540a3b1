import type { TEdition, TExportEditionRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { runWithIdempotencyKey, type TIdempotentRequest } from '../../http/idempotency.ts';
import { editionViewsByIds } from './edition-views.ts';
import { moveEdition } from './move-edition.ts';

/**
 * Route: POST /v1/editions/{id}/export (with an Idempotency-Key) · Writes: editions, product_activities (through
 * moveEdition), idempotency_keys · UI: the NFT page, confirmed twice (to come) · Tests: edition-moves.test.ts.
 *
 * A collector moves an edition out to their own wallet: it leaves the collection for good (EXPORTED), and its history
 * names the address. Only an OWNED edition goes: equipped, locked or listed ones are refused (EDITION_LOCKED), and of
 * concurrent exports one wins. The custodial registry is the record of where the token went; a chain adapter (to come)
 * transfers it after this commits (rule 7: no outside call inside the transaction).
 */
export async function exportEdition(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  editionId: string,
  request: TExportEditionRequest,
  idempotent: TIdempotentRequest | null,
): Promise<TEdition> {
  const now = ctx.clock.now();
  const result = await runWithIdempotencyKey<TEdition>({ db: ctx.db, now }, userId, idempotent, async (tx) => {
    await moveEdition(tx, { editionId, move: 'export', ownerUserId: userId, now, counterpartAddress: request.address });
    return { status: 200, body: (await editionViewsByIds(tx, [editionId])).get(editionId)!.edition };
  });
  return result.body;
}
