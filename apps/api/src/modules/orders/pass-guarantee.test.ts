import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropMessages, errorCatalogue } from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { dropRequest } from '../../testing/console-drop-fixtures.ts';
import { fastBuyer, freshAccessToken, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest, ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';
import { publishInConsole } from '../../testing/console-publication.ts';

// A round open to everyone that holds packs back for holders of a pass for a while (issue 18's "guaranteed
// editions", decision record 29). Races between instances: pass-guarantee-races.test.ts.

let t: TestApp;
let admin: { accessToken: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();

async function passOfNewBrand(supply: number) {
  const brand = await insertBrand(db());
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/console/passes',
    headers: bearer(admin.accessToken),
    payload: {
      brandId: brand.id,
      name: 'Neon Season Pass',
      description: '',
      imageUrl: '/uploads/season-pass.png',
      benefits: ['A guaranteed pack in round 1'],
      supply,
      price: 2_500,
      perPersonLimit: 1,
      saleBeginAt: iso(-5),
      saleEndAt: iso(24 * 60),
      validFrom: iso(-5),
      validUntil: iso(30 * 24 * 60),
    },
  });
  expect(created.statusCode).toBe(201);
  await publishInConsole(t, admin.accessToken, 'passes', created.json().data.id);
  return { brand, passId: created.json().data.id as string };
}

async function funded() {
  const buyer = await fastBuyer(t);
  await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 100_000 });
  return buyer;
}

async function holderOf(passId: string) {
  const buyer = await funded();
  const bought = await t.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
    payload: { passId, quantity: 1, paymentMethod: 'BALANCE' },
  });
  expect(bought.statusCode).toBe(201);
  return buyer;
}

function buyPacks(accessToken: string, dropId: string, quantity = 1, paymentMethod = 'BALANCE') {
  return t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { dropId, quantity, paymentMethod },
  });
}

async function packNumbersOf(orderId: string): Promise<number[]> {
  const rows = await queryRows<{ number: number }>(
    db(),
    sql`select number from packs where order_id = ${orderId} order by number`,
  );
  return rows.map((row) => row.number);
}

/** A live drop whose one round of `packCount` packs guarantees `packsPerHolder` to each holder of a new pass. */
async function guaranteeRound(input: { passSupply: number; packsPerHolder: number; packCount: number }) {
  const { passId } = await passOfNewBrand(input.passSupply);
  const drop = await insertLiveDrop(db(), {
    now: t.clock.now(),
    rounds: [
      {
        packCount: input.packCount,
        passGuarantee: {
          passId,
          packsPerHolder: input.packsPerHolder,
          minutes: 30,
          packCount: input.passSupply * input.packsPerHolder,
        },
      },
    ],
  });
  return { passId, dropId: drop.dropId };
}

async function viewerOf(accessToken: string, dropId: string) {
  return (await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}`, headers: bearer(accessToken) })).json().data;
}

describe('a round that guarantees packs to pass holders', () => {
  it('holds them back from everyone else, gives each holder their share, and says which state each is in', async () => {
    const { passId, dropId } = await guaranteeRound({ passSupply: 2, packsPerHolder: 1, packCount: 5 });
    const openedAt = new Date(t.clock.now().getTime() - MINUTE_MS);

    const shown = (await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}` })).json().data;
    expect(shown.salePolicies[0].passGuarantee).toEqual({
      pass: { id: passId, name: 'Neon Season Pass' },
      packsPerHolder: 1,
      packCount: 2,
      minutes: 30,
      endsAt: new Date(openedAt.getTime() + 30 * MINUTE_MS).toISOString(),
    });
    // What is still held back, for the drop page to tell everyone else what is theirs to buy (hunt, session 74).
    const heldBackLeft = async () =>
      (await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}` })).json().data.salePolicies[0].heldBackLeftCount;
    expect(shown.salePolicies[0].heldBackLeftCount).toBe(2);

    // Three packs are open to everyone; then only the two held back are left, and not for people without the pass.
    for (let n = 0; n < 3; n += 1) {
      const bought = await buyPacks((await funded()).accessToken, dropId);
      expect(bought.statusCode).toBe(201);
      expect((await packNumbersOf(bought.json().data.id))[0]).toBeGreaterThanOrEqual(3);
    }
    expect(await heldBackLeft()).toBe(2);
    const outsider = await funded();
    expect((await viewerOf(outsider.accessToken, dropId)).viewer.passGuarantee).toEqual({
      holdsPass: false,
      packsLeft: 0,
    });
    const turnedAway = await buyPacks(outsider.accessToken, dropId);
    expect(turnedAway.statusCode).toBe(409);
    expect(turnedAway.json()).toMatchObject({
      code: 'PACKS_HELD_FOR_HOLDERS',
      message: errorCatalogue.PACKS_HELD_FOR_HOLDERS.message,
    });

    // A holder gets their share even though the open packs ran out, and no more than it.
    const first = await holderOf(passId);
    expect((await viewerOf(first.accessToken, dropId)).viewer.passGuarantee).toEqual({ holdsPass: true, packsLeft: 1 });
    const share = await buyPacks(first.accessToken, dropId);
    expect(share.statusCode).toBe(201);
    expect(await packNumbersOf(share.json().data.id)).toEqual([1]);
    expect(await heldBackLeft()).toBe(1);
    expect((await viewerOf(first.accessToken, dropId)).viewer.passGuarantee).toEqual({ holdsPass: true, packsLeft: 0 });
    // Told their share is bought, not that the packs are for holders: they are one.
    expect((await buyPacks(first.accessToken, dropId)).json()).toEqual({
      code: 'HOLDER_SHARE_EXCEEDED',
      message: errorCatalogue.HOLDER_SHARE_EXCEEDED.message,
    });

    // The other holder's share waits for them, by card too; after it nothing is left for anyone.
    const second = await holderOf(passId);
    const held = await buyPacks(second.accessToken, dropId, 1, 'CARD');
    expect(held.statusCode).toBe(201);
    expect(held.json().data.status).toBe('PENDING');
    expect(await packNumbersOf(held.json().data.id)).toEqual([2]);
    expect(await heldBackLeft()).toBe(0);
    expect((await buyPacks(outsider.accessToken, dropId)).json().code).toBe('SOLD_OUT');
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('takes a holder’s share from the held-back packs and the rest of their order from the open ones', async () => {
    const { passId, dropId } = await guaranteeRound({ passSupply: 3, packsPerHolder: 2, packCount: 10 });
    const holder = await holderOf(passId);
    const bought = await buyPacks(holder.accessToken, dropId, 3);
    expect(bought.statusCode).toBe(201);
    // Held back: 1..6. The share (2) from there, the third pack from the open ones.
    expect(await packNumbersOf(bought.json().data.id)).toEqual([1, 2, 7]);
    const again = await buyPacks(holder.accessToken, dropId, 1);
    expect(await packNumbersOf(again.json().data.id)).toEqual([8]);
  });
});

describe('the console', () => {
  async function consoleDrop(brandId: string, round: Record<string, unknown>) {
    const product = await insertProduct(db(), brandId, { rarity: 'COMMON' });
    const request = dropRequest(brandId, [product.id], t.clock.now(), {
      rounds: [
        {
          round: 1,
          saleBeginAt: iso(60),
          saleEndAt: iso(120),
          price: 1_500,
          perPersonLimit: 5,
          packCount: 10,
          whitelist: null,
          ...round,
        },
      ],
    });
    return t.app.inject({
      method: 'POST',
      url: '/v1/console/drops',
      headers: bearer(admin.accessToken),
      payload: request,
    });
  }

  it('sets a guarantee on a round, sized by the pass’s supply, and shows it back', async () => {
    const { brand, passId } = await passOfNewBrand(4);
    const created = await consoleDrop(brand.id, { passGuarantee: { passId, packsPerHolder: 2, minutes: 90 } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.rounds[0].passGuarantee).toEqual({
      pass: { id: passId, name: 'Neon Season Pass' },
      packsPerHolder: 2,
      packCount: 8,
      minutes: 90,
      // Capped at the round's end, an hour after it opens.
      endsAt: iso(120),
    });
  });

  it('refuses a guarantee the round cannot hold, one over the limit, one beside a required pass, another brand’s', async () => {
    const { brand, passId } = await passOfNewBrand(6);
    const tooMany = await consoleDrop(brand.id, { passGuarantee: { passId, packsPerHolder: 2, minutes: 30 } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([
      { field: 'rounds.0.passGuarantee.packsPerHolder', message: dropMessages.guaranteeOverRound },
    ]);
    const overLimit = await consoleDrop(brand.id, { passGuarantee: { passId, packsPerHolder: 6, minutes: 30 } });
    expect(overLimit.json().details).toEqual([
      { field: 'rounds.0.passGuarantee.packsPerHolder', message: dropMessages.guaranteeOverLimit },
    ]);
    const both = await consoleDrop(brand.id, {
      requiredPassId: passId,
      passGuarantee: { passId, packsPerHolder: 1, minutes: 30 },
    });
    expect(both.json().details).toEqual([
      { field: 'rounds.0.passGuarantee', message: dropMessages.guaranteeWithRequiredPass },
    ]);
    const other = await passOfNewBrand(1);
    const foreign = await consoleDrop(brand.id, {
      passGuarantee: { passId: other.passId, packsPerHolder: 1, minutes: 30 },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('PASS_NOT_OF_BRAND');
  });
});

describe('when the hold ends', () => {
  // Last in the file: it moves the clock past the hold (and past the access tokens made before it).
  it('puts what holders left on sale to everyone', async () => {
    const { dropId } = await guaranteeRound({ passSupply: 2, packsPerHolder: 1, packCount: 3 });
    const outsider = await funded();
    expect((await buyPacks(outsider.accessToken, dropId)).statusCode).toBe(201);
    expect((await buyPacks(outsider.accessToken, dropId)).json().code).toBe('PACKS_HELD_FOR_HOLDERS');

    t.clock.advance(30 * MINUTE_MS);
    const accessToken = await freshAccessToken(t, outsider.userId);
    expect((await viewerOf(accessToken, dropId)).viewer.passGuarantee).toBeNull();
    const late = await buyPacks(accessToken, dropId, 2);
    expect(late.statusCode).toBe(201);
    expect(await packNumbersOf(late.json().data.id)).toEqual([1, 2]);
    expect((await buyPacks(accessToken, dropId)).json().code).toBe('SOLD_OUT');
  });
});
