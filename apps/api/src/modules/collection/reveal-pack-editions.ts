import { and, eq, inArray, sql } from 'drizzle-orm';
import { editionMoves } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { insertProductActivitiesSql } from '../catalog/product-activity-fragments.ts';
import { editions } from './collection.tables.ts';
import { editionsOfPacksSql } from './edition-fragments.ts';

/**
 * A pack was opened: its editions move IN_PACK -> OWNED (the contract's `open`) and become the owner's, each with an OPENED activity (writes editions and, through
 * the catalogue's fragment, product_activities). Inside the transaction that opened the pack.
 */
export async function revealPackEditions(tx: Db, packId: string, userId: string, now: Date): Promise<void> {
  const revealed = await tx
    .update(editions)
    .set({ ownerUserId: userId, state: editionMoves.open.to, acquiredAt: now })
    .where(and(eq(editions.packId, packId), inArray(editions.state, [...editionMoves.open.from])))
    .returning({ id: editions.id });
  const opened = sql`select ${packId}::uuid as id, ${userId}::uuid as user_id, ${now.toISOString()}::timestamptz as at`;
  await tx.execute(
    insertProductActivitiesSql(
      'OPENED',
      editionsOfPacksSql(opened),
      revealed.map(() => newId()),
    ),
  );
}
