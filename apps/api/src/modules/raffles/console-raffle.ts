import { count, eq, sql } from 'drizzle-orm';
import type { TConsoleRaffle } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { managedBy, type Operator } from '../../http/operator-guard.ts';
import { roundOfDrop, type TRoundOfDrop } from '../drops/sale-round.ts';
import { ticketKindSummariesByIds } from '../tickets/ticket-kind-summaries.ts';
import { drawRaffle } from './draw-raffle.ts';
import { raffleEntries, raffleRounds } from './raffles.tables.ts';

/**
 * Route: GET /v1/console/drops/{dropId}/rounds/{round}/raffle and POST .../raffle/draw · Writes: through drawRaffle ·
 * Reads: raffle_rounds, raffle_entries, sale_policies and drops (through roundOfDrop), ticket_kinds (through
 * ticketKindSummariesByIds) · UI: features/console/components/raffle-access.tsx · Tests: raffles.test.ts.
 *
 * The operator's view of a raffle round (settings, commitment, entries and winners so far), and the draw on demand
 * once registration has closed: the same exactly-once draw the job runs, for an operator who will not wait a minute.
 */

/** The round the console addresses, managed by the operator (a brand manager of its drop's brand, or an admin). */
export async function managedRound(db: Db, operator: Operator, dropId: string, round: number): Promise<TRoundOfDrop> {
  const found = await roundOfDrop(db, { dropId, round });
  if (!found) throw new AppError('ROUND_NOT_FOUND');
  managedBy(operator, found, found.brandId);
  if (found.isGiftRound) throw new AppError('GIFT_ROUND_NOT_FOR_SALE');
  return found;
}

/** The console's view of a round's raffle, or null when the round is not a raffle. */
export async function consoleRaffleOf(db: Db, round: TRoundOfDrop): Promise<TConsoleRaffle | null> {
  const [raffle] = await db.select().from(raffleRounds).where(eq(raffleRounds.policyId, round.id));
  if (!raffle) return null;
  const [counted] = await db
    .select({
      entries: count(),
      firstDrawWinners: sql<number>`count(*) filter (where ${raffleEntries.wonIn} = 1)::int`,
    })
    .from(raffleEntries)
    .where(eq(raffleEntries.policyId, round.id));
  const kind = raffle.ticketKindId
    ? (await ticketKindSummariesByIds(db, [raffle.ticketKindId])).get(raffle.ticketKindId)
    : undefined;
  return {
    roundId: round.id,
    dropId: round.dropId,
    round: round.round,
    places: raffle.places,
    registrationOpensAt: raffle.registrationOpensAt.toISOString(),
    registrationClosesAt: raffle.registrationClosesAt.toISOString(),
    ticketKindId: raffle.ticketKindId,
    ticketKind: kind ? { id: kind.id, name: kind.name, isActive: kind.isActive, brand: kind.brand } : null,
    // Only a round that requires a pass has holders to waive (get-raffle.ts says the same to the public).
    isFreeForPassHolders: raffle.isFreeForPassHolders && round.requiredPassId !== null,
    ticketsOnLoss: raffle.ticketsOnLoss,
    purchaseWindowMinutes: raffle.purchaseWindowMinutes,
    commitment: raffle.commitment,
    entriesCount: counted?.entries ?? 0,
    drawnAt: raffle.drawnAt?.toISOString() ?? null,
    winnersCount: counted?.firstDrawWinners ?? 0,
    secondDrawnAt: raffle.secondDrawnAt?.toISOString() ?? null,
    secondPlaces: raffle.secondPlaces,
  };
}

export async function getConsoleRaffle(
  ctx: Pick<AppContext, 'db'>,
  operator: Operator,
  dropId: string,
  round: number,
): Promise<TConsoleRaffle> {
  const raffle = await consoleRaffleOf(ctx.db, await managedRound(ctx.db, operator, dropId, round));
  if (!raffle) throw new AppError('RAFFLE_NOT_FOUND');
  return raffle;
}

/** Draws now (RAFFLE_NOT_CLOSED before the close); a raffle already drawn is answered as it is. */
export async function drawRaffleFromConsole(
  ctx: Pick<AppContext, 'db' | 'clock' | 'seedKey'>,
  operator: Operator,
  dropId: string,
  round: number,
): Promise<TConsoleRaffle> {
  const now = ctx.clock.now();
  const managed = await managedRound(ctx.db, operator, dropId, round);
  const before = await consoleRaffleOf(ctx.db, managed);
  if (!before) throw new AppError('RAFFLE_NOT_FOUND');
  if (now < new Date(before.registrationClosesAt)) throw new AppError('RAFFLE_NOT_CLOSED');
  await drawRaffle(ctx, managed.id, now);
  return (await consoleRaffleOf(ctx.db, managed))!;
}
