import { and, asc, count, eq } from 'drizzle-orm';
import { RAFFLE_DRAW_ALGORITHM, type TRaffleDraw } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { passNamesByIds } from '../passes/pass-names.ts';
import { holdsValidPass } from '../passes/pass-units.ts';
import { ticketKindSummariesByIds } from '../tickets/ticket-kind-summaries.ts';
import { drawRaffle } from './draw-raffle.ts';
import { drawSecondChance } from './draw-second-chance.ts';
import { mineOf } from './enter-raffle.ts';
import { publicRaffleRound } from './public-raffle-round.ts';
import { openRaffleSeed } from './raffle-seed.ts';
import { purchaseWindowEndsAt } from './raffle-windows.ts';
import { raffleEntries, raffleRounds, type TRaffleRoundRow } from './raffles.tables.ts';

/**
 * Route: GET /v1/raffles/{roundId} (public; a signed-in caller also gets `mine` and `holdsRequiredPass`) · Writes:
 * through the draws when they are due and the job has not run yet · Reads: raffle_rounds, raffle_entries, ticket_kinds
 * (through ticketKindSummariesByIds), sale_policies, drops and brands (through publicRaffleRound), passes and
 * pass_units (the round's required pass, whether the caller holds it) · UI: features/drops raffle-draw-page.tsx,
 * raffle-panel.tsx · Tests: raffles.test.ts.
 *
 * A raffle round's public record (decision record 26): the commitment from the start, the live entry count while
 * registration is open, and from the draw the revealed seed, every entry's handle (sorted, so it does not tell who
 * entered when) and the winners, then the second draw. Everything `verifyRaffleRecord` needs to recompute the winners
 * without trusting us. A draw that is due is run here first (exactly once, draw-raffle.ts), so the record never says
 * "not drawn" past the close because the job has not come round yet.
 */
export async function getRaffle(
  ctx: Pick<AppContext, 'db' | 'clock' | 'seedKey'>,
  roundId: string,
  userId: string | null,
): Promise<TRaffleDraw> {
  const now = ctx.clock.now();
  // A drop's raffle shows with the drop (and its brand): otherwise it would name a drop nobody can see.
  const round = await publicRaffleRound(ctx.db, roundId, now);
  let raffle = await raffleRow(ctx, roundId);
  const windowEndsAt = purchaseWindowEndsAt(round, raffle);
  const isFirstDue = !raffle.drawnAt && now >= raffle.registrationClosesAt;
  const isSecondDue = !raffle.secondDrawnAt && now >= windowEndsAt;
  if (isFirstDue || isSecondDue) {
    if (isFirstDue) await drawRaffle(ctx, roundId, now);
    if (isSecondDue) await drawSecondChance(ctx, roundId, now);
    raffle = await raffleRow(ctx, roundId);
  }

  const [counted] = await ctx.db.select({ n: count() }).from(raffleEntries).where(eq(raffleEntries.policyId, roundId));
  const entries = raffle.drawnAt
    ? await ctx.db
        .select({ handle: raffleEntries.handle, wonIn: raffleEntries.wonIn })
        .from(raffleEntries)
        .where(eq(raffleEntries.policyId, roundId))
        .orderBy(asc(raffleEntries.handle))
    : null;
  const wonIn = (draw: number) => entries?.filter((entry) => entry.wonIn === draw).map((entry) => entry.handle) ?? [];
  const ticketKind = raffle.ticketKindId
    ? ((await ticketKindSummariesByIds(ctx.db, [raffle.ticketKindId])).get(raffle.ticketKindId) ?? null)
    : null;
  const requiredPass = round.requiredPassId
    ? {
        id: round.requiredPassId,
        name: (await passNamesByIds(ctx.db, [round.requiredPassId])).get(round.requiredPassId)?.name ?? 'a pass',
      }
    : null;
  const draw: TRaffleDraw = {
    roundId,
    dropId: round.dropId,
    round: round.round,
    algorithm: RAFFLE_DRAW_ALGORITHM,
    commitment: raffle.commitment,
    seedHex: raffle.drawnAt ? openRaffleSeed(ctx.seedKey, roundId, raffle.seedCipher) : null,
    registrationOpensAt: raffle.registrationOpensAt.toISOString(),
    registrationClosesAt: raffle.registrationClosesAt.toISOString(),
    drawnAt: raffle.drawnAt?.toISOString() ?? null,
    places: raffle.places,
    entriesCount: counted?.n ?? 0,
    entries: entries?.map((entry) => entry.handle) ?? null,
    winners: entries ? wonIn(1) : null,
    secondDraw: raffle.secondDrawnAt
      ? {
          drawnAt: raffle.secondDrawnAt.toISOString(),
          places: raffle.secondPlaces ?? 0,
          excluded: wonIn(1),
          winners: wonIn(2),
        }
      : null,
    rules: {
      ticketKind: ticketKind && { id: ticketKind.id, name: ticketKind.name },
      // What entering costs, as enter-raffle.ts charges it: a flag set on a round open to everyone (before the console
      // refused it, RAFFLE_FREE_FOR_HOLDERS_WITHOUT_PASS) waives nothing, so the record does not promise it.
      isFreeForPassHolders: raffle.isFreeForPassHolders && requiredPass !== null,
      requiredPass,
      ticketsOnLoss: raffle.ticketsOnLoss,
      purchaseWindowEndsAt: windowEndsAt.toISOString(),
    },
  };
  if (userId === null) return draw;
  const [mine] = await ctx.db
    .select()
    .from(raffleEntries)
    .where(and(eq(raffleEntries.policyId, roundId), eq(raffleEntries.userId, userId)));
  // What entering costs the caller, and whether they may enter at all, turns on holding the round's pass: the page says
  // so before the tap rather than after it (PASS_REQUIRED), as enter-raffle.ts decides it.
  const holdsRequiredPass = requiredPass ? await holdsValidPass(ctx.db, userId, requiredPass.id, now) : null;
  return { ...draw, mine: mine ? mineOf(mine) : null, holdsRequiredPass };
}

async function raffleRow(ctx: Pick<AppContext, 'db'>, roundId: string): Promise<TRaffleRoundRow> {
  const [raffle] = await ctx.db.select().from(raffleRounds).where(eq(raffleRounds.policyId, roundId));
  if (!raffle) throw new AppError('RAFFLE_NOT_FOUND');
  return raffle;
}
