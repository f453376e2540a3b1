import type { TEdition } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { editionViewsByIds } from './edition-views.ts';
import { moveEdition } from './move-edition.ts';

/**
 * Route: POST /v1/editions/{id}/lock and /unlock · Writes: editions, product_activities (through moveEdition) · UI: the
 * NFT page (to come) · Tests: edition-moves.test.ts.
 *
 * An owner keeps an edition from fusion, export and sale (LOCKED), or frees it again; both are in its history.
 */
export async function setEditionLock(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  editionId: string,
  isLocked: boolean,
): Promise<TEdition> {
  return inTransaction(ctx.db, async (tx) => {
    await moveEdition(tx, { editionId, move: isLocked ? 'lock' : 'unlock', ownerUserId: userId, now: ctx.clock.now() });
    return (await editionViewsByIds(tx, [editionId])).get(editionId)!.edition;
  });
}
