import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { publishedBrandIds } from '../catalog/published-brand-ids.ts';
import { roundOfDrop, type TRoundOfDrop } from '../drops/sale-round.ts';

/**
 * Route: none of its own; GET /v1/raffles/{roundId} (get-raffle.ts) and POST /v1/raffles/{roundId}/entries
 * (enter-raffle.ts) ask it first · Writes: nothing · Reads: sale_policies and drops (through roundOfDrop), brands
 * (through publishedBrandIds) · Tests: raffles.test.ts.
 *
 * The round a public raffle address names, when the public may see it: its drop published and showing, and its brand
 * published, as the drop page, its purchases and its claim log require. A raffle shows with its drop: before, or once
 * the brand is taken down, it would name (and take entries, and tickets, for) a drop nobody can see or buy. Anything
 * else is RAFFLE_NOT_FOUND, whether the round exists or not.
 */
export async function publicRaffleRound(db: Db, roundId: string, now: Date): Promise<TRoundOfDrop> {
  const round = await roundOfDrop(db, { policyId: roundId });
  if (!round?.isPublished || now < round.visibleAt) throw new AppError('RAFFLE_NOT_FOUND');
  if (!(await publishedBrandIds(db, [round.brandId])).has(round.brandId)) throw new AppError('RAFFLE_NOT_FOUND');
  return round;
}
