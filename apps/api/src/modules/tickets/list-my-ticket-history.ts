import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TPage, TPageQuery, TTicketMovement } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { pageWindow, toPage } from '../../http/pagination.ts';
import { drops, salePolicies } from '../drops/drops.tables.ts';
import { raffleEntries } from '../raffles/raffles.tables.ts';
import { ticketKinds, ticketMovements } from './tickets.tables.ts';
import { movementDescription, movementLinkPath } from './ticket-words.ts';

/**
 * Route: GET /v1/tickets/my/history · Reads: ticket_movements (index ticket_movements_user_created_idx), ticket_kinds,
 * and for a raffle's movements raffle_entries, sale_policies and drops · UI: features/drops tickets-page.tsx
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
        raffleRound: salePolicies.round,
        raffleDropId: drops.id,
        raffleDropName: drops.name,
      })
      .from(ticketMovements)
      .innerJoin(ticketKinds, eq(ticketKinds.id, ticketMovements.ticketKindId))
      // A raffle's movements are keyed by the entry: its round and drop name the raffle in the line.
      .leftJoin(
        raffleEntries,
        and(
          inArray(ticketMovements.reason, ['RAFFLE_ENTRY', 'RAFFLE_REFUND']),
          sql`${raffleEntries.id}::text = ${ticketMovements.referenceId}`,
        ),
      )
      .leftJoin(salePolicies, eq(salePolicies.id, raffleEntries.policyId))
      .leftJoin(drops, eq(drops.id, salePolicies.dropId))
      .where(mine)
      .orderBy(desc(ticketMovements.createdAt), desc(ticketMovements.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(ticketMovements).where(mine),
  ]);
  const items = rows.map((row): TTicketMovement => {
    const raffle =
      row.raffleRound !== null && row.raffleDropId !== null && row.raffleDropName !== null
        ? { round: row.raffleRound, dropId: row.raffleDropId, dropName: row.raffleDropName }
        : null;
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
