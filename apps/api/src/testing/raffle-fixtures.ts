import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TSetRaffleRequest } from '@cypher/contract';
import { MINUTE_MS } from '../lib/clock.ts';
import { salePolicies } from '../modules/drops/drops.tables.ts';
import { grantPassUnits } from '../modules/passes/pass-units.ts';
import { provenanceSeedKey } from '../modules/drops/provenance-seed-cipher.ts';
import type { TRaffleDrawDeps } from '../modules/raffles/draw-raffle.ts';
import { bearer } from './auth-helpers.ts';
import { insertBrand } from './catalog-fixtures.ts';
import { publishInConsole } from './console-publication.ts';
import { insertLiveDrop } from './drop-fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * A published drop whose one round (`packCount` packs, opening in an hour for a day, for holders of `requiredPassId`
 * when given) is made a raffle through the console: registration open from a minute ago for 30 minutes, the winners'
 * purchase window 60 minutes.
 */
export async function insertRaffleRound(
  t: TestApp,
  operatorToken: string,
  raffle: Partial<TSetRaffleRequest> & {
    packCount?: number;
    perPersonLimit?: number | null;
    whitelistEmails?: string[];
    requiredPassId?: string;
  } = {},
) {
  const { packCount = 10, perPersonLimit = 1, whitelistEmails, requiredPassId, ...settings } = raffle;
  const now = t.clock.now();
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS).toISOString();
  const drop = await insertLiveDrop(t.database.db, {
    now,
    rounds: [{ packCount, perPersonLimit, beginsInMinutes: 60, endsInMinutes: 24 * 60, whitelistEmails }],
  });
  if (requiredPassId) {
    await t.database.db.update(salePolicies).set({ requiredPassId }).where(eq(salePolicies.dropId, drop.dropId));
  }
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

/** A published pass (valid from five minutes ago for 30 days), held by `holderIds`: one unit each, given as a grant. */
export async function heldPass(t: TestApp, operatorToken: string, holderIds: readonly string[]) {
  const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/console/passes',
    headers: bearer(operatorToken),
    payload: {
      brandId: (await insertBrand(t.database.db)).id,
      name: 'Neon Season Pass',
      description: '',
      imageUrl: '/uploads/season-pass.png',
      benefits: ['Free raffle entries'],
      supply: Math.max(1, holderIds.length),
      price: 2_500,
      perPersonLimit: 1,
      saleBeginAt: at(-5),
      saleEndAt: at(24 * 60),
      validFrom: at(-5),
      validUntil: at(30 * 24 * 60),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const pass = await publishInConsole(t, operatorToken, 'passes', created.json().data.id);
  const userIds = holderIds.map((userId) => ({ userId }));
  expect(await grantPassUnits(t.database.db, pass.id, userIds, t.clock.now())).toHaveLength(holderIds.length);
  return { id: pass.id, name: pass.name };
}
