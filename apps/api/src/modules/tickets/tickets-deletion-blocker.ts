import { eq, sum } from 'drizzle-orm';
import { formatNumber } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import type { DeletionBlocker } from '../users/deletion/deletion-blockers.ts';
import { ticketHoldings } from './tickets.tables.ts';

/**
 * Route: POST /v1/users/delete-request and the deletion job, through users/deletion/deletion-blockers.ts · Reads:
 * ticket_holdings · Tests: tickets-deletion-blocker.test.ts.
 *
 * An account cannot be deleted while it holds tickets: bought or earned, they would be lost with the account (session
 * 71's hunt). A kind whose tickets are all spent keeps its holding row at 0, which holds nothing.
 */
export async function ticketsDeletionBlocker(tx: Db, userId: string): Promise<DeletionBlocker | null> {
  const [row] = await tx
    .select({ total: sum(ticketHoldings.count).mapWith(Number) })
    .from(ticketHoldings)
    .where(eq(ticketHoldings.userId, userId));
  const held = row?.total ?? 0;
  if (held === 0) return null;
  return {
    kind: 'tickets',
    message: held === 1 ? 'You still hold 1 ticket.' : `You still hold ${formatNumber(held)} tickets.`,
  };
}
