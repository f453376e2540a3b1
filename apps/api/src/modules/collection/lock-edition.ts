import { eq } from 'drizzle-orm';
import { editionMoves, type TEdition, type TEditionState } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { editions } from './collection.tables.ts';
import { editionViewsByIds } from './edition-views.ts';
import { moveEdition } from './move-edition.ts';

/**
 * Route: POST /v1/editions/{id}/lock and /unlock · Writes: editions, product_activities (through moveEdition) · UI: the
 * NFT page (to come) · Tests: edition-moves.test.ts.
 *
 * An owner keeps an edition from fusion, export and sale (LOCKED), or frees it again; both are in its history. Asking
 * for the state it is already in answers it as it is.
 */
export async function setEditionLock(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  editionId: string,
  isLocked: boolean,
): Promise<TEdition> {
  const move = isLocked ? 'lock' : 'unlock';
  return inTransaction(ctx.db, async (tx) => {
    try {
      await moveEdition(tx, { editionId, move, ownerUserId: userId, now: ctx.clock.now() });
    } catch (refusal) {
      // Already as asked (a second tab, a double click): nothing moves, no history row, and the answer is the edition
      // as it is, where "locked: unlock it first" answered a lock.
      if (!(await isAlready(tx, editionId, userId, editionMoves[move].to))) throw refusal;
    }
    return (await editionViewsByIds(tx, [editionId])).get(editionId)!.edition;
  });
}

async function isAlready(tx: Db, editionId: string, userId: string, state: TEditionState): Promise<boolean> {
  const [row] = await tx
    .select({ ownerUserId: editions.ownerUserId, state: editions.state })
    .from(editions)
    .where(eq(editions.id, editionId));
  return row?.ownerUserId === userId && row.state === state;
}
