import { and, eq, sql } from 'drizzle-orm';
import { drawRaffleWinners } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { inTransaction } from '../../db/transaction.ts';
import { cancelRaffleRoundRemindersExcept } from '../drops/reminders/cancel-drop-reminders.ts';
import { roundOfDrop } from '../drops/sale-round.ts';
import { insertNotificationsSql } from '../notifications/notification-fragments.ts';
import { grantTickets } from '../tickets/grant-tickets.ts';
import { raffleLossNotice, raffleWinNotice } from './raffle-notices.ts';
import { openRaffleSeed } from './raffle-seed.ts';
import { raffleEntries, raffleRounds } from './raffles.tables.ts';

export interface TRaffleDrawDeps {
  db: Db;
  /** Opens the raffle's sealed seed (AppContext.seedKey, provenanceSeedKey in jobs). */
  seedKey: Buffer;
}

/**
 * Route: none of its own; run by the draw-raffles job (draw-due-raffles.ts) at the close, lazily by GET
 * /v1/raffles/{roundId} and the purchase gate when the job has not yet, and by POST
 * /v1/console/drops/{dropId}/rounds/{round}/raffle/draw · Writes: raffle_rounds (drawn_at), raffle_entries (won_in),
 * ticket_movements and ticket_holdings (refunds, through grantTickets), notifications, drop_reminders (the round's
 * unsent reminders of all but the winners, through cancelRaffleRoundRemindersExcept) · Reads: sale_policies and drops
 * (through roundOfDrop) · UI: features/drops raffle-draw-page.tsx · Tests: raffles.test.ts, raffle-races.test.ts.
 *
 * The first draw of a raffle round, exactly once, after registration closes (decision record 26): the seed is opened,
 * every entry's handle ranked by drawRaffleWinners, the first `places` marked as winners, drawn_at set, every entrant
 * told, and the round's reminders kept for its winners only, in the same transaction.
 *
 * - Exactly once: the raffle row is locked FOR UPDATE and drawn_at checked under the lock, so two instances (the job
 *   on one, a reader on another) queue there and the second finds it drawn and does nothing.
 * - Frozen entries: an entry locks the same row FOR KEY SHARE (enter-raffle.ts) and checks drawn_at under it, so the
 *   draw waits for entries in flight and no entry commits after it.
 * - Losers' tickets come back when the round says RETURNED, granted as RAFFLE_REFUND keyed by the entry, so a retried
 *   draw could not refund twice even if it ran.
 *
 * Answers whether this call drew.
 */
export async function drawRaffle(deps: TRaffleDrawDeps, policyId: string, now: Date): Promise<boolean> {
  const round = await roundOfDrop(deps.db, { policyId });
  if (!round) return false;
  return inTransaction(deps.db, async (tx) => {
    const [raffle] = await tx.select().from(raffleRounds).where(eq(raffleRounds.policyId, policyId)).for('update');
    if (!raffle || raffle.drawnAt || now < raffle.registrationClosesAt) return false;
    const seedHex = openRaffleSeed(deps.seedKey, policyId, raffle.seedCipher);
    const entries = await tx
      .select({
        id: raffleEntries.id,
        userId: raffleEntries.userId,
        handle: raffleEntries.handle,
        hasSpentTicket: raffleEntries.hasSpentTicket,
      })
      .from(raffleEntries)
      .where(eq(raffleEntries.policyId, policyId));
    const winners = new Set(
      drawRaffleWinners({ seedHex, entries: entries.map((entry) => entry.handle), places: raffle.places }),
    );
    if (winners.size > 0) {
      await tx
        .update(raffleEntries)
        .set({ wonIn: 1 })
        .where(
          and(
            eq(raffleEntries.policyId, policyId),
            sql`${raffleEntries.handle} = any(${sqlArray([...winners])}::text[])`,
          ),
        );
    }
    await tx.update(raffleRounds).set({ drawnAt: now, updatedAt: now }).where(eq(raffleRounds.policyId, policyId));
    await cancelRaffleRoundRemindersExcept(
      tx,
      policyId,
      entries.filter((entry) => winners.has(entry.handle)).map((entry) => entry.userId),
    );

    const losers = entries.filter((entry) => !winners.has(entry.handle));
    const ticketKindId = raffle.ticketsOnLoss === 'RETURNED' ? raffle.ticketKindId : null;
    const refunded = ticketKindId ? losers.filter((entry) => entry.hasSpentTicket) : [];
    if (ticketKindId && refunded.length > 0) {
      await grantTickets(
        tx,
        refunded.map((entry) => ({
          userId: entry.userId,
          ticketKindId,
          count: 1,
          reason: 'RAFFLE_REFUND' as const,
          referenceId: entry.id,
          now,
        })),
      );
    }
    if (entries.length > 0) {
      const isRefunded = new Set(refunded.map((entry) => entry.id));
      await tx.execute(
        insertNotificationsSql(
          entries.map((entry) =>
            winners.has(entry.handle)
              ? raffleWinNotice(round, raffle, entry, 1, now)
              : raffleLossNotice(round, entry, isRefunded.has(entry.id), now),
          ),
        ),
      );
    }
    return true;
  });
}
