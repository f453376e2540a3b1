import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roundOfDrop } from '../drops/sale-round.ts';
import { raffleEntries } from './raffles.tables.ts';

/*
 * Route: none; the ticket history names the raffle a ticket entered or came back from (tickets
 * list-my-ticket-history.ts) · Writes: nothing · Reads: raffle_entries, and each round through roundOfDrop ·
 * Tests: raffles.test.ts.
 */

/** The raffle of an entry: its round's number and its drop. */
export interface TRaffleOfEntry {
  round: number;
  dropId: string;
  dropName: string;
}

/** The raffles of these entries, by entry id (an unknown id is left out): one read of the entries, one per round. */
export async function rafflesOfEntries(db: Db, entryIds: readonly string[]): Promise<Map<string, TRaffleOfEntry>> {
  const ids = [...new Set(entryIds)];
  if (ids.length === 0) return new Map();
  const entries = await db
    .select({ id: raffleEntries.id, policyId: raffleEntries.policyId })
    .from(raffleEntries)
    .where(inArray(raffleEntries.id, ids));
  const policyIds = [...new Set(entries.map((entry) => entry.policyId))];
  const rounds = new Map(
    await Promise.all(policyIds.map(async (policyId) => [policyId, await roundOfDrop(db, { policyId })] as const)),
  );
  const raffles = new Map<string, TRaffleOfEntry>();
  for (const entry of entries) {
    const round = rounds.get(entry.policyId);
    if (round) raffles.set(entry.id, { round: round.round, dropId: round.dropId, dropName: round.dropName });
  }
  return raffles;
}
