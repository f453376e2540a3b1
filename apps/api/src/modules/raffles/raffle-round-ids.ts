import { inArray } from 'drizzle-orm';
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
