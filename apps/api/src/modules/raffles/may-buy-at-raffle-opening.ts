import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { raffleEntries, raffleRounds } from './raffles.tables.ts';

/**
 * Route: none of its own; "Remind me" asks it (drops/reminders/reminder-rounds.ts: POST /v1/drops/{id}/reminders and
 * the drop's viewer part) · Reads: raffle_rounds, raffle_entries (the person's own entry) · Tests:
 * drops/reminders/drop-reminders.test.ts.
 *
 * Whether the person can be among those who buy when the round opens. In a raffle round only the first draw's winners
 * buy from the opening (raffle-purchase-gate.ts): so until that draw, anyone who may still enter or has entered can;
 * once it is held, only those it picked. Someone it did not pick stays on the waiting list, but a second-draw place
 * comes after the purchase window, with its own notice (raffle-notices.ts), not at the opening. A round that is not a
 * raffle answers true.
 */
export async function mayBuyAtRaffleOpening(db: Db, policyId: string, userId: string, now: Date): Promise<boolean> {
  const [raffle] = await db
    .select({
      registrationClosesAt: raffleRounds.registrationClosesAt,
      drawnAt: raffleRounds.drawnAt,
      entryId: raffleEntries.id,
      wonIn: raffleEntries.wonIn,
    })
    .from(raffleRounds)
    .leftJoin(raffleEntries, and(eq(raffleEntries.policyId, raffleRounds.policyId), eq(raffleEntries.userId, userId)))
    .where(eq(raffleRounds.policyId, policyId));
  if (!raffle) return true;
  if (raffle.drawnAt) return raffle.wonIn === 1;
  return raffle.entryId !== null || now < raffle.registrationClosesAt;
}
