import { and, isNull, lte } from 'drizzle-orm';
import { drawRaffle, type TRaffleDrawDeps } from './draw-raffle.ts';
import { drawSecondChance } from './draw-second-chance.ts';
import { raffleRounds } from './raffles.tables.ts';

/**
 * Route: none; the draw-raffles job (jobs/job-scheduler.ts) runs it every minute · Writes: through the draws · Reads:
 * raffle_rounds · Tests: raffles.test.ts.
 *
 * Every raffle round whose registration has closed and that is not drawn gets its first draw; every drawn round whose
 * purchase window has ended gets its second (drawSecondChance checks the window; one row per round still waiting).
 * The draws lock and check their round, so a run on every instance, or beside a reader's lazy draw, draws once. The
 * draw happens at the close without anyone pressing a button (decision record 26: a withheld draw shows).
 */
export async function drawDueRaffles(deps: TRaffleDrawDeps, now: Date): Promise<{ drawn: number }> {
  const due = await deps.db
    .select({ policyId: raffleRounds.policyId, drawnAt: raffleRounds.drawnAt })
    .from(raffleRounds)
    .where(and(isNull(raffleRounds.secondDrawnAt), lte(raffleRounds.registrationClosesAt, now)));
  let drawn = 0;
  for (const raffle of due) {
    if (!raffle.drawnAt && (await drawRaffle(deps, raffle.policyId, now))) drawn += 1;
    if (await drawSecondChance(deps, raffle.policyId, now)) drawn += 1;
  }
  return { drawn };
}
