import { eq, sql, type SQL } from 'drizzle-orm';
import {
  editionMoves,
  isEditionHidden,
  isEditionInCollection,
  isEditionLocked,
  type TEditionMove,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { insertProductActivitiesSql } from '../catalog/product-activity-fragments.ts';
import { editions } from './collection.tables.ts';

/*
 * Route: POST /v1/editions/{id}/lock, /unlock, /export (collection.routes.ts); figure bases, fusion and the market
 * will move editions through here too · Writes: editions, product_activities (catalog's fragment) · Tests:
 * edition-moves.test.ts.
 */

export interface TEditionMoveRequest {
  editionId: string;
  move: TEditionMove;
  /** The person the edition must belong to. */
  ownerUserId: string;
  now: Date;
  /** The other side of the move, kept in its history row (an export's wallet address). */
  counterpartAddress?: string | null;
}

/**
 * A move's time in the edition's history: the request's time, or just after the edition's last move when that is
 * later. A request's time is taken when it arrives, and one that arrived first may wait for the row while another
 * moves it (an unlock committing while a fusion that arrived earlier waits to burn): the UPDATE that waited sees the
 * row as the other left it, `moved_at` included, so the history still reads in the order the moves happened.
 */
export function movedAtSql(at: string): SQL {
  return sql`greatest(${at}::timestamptz, editions.moved_at + interval '1 microsecond')`;
}

/**
 * Moves an owner's edition along the contract's editionMoves: one statement updates the edition where its owner and
 * state allow the move and writes its history row from what that update returned, so a move and its history are one
 * statement's result, and of ten concurrent moves of one edition the row lock lets exactly one through (the others
 * find the state changed and move nothing). The row is dated after the edition's last move (movedAtSql). A refusal
 * reads the row only to say why.
 */
export async function moveEdition(tx: Db, request: TEditionMoveRequest): Promise<void> {
  const { from, to, activity } = editionMoves[request.move];
  const at = request.now.toISOString();
  const moved = await queryRows<{ edition_id: string }>(
    tx,
    sql`
      with moved as (
        update editions set state = ${to}, moved_at = ${movedAtSql(at)}
        where id = ${request.editionId} and owner_user_id = ${request.ownerUserId}
          and state = any(${sqlArray(from)}::text[])
        returning id as edition_id, product_id, serial_number, owner_user_id as actor_user_id,
                  moved_at as at, 1::bigint as n
      ),
      logged as (
        ${insertProductActivitiesSql(activity, sql`select * from moved`, [newId()], request.counterpartAddress ?? null)}
      )
      select edition_id from moved`,
  );
  if (moved.length === 1) return;
  const [row] = await tx
    .select({ ownerUserId: editions.ownerUserId, state: editions.state })
    .from(editions)
    .where(eq(editions.id, request.editionId));
  if (!row || isEditionHidden(row.state)) throw new AppError('EDITION_NOT_FOUND');
  if (row.ownerUserId !== request.ownerUserId) throw new AppError('EDITION_NOT_YOURS');
  if (!isEditionInCollection(row.state)) throw new AppError('EDITION_UNAVAILABLE');
  if (row.state === 'EQUIPPED' && request.move !== 'unequip') throw new AppError('EDITION_EQUIPPED');
  if (isEditionLocked(row.state) && (from as readonly string[]).includes('OWNED')) throw new AppError('EDITION_LOCKED');
  throw new AppError('EDITION_STATE_CONFLICT');
}
