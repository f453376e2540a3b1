import { count, desc, eq } from 'drizzle-orm';
import type { TPage, TPageQuery, TTicketMovement } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { rafflesOfEntries } from '../raffles/raffle-occasions.ts';
import { ticketKinds, ticketMovements } from './tickets.tables.ts';
import { movementDescription, movementLinkPath } from './ticket-words.ts';

const raffleReasons = new Set<TTicketMovement['reason']>(['RAFFLE_ENTRY', 'RAFFLE_REFUND']);

/**
 * Route: GET /v1/tickets/my/history · Reads: ticket_movements (index ticket_movements_user_created_idx), ticket_kinds,
 * and for a raffle's movements its raffle (raffles rafflesOfEntries) · UI: features/drops tickets-page.tsx
 * ("History") · Tests: tickets.test.ts, raffles.test.ts.
 *
 * Every grant and spend of mine, newest first, each in words ("Bought 2 Drop tickets") with its signed count.
 */
export async function listMyTicketHistory(db: Db, userId: string, query: TPageQuery): Promise<TPage<TTicketMovement>> {
  const mine = eq(ticketMovements.userId, userId);
  const { limit, offset } = pageWindow(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: ticketMovements.id,
        delta: ticketMovements.delta,
        reason: ticketMovements.reason,
        referenceId: ticketMovements.referenceId,
        createdAt: ticketMovements.createdAt,
        kindId: ticketKinds.id,
        kindName: ticketKinds.name,
        kindImageUrl: ticketKinds.imageUrl,
      })
      .from(ticketMovements)
      .innerJoin(ticketKinds, eq(ticketKinds.id, ticketMovements.ticketKindId))
      .where(mine)
      .orderBy(desc(ticketMovements.createdAt), desc(ticketMovements.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(ticketMovements).where(mine),
  ]);
  // A raffle's movements are keyed by the entry: its round and drop name the raffle in the line.
  const raffles = await rafflesOfEntries(
    db,
    rows.filter((row) => raffleReasons.has(row.reason)).map((row) => row.referenceId),
  );
  const items = rows.map((row): TTicketMovement => {
    const raffle = raffleReasons.has(row.reason) ? (raffles.get(row.referenceId) ?? null) : null;
    return {
      id: row.id,
      kind: { id: row.kindId, name: row.kindName, imageUrl: row.kindImageUrl },
      delta: row.delta,
      reason: row.reason,
      description: movementDescription(row.reason, row.delta, row.kindName, raffle),
      linkPath: movementLinkPath(row.reason, row.referenceId, raffle),
      createdAt: row.createdAt.toISOString(),
    };
  });
  return toPage(items, query, Number(counted?.total ?? 0));
}
