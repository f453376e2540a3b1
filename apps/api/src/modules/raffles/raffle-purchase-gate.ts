import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { drawRaffle } from './draw-raffle.ts';
import { drawSecondChance } from './draw-second-chance.ts';
import type { TRafflePlace } from './raffle-places.ts';
import { isRaffleRound } from './raffle-round-ids.ts';
import { purchaseWindowEndsAt } from './raffle-windows.ts';
import { raffleEntries, raffleRounds } from './raffles.tables.ts';

/**
 * Route: none of its own; POST /v1/orders and /v2/orders ask it before a purchase of packs (orders/purchase-packs.ts),
 * as they ask holdsValidPass · Writes: through the draws when due · Reads: raffle_rounds (for a round that is not a
 * raffle, once per process: isRaffleRound), raffle_entries · UI:
 * features/drops purchase dialog shows RAFFLE_NOT_A_WINNER and RAFFLE_WINDOW_ENDED · Tests: raffles.test.ts.
 *
 * In a raffle round only winners buy: the first draw's from the round's opening until the purchase window ends, the
 * second draw's from then until the round ends. A first winner past the window (their place went to the waiting list)
 * is refused RAFFLE_WINDOW_ENDED, everyone else RAFFLE_NOT_A_WINNER. A round without a raffle is left alone (answers null). A draw
 * that is due is run first (exactly once), so the first buyer after the close does not depend on the job having run.
 *
 * This check uses the time the request arrived and takes no lock, so it only turns away early: a winner it lets
 * through is decided again inside the purchase's transaction (lockRafflePlaces, with the place answered here), where
 * the second draw cannot give the place away meanwhile.
 */
export async function assertMayBuyInRaffleRound(
  ctx: Pick<AppContext, 'db' | 'seedKey' | 'clock'>,
  userId: string,
  round: { id: string; saleBeginAt: Date; saleEndAt: Date },
  now: Date,
): Promise<TRafflePlace | null> {
  if (!(await isRaffleRound(ctx.db, round, now))) return null;
  const [raffle] = await ctx.db.select().from(raffleRounds).where(eq(raffleRounds.policyId, round.id));
  if (!raffle) return null;
  const windowEndsAt = purchaseWindowEndsAt(round, raffle);
  if (!raffle.drawnAt && now >= raffle.registrationClosesAt) await drawRaffle(ctx, round.id, now);
  if (!raffle.secondDrawnAt && now >= windowEndsAt) await drawSecondChance(ctx, round.id, now);
  const [entry] = await ctx.db
    .select({ wonIn: raffleEntries.wonIn })
    .from(raffleEntries)
    .where(and(eq(raffleEntries.policyId, round.id), eq(raffleEntries.userId, userId)));
  // A first winner past their window was a winner: told their time ended, not that they never won (session 78).
  if (entry?.wonIn === 1 && now >= windowEndsAt) throw new AppError('RAFFLE_WINDOW_ENDED');
  if (entry?.wonIn !== 1 && entry?.wonIn !== 2) throw new AppError('RAFFLE_NOT_A_WINNER');
  return { roundId: round.id, windowEndsAt, clock: ctx.clock };
}
