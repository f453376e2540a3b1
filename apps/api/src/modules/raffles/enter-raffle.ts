import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TRaffleMine } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { whitelistedEmails } from '../drops/get-sale-drop.ts';
import { holdsValidPass } from '../passes/pass-units.ts';
import { spendTicket } from '../tickets/spend-ticket.ts';
import { raffleEntryOccasion } from '../tickets/ticket-words.ts';
import { verifiedEmailOf } from '../users/verified-emails.ts';
import { publicRaffleRound } from './public-raffle-round.ts';
import { raffleEntries } from './raffles.tables.ts';

/**
 * Route: POST /v1/raffles/{roundId}/entries · Writes: raffle_entries, ticket_movements, ticket_holdings and
 * notifications (through spendTicket) · Reads: raffle_rounds, users (verified email), pass_units (through
 * holdsValidPass), sale_policies, drops and brands (through publicRaffleRound), sale_policy_whitelist · UI:
 * features/drops drop-rounds.tsx · Tests: raffles.test.ts, raffle-races.test.ts.
 *
 * One entry per person and round, in one transaction:
 *
 * - The raffle row is locked FOR KEY SHARE and its window and drawn_at checked under it, so the draw (FOR UPDATE)
 *   waits for entries in flight and an entry arriving after the draw is refused (RAFFLE_REGISTRATION_CLOSED).
 * - A round that requires a pass refuses a non-holder (PASS_REQUIRED); a holder enters free when the raffle says so.
 *   A whitelisted round refuses anyone not on its list (NOT_WHITELISTED), as its sale would.
 * - The entry is inserted with ON CONFLICT DO NOTHING on (round, person): of concurrent entries by one person, one
 *   inserts and the others wait for it, then answer that entry (a retry is safe and answers the same handle).
 * - The ticket is spent keyed by the new entry's id in the same transaction: not enough tickets rolls the entry back
 *   (NOT_ENOUGH_TICKETS), and since only one entry per person can exist, only one ticket is ever spent for it.
 *
 * The handle is 12 random base64url characters (72 bits) issued here and never changed: the operator cannot choose
 * it, and it does not say who entered.
 */
export async function enterRaffle(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  roundId: string,
): Promise<{ entry: TRaffleMine; isNew: boolean }> {
  const now = ctx.clock.now();
  // Only a raffle the public may see takes entries (and their tickets): not one whose drop or brand is not published.
  const round = await publicRaffleRound(ctx.db, roundId, now);
  if (round.isGiftRound) throw new AppError('GIFT_ROUND_NOT_FOR_SALE');
  const email = await verifiedEmailOf(ctx.db, userId);
  if (!email) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  // A place won is a right to buy: someone the round would refuse would take it from someone it would not.
  if (round.hasWhitelist && !(await whitelistedEmails(ctx.db, round.id, [email])).has(email)) {
    throw new AppError('NOT_WHITELISTED');
  }
  return inTransaction(ctx.db, async (tx) => {
    const [raffle] = await queryRows<{
      registration_opens_at: string | Date;
      registration_closes_at: string | Date;
      drawn_at: string | Date | null;
      ticket_kind_id: string | null;
      is_free_for_pass_holders: boolean;
    }>(
      tx,
      sql`select registration_opens_at, registration_closes_at, drawn_at, ticket_kind_id, is_free_for_pass_holders
          from raffle_rounds where policy_id = ${roundId}::uuid for key share`,
    );
    if (!raffle) throw new AppError('RAFFLE_NOT_FOUND');
    const isOpen =
      raffle.drawn_at === null &&
      now >= new Date(raffle.registration_opens_at) &&
      now < new Date(raffle.registration_closes_at);
    if (!isOpen) throw new AppError('RAFFLE_REGISTRATION_CLOSED');
    const isHolder = round.requiredPassId ? await holdsValidPass(tx, userId, round.requiredPassId, now) : false;
    if (round.requiredPassId && !isHolder) throw new AppError('PASS_REQUIRED');
    const ticketKindId = isHolder && raffle.is_free_for_pass_holders ? null : raffle.ticket_kind_id;

    const [inserted] = await tx
      .insert(raffleEntries)
      .values({
        id: newId(),
        policyId: roundId,
        userId,
        handle: randomBytes(9).toString('base64url'),
        hasSpentTicket: ticketKindId !== null,
        wonIn: null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [raffleEntries.policyId, raffleEntries.userId] })
      .returning();
    if (!inserted) return { entry: await entryOf(tx, roundId, userId), isNew: false };
    if (ticketKindId) {
      const occasion = raffleEntryOccasion({ round: round.round, dropId: round.dropId, dropName: round.dropName });
      await spendTicket(tx, { userId, ticketKindId, reason: 'RAFFLE_ENTRY', referenceId: inserted.id, now, occasion });
    }
    return { entry: mineOf(inserted), isNew: true };
  });
}

type TEntryRow = typeof raffleEntries.$inferSelect;

export function mineOf(row: TEntryRow): TRaffleMine {
  return {
    handle: row.handle,
    enteredAt: row.createdAt.toISOString(),
    hasSpentTicket: row.hasSpentTicket,
    wonIn: row.wonIn === 1 || row.wonIn === 2 ? row.wonIn : null,
  };
}

async function entryOf(tx: Db, roundId: string, userId: string): Promise<TRaffleMine> {
  const [row] = await tx
    .select()
    .from(raffleEntries)
    .where(and(eq(raffleEntries.policyId, roundId), eq(raffleEntries.userId, userId)));
  // The conflicting entry committed before ON CONFLICT gave way, so a fresh statement sees it.
  if (!row) throw new Error('a raffle entry conflicted but cannot be read');
  return mineOf(row);
}
