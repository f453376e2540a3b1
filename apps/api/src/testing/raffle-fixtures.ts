import { expect } from 'vitest';
import type { TSetRaffleRequest } from '@cypher/contract';
import { MINUTE_MS } from '../lib/clock.ts';
import { provenanceSeedKey } from '../modules/drops/provenance-seed-cipher.ts';
import type { TRaffleDrawDeps } from '../modules/raffles/draw-raffle.ts';
import { bearer } from './auth-helpers.ts';
import { insertLiveDrop } from './drop-fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * A published drop whose one round (`packCount` packs, opening in an hour for a day) is made a raffle through the
 * console: registration open from a minute ago for 30 minutes, the winners' purchase window 60 minutes.
 */
export async function insertRaffleRound(
  t: TestApp,
  operatorToken: string,
  raffle: Partial<TSetRaffleRequest> & {
    packCount?: number;
    perPersonLimit?: number | null;
    whitelistEmails?: string[];
  } = {},
) {
  const { packCount = 10, perPersonLimit = 1, whitelistEmails, ...settings } = raffle;
  const now = t.clock.now();
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS).toISOString();
  const drop = await insertLiveDrop(t.database.db, {
    now,
    rounds: [{ packCount, perPersonLimit, beginsInMinutes: 60, endsInMinutes: 24 * 60, whitelistEmails }],
  });
  const set = await t.app.inject({
    method: 'PUT',
    url: `/v1/console/drops/${drop.dropId}/rounds/1/raffle`,
    headers: bearer(operatorToken),
    payload: {
      places: 3,
      registrationOpensAt: at(-1),
      registrationClosesAt: at(30),
      ticketKindId: null,
      isFreeForPassHolders: false,
      ticketsOnLoss: 'KEPT',
      purchaseWindowMinutes: 60,
      ...settings,
    },
  });
  expect(set.statusCode, set.body).toBe(200);
  return { dropId: drop.dropId, roundId: drop.policies[0]!.id, at };
}

/** What the draws need, from a test app. */
export function drawDeps(t: TestApp): TRaffleDrawDeps {
  return { db: t.database.db, seedKey: provenanceSeedKey(t.deps.config) };
}
