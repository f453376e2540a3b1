import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { raffleRounds } from './raffles.tables.ts';

/**
 * Which of these rounds are raffles: the drop's public view says so on each round ("Who may buy: the raffle's
 * winners"), so a page never offers a raffle round as open to everyone. Reads raffle_rounds by primary key.
 */
export async function raffleRoundIds(db: Db, policyIds: readonly string[]): Promise<Set<string>> {
  if (policyIds.length === 0) return new Set();
  const rows = await db
    .select({ policyId: raffleRounds.policyId })
    .from(raffleRounds)
    .where(inArray(raffleRounds.policyId, [...new Set(policyIds)]));
  return new Set(rows.map((row) => row.policyId));
}

/**
 * How long before a round opens its being a raffle is settled: no raffle is added later (RAFFLE_ROUND_OPENING). Room
 * for the clocks of instances to disagree (synchronised servers differ by milliseconds); operators set raffles days
 * ahead, since registration must close before the round opens.
 */
const SETTLED_BEFORE_OPENING_MS = 15_000;

/** When whether the round is a raffle can no longer change (set-raffle.ts refuses a new raffle from then on). */
export function raffleSettledAt(saleBeginAt: Date): Date {
  return new Date(saleBeginAt.getTime() - SETTLED_BEFORE_OPENING_MS);
}

/** How many rounds one process keeps: every round of many drops; cleared rather than grown past it. */
const MAX_KEPT = 10_000;
const kept = new Map<string, Promise<boolean>>();

/**
 * Whether the round is a raffle, asked by every purchase of its packs (raffle-purchase-gate.ts). A raffle is never
 * removed, and none is added from just before the round opens (RAFFLE_ROUND_OPENING), so from then on the answer is
 * kept for the process's life and costs no read: purchases happen only in an open round, so on the purchase path every
 * answer but the first is a kept one (before, every attempt read raffle_rounds, one round trip of a purchase's few).
 * Before then each call reads (one primary-key read), so a raffle set a moment ago is seen at once.
 */
export function isRaffleRound(db: Db, round: { id: string; saleBeginAt: Date }, now: Date): Promise<boolean> {
  const hit = kept.get(round.id);
  if (hit) return hit;
  const loading = db
    .select({ policyId: raffleRounds.policyId })
    .from(raffleRounds)
    .where(eq(raffleRounds.policyId, round.id))
    .then((rows) => rows.length > 0);
  if (now < raffleSettledAt(round.saleBeginAt)) return loading;
  if (kept.size >= MAX_KEPT) kept.clear();
  kept.set(round.id, loading);
  loading.catch(() => kept.delete(round.id));
  return loading;
}
