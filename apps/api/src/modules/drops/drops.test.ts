import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyProvenance, type TConsoleDropRequest, type TDrop, type TDropProvenance } from '@cypher/contract';
import { LIVE_PUBLIC_CACHE_CONTROL, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../../http/public-cache.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { bearer, keyFromLatestEmail, signUp } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { claimPacks, dropRequest, publishedDrop } from '../../testing/console-drop-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { brands, products } from '../catalog/catalog.tables.ts';
import { drops as dropsTable } from './drops.tables.ts';
import { users } from '../users/users.tables.ts';
import { inTransaction } from '../../db/transaction.ts';
import { orders } from '../orders/orders.tables.ts';
import { releaseOrder } from '../orders/release-order.ts';

const HOUR_MS = 60 * 60 * 1000;

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
let brandId: string;
let productIds: string[];
/** The test's starting instant; every drop is placed around it. */
let start: Date;
const drops = {} as Record<
  'next' | 'nextLater' | 'available' | 'completed' | 'hidden' | 'draft' | 'otherBrand',
  string
>;

beforeAll(async () => {
  t = await createTestApp();
  start = t.clock.now();
  admin = await signUpOperator(t, 'admin');
  brandId = (await insertBrand(t.database.db)).id;
  productIds = [
    (await insertProduct(t.database.db, brandId, { rarity: 'COMMON', name: 'Common one' })).id,
    (await insertProduct(t.database.db, brandId, { rarity: 'LEGENDARY', name: 'Legend' })).id,
  ];
  // Several drops take from the same products here: no edition size.
  await t.database.db.update(products).set({ editionSize: null }).where(inArray(products.id, productIds));
  const at = (offset: number, overrides: Partial<TConsoleDropRequest> = {}) =>
    dropRequest(brandId, productIds, new Date(start.getTime() + offset), {
      contents: [
        { productId: productIds[0]!, editionCount: 294 },
        { productId: productIds[1]!, editionCount: 6 },
      ],
      ...overrides,
    });
  // dropRequest(now): visible at now, begins an hour later, round 1 for a day, round 2 the day after, ends a day later.
  drops.next = await publishedDrop(t, admin.accessToken, at(0, { name: 'Next drop' }));
  drops.nextLater = await publishedDrop(t, admin.accessToken, at(HOUR_MS / 2, { visibleAt: start.toISOString() }));
  drops.available = await publishedDrop(t, admin.accessToken, at(-2 * HOUR_MS, { name: 'Live drop' }));
  drops.completed = await publishedDrop(t, admin.accessToken, at(-10 * DAY_MS, { name: 'Past drop' }));
  drops.hidden = await publishedDrop(t, admin.accessToken, at(DAY_MS));
  const draft = await t.app.inject({
    method: 'POST',
    url: '/v1/console/drops',
    headers: bearer(admin.accessToken),
    payload: at(-2 * HOUR_MS),
  });
  drops.draft = draft.json().data.id;
  const otherBrand = (await insertBrand(t.database.db)).id;
  const otherProduct = (await insertProduct(t.database.db, otherBrand)).id;
  drops.otherBrand = await publishedDrop(
    t,
    admin.accessToken,
    dropRequest(otherBrand, [otherProduct], new Date(start.getTime() - 3 * HOUR_MS), {
      editionsPerPack: 1,
      rounds: [{ ...at(0).rounds[0]!, saleBeginAt: new Date(start.getTime() - HOUR_MS).toISOString() }],
      contents: [{ productId: otherProduct, editionCount: 60 }],
    }),
  );
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const dropOf = async (id: string, headers: Record<string, string> = {}) =>
  (await get(`/v1/drops/${id}`, headers)).json().data as TDrop;
const ids = async (query: string) =>
  ((await get(`/v1/drops?${query}`)).json().data as { items: TDrop[] }).items.map((drop) => drop.id);

async function userIdOf(email: string): Promise<string> {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

describe('GET /v1/drops', () => {
  it('lists visible published drops by status, each in its order, never drafts or drops before their visibleAt', async () => {
    expect(await ids('status=NEXT')).toEqual([drops.next, drops.nextLater]);
    expect(await ids('status=AVAILABLE')).toEqual([drops.available, drops.otherBrand]);
    expect(await ids('status=COMPLETED')).toEqual([drops.completed]);
    const all = await ids('size=100');
    expect(new Set(all)).toEqual(
      new Set([drops.next, drops.nextLater, drops.available, drops.otherBrand, drops.completed]),
    );
    expect(all).not.toContain(drops.hidden);
    expect(all).not.toContain(drops.draft);
  });

  it('filters by brand and pages with a total', async () => {
    expect(await ids(`status=AVAILABLE&brandId=${brandId}`)).toEqual([drops.available]);
    const page = (await get('/v1/drops?size=2&page=2')).json().data;
    expect(page).toMatchObject({ page: 2, size: 2, total: 5 });
    expect(page.items).toHaveLength(2);
  });

  it('moves a drop from list to list as the clock passes its times', async () => {
    try {
      t.clock.set(new Date(start.getTime() + HOUR_MS)); // the next drop's dropBeginAt
      expect(await ids('status=AVAILABLE')).toContain(drops.next);
      expect(await ids('status=NEXT')).toEqual([drops.nextLater]);
      t.clock.set(new Date(start.getTime() + DAY_MS)); // the hidden drop's visibleAt
      expect(await ids('status=NEXT')).toEqual([drops.hidden]);
      t.clock.set(new Date(start.getTime() - 2 * HOUR_MS + HOUR_MS + 3 * DAY_MS)); // the live drop's dropEndAt
      expect(await ids('status=COMPLETED')).toEqual([drops.available, drops.otherBrand, drops.completed]);
    } finally {
      t.clock.set(start);
    }
  });

  it('hides the drops of an unpublished brand, as the catalogue hides everything under it', async () => {
    const [otherBrand] = await t.database.db
      .select({ brandId: dropsTable.brandId })
      .from(dropsTable)
      .where(eq(dropsTable.id, drops.otherBrand));
    await t.database.db.update(brands).set({ status: 'DRAFT' }).where(eq(brands.id, otherBrand!.brandId));
    try {
      expect(await ids('status=AVAILABLE')).toEqual([drops.available]);
      expect((await get(`/v1/drops/${drops.otherBrand}`)).json().code).toBe('DROP_NOT_FOUND');
    } finally {
      await t.database.db.update(brands).set({ status: 'PUBLISHED' }).where(eq(brands.id, otherBrand!.brandId));
    }
  });

  it('refuses an unknown status', async () => {
    expect((await get('/v1/drops?status=NONE')).statusCode).toBe(400);
  });

  it('may be kept one second by browsers and CDNs, not the catalogue’s minute', async () => {
    const response = await get('/v1/drops?status=AVAILABLE');
    expect(response.headers['cache-control']).toBe(LIVE_PUBLIC_CACHE_CONTROL);
    expect(response.headers.etag).toEqual(expect.any(String));
  });
});

describe('GET /v1/drops/{id}', () => {
  it('answers the drop with its rounds, prices in USD and CYP, counts, editions, contents and commitment', async () => {
    const drop = await dropOf(drops.available);
    expect(drop).toMatchObject({
      id: drops.available,
      name: 'Live drop',
      brand: { id: brandId },
      status: 'AVAILABLE',
      isSoldOut: false,
      counts: { dropCount: 100, soldCount: 0, roundCount: 2, whitelistCount: 1 },
      editions: { total: 300, guaranteedPerPack: 3 },
      viewer: null,
    });
    expect(drop.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(drop.salePolicies).toEqual([
      expect.objectContaining({
        round: 1,
        price: { amount: 1500, currency: 'USD' },
        // 15 USD at 100 CYP per USD, CYP counted in hundredths.
        priceCyp: { amount: 150_000, currency: 'CYP' },
        perPersonLimit: 5,
        beginIssuedPackNumber: 1,
        endIssuedPackNumber: 60,
        soldCount: 0,
        whitelists: [],
      }),
      expect.objectContaining({
        round: 2,
        beginIssuedPackNumber: 61,
        endIssuedPackNumber: 100,
        perPersonLimit: null,
        whitelists: [expect.objectContaining({ name: 'Early fans', kind: 'LIST', size: 1 })],
      }),
    ]);
    expect(drop.contents).toEqual([
      { product: expect.objectContaining({ id: productIds[1], name: 'Legend', rarity: 'LEGENDARY' }), editionCount: 6 },
      {
        product: expect.objectContaining({
          id: productIds[0],
          rarity: 'COMMON',
          imageThumbnailUrl: expect.any(String),
        }),
        editionCount: 294,
      },
    ]);
  });

  it('counts packs sold from the packs themselves: paid and held ones, per round, and says sold out at the last', async () => {
    const buyer = await signUp(t);
    const userId = await userIdOf(buyer.email);
    await claimPacks(t.database.db, { dropId: drops.nextLater, round: 1, userId, quantity: 3, status: 'SUCCESSFUL' });
    await claimPacks(t.database.db, { dropId: drops.nextLater, round: 1, userId, quantity: 2, status: 'PENDING' });
    await claimPacks(t.database.db, { dropId: drops.nextLater, round: 2, userId, quantity: 4, status: 'SUCCESSFUL' });
    const drop = await dropOf(drops.nextLater);
    expect(drop.salePolicies.map((policy) => policy.soldCount)).toEqual([5, 4]);
    expect(drop.counts).toMatchObject({ dropCount: 100, soldCount: 9 });
    expect(drop.isSoldOut).toBe(false);

    await claimPacks(t.database.db, { dropId: drops.otherBrand, round: 1, userId, quantity: 60, status: 'SUCCESSFUL' });
    const soldOut = await dropOf(drops.otherBrand);
    expect(soldOut).toMatchObject({ isSoldOut: true, counts: { dropCount: 60, soldCount: 60 } });
  });

  it('answers DROP_NOT_FOUND for a draft, a drop before its visibleAt and an unknown id', async () => {
    for (const id of [drops.draft, drops.hidden, '0190d6a2-7a3b-7c4d-8e5f-00000000dead']) {
      const response = await get(`/v1/drops/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe('DROP_NOT_FOUND');
    }
    expect((await get('/v1/drops/not-a-uuid')).statusCode).toBe(400);
  });

  it('shows the status at the request’s moment: NEXT until dropBeginAt, AVAILABLE from it, COMPLETED from dropEndAt', async () => {
    try {
      expect((await dropOf(drops.next)).status).toBe('NEXT');
      t.clock.set(new Date(start.getTime() + HOUR_MS));
      expect((await dropOf(drops.next)).status).toBe('AVAILABLE');
      t.clock.set(new Date(start.getTime() + HOUR_MS + 3 * DAY_MS));
      expect((await dropOf(drops.next)).status).toBe('COMPLETED');
    } finally {
      t.clock.set(start);
    }
  });

  it('sends visitors a one-second public cache, and never caches a signed-in caller’s answer', async () => {
    const visitor = await get(`/v1/drops/${drops.available}`);
    expect(visitor.headers['cache-control']).toBe(LIVE_PUBLIC_CACHE_CONTROL);
    expect(visitor.headers.vary).toContain('Authorization');
    const revalidated = await get(`/v1/drops/${drops.available}`, { 'if-none-match': String(visitor.headers.etag) });
    expect(revalidated.statusCode).toBe(304);

    const fan = await signUp(t);
    const signedIn = await get(`/v1/drops/${drops.available}`, bearer(fan.accessToken));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe(PRIVATE_CACHE_CONTROL);
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.json().data.viewer).not.toBeNull();
    // A bad token is refused rather than treated as a visitor.
    expect((await get(`/v1/drops/${drops.available}`, bearer('nonsense'))).statusCode).toBe(401);
  });
});

describe('the signed-in viewer', () => {
  it('in an open round: no whitelist, what is left of the per-person limit, and the packs bought or held', async () => {
    const fan = await signUp(t);
    const userId = await userIdOf(fan.email);
    expect((await dropOf(drops.available, bearer(fan.accessToken))).viewer).toEqual({
      isWhitelisted: null,
      holdsRequiredPass: null,
      passGuarantee: null,
      remaining: 5,
      purchasedCount: 0,
      heldCount: 0,
      heldOrderId: null,
      heldInRoundOrderId: null,
      // Round 2 is for its whitelist, which a new (unverified) account is not on: nothing to be reminded of.
      reminder: null,
    });
    await claimPacks(t.database.db, { dropId: drops.available, round: 1, userId, quantity: 2, status: 'SUCCESSFUL' });
    const pending = await claimPacks(t.database.db, {
      dropId: drops.available,
      round: 1,
      userId,
      quantity: 1,
      status: 'PENDING',
    });
    expect((await dropOf(drops.available, bearer(fan.accessToken))).viewer).toEqual({
      isWhitelisted: null,
      holdsRequiredPass: null,
      passGuarantee: null,
      remaining: 2,
      purchasedCount: 3,
      heldCount: 1,
      heldOrderId: pending,
      heldInRoundOrderId: pending,
      reminder: null,
    });
    await claimPacks(t.database.db, { dropId: drops.available, round: 1, userId, quantity: 2, status: 'SUCCESSFUL' });
    expect((await dropOf(drops.available, bearer(fan.accessToken))).viewer!.remaining).toBe(0);
  });

  it('in a whitelisted round: on the list by email (whatever its case), unlimited packs', async () => {
    try {
      // Round 2 opens as round 1 closes. (Signed in after the clock moved, so the access tokens are fresh then.)
      t.clock.set(new Date(start.getTime() - HOUR_MS + DAY_MS));
      const listed = await signUp(t, 'Early@Example.com');
      const stranger = await signUp(t);
      // The address is on the list, but nobody has proven they own it yet: not whitelisted until verified.
      expect((await dropOf(drops.available, bearer(listed.accessToken))).viewer!.isWhitelisted).toBe(false);
      const verified = await t.app.inject({
        method: 'PATCH',
        url: '/v1/users/authentications/email-verifications',
        payload: { key: await keyFromLatestEmail(t, 'Early@Example.com') },
      });
      expect(verified.statusCode).toBe(200);
      expect((await dropOf(drops.available, bearer(listed.accessToken))).viewer).toEqual({
        isWhitelisted: true,
        holdsRequiredPass: null,
        passGuarantee: null,
        remaining: null,
        purchasedCount: 0,
        heldCount: 0,
        heldOrderId: null,
        heldInRoundOrderId: null,
        reminder: null,
      });
      expect((await dropOf(drops.available, bearer(stranger.accessToken))).viewer!.isWhitelisted).toBe(false);
    } finally {
      t.clock.set(start);
    }
  });

  it('before a drop begins: about its first round', async () => {
    const fan = await signUp(t);
    const drop = await dropOf(drops.next, bearer(fan.accessToken));
    expect(drop.viewer).toEqual({
      isWhitelisted: null,
      holdsRequiredPass: null,
      passGuarantee: null,
      remaining: 5,
      purchasedCount: 0,
      heldCount: 0,
      heldOrderId: null,
      heldInRoundOrderId: null,
      // "Remind me" would be for round 1, open to everyone; not asked for yet.
      reminder: {
        policyId: drop.salePolicies[0]!.id,
        round: 1,
        saleBeginAt: drop.salePolicies[0]!.saleBeginAt,
        isSet: false,
      },
    });
  });
});

describe('GET /v1/drops/{id}/provenance', () => {
  const provenanceOf = async (id: string) => {
    const response = await get(`/v1/drops/${id}/provenance`);
    return { response, body: response.json().data as TDropProvenance };
  };

  it('shows only the commitment until the drop completes, then the seed and every pack, which verify', async () => {
    const { commitment } = await dropOf(drops.available);
    const before = await provenanceOf(drops.available);
    expect(before.body).toEqual({
      dropId: drops.available,
      algorithm: 'sha256-v1',
      commitment,
      editionsPerPack: 3,
      isRevealed: false,
      claimLogHead: { length: 0, chainHash: commitment },
      seed: null,
      packs: null,
    });
    expect(before.response.headers['cache-control']).toBe(LIVE_PUBLIC_CACHE_CONTROL);

    try {
      // One millisecond before dropEndAt: still secret.
      const dropEndAt = Date.parse((await dropOf(drops.available)).dropEndAt);
      t.clock.set(new Date(dropEndAt - 1));
      expect((await provenanceOf(drops.available)).body.isRevealed).toBe(false);
      // Ended, but one of its orders still waits for a card payment: whoever holds those packs must not read what
      // they hold before paying, so nothing is revealed yet.
      t.clock.set(new Date(dropEndAt));
      expect((await provenanceOf(drops.available)).body).toMatchObject({ isRevealed: false, seed: null, packs: null });
      const undecided = await t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.dropId, drops.available), eq(orders.status, 'PENDING')));
      expect(undecided).toHaveLength(1);
      // Its hold ends without a payment: now the seed and the contents are public.
      for (const order of undecided) {
        await inTransaction(t.database.db, (tx) =>
          releaseOrder(tx, order, { to: 'TIMED_OUT', now: t.clock.now(), holdMinutes: 10 }),
        );
      }
      const after = await provenanceOf(drops.available);
      expect(after.response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      expect(after.body).toMatchObject({ isRevealed: true, commitment, seed: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(after.body.packs).toHaveLength(100);
      expect(after.body.packs!.map((pack) => pack.number)).toEqual(
        Array.from({ length: 100 }, (_, index) => index + 1),
      );
      expect(
        verifyProvenance({
          commitment: after.body.commitment,
          seed: after.body.seed!,
          editionsPerPack: after.body.editionsPerPack,
          packs: after.body.packs!,
        }),
      ).toEqual({ isCommitmentMatched: true, isShuffleMatched: true });
    } finally {
      t.clock.set(start);
    }
  });

  it('is revealed for a completed drop and not found for drafts and drops not visible yet', async () => {
    expect((await provenanceOf(drops.completed)).body.isRevealed).toBe(true);
    for (const id of [drops.draft, drops.hidden]) {
      expect((await get(`/v1/drops/${id}/provenance`)).json().code).toBe('DROP_NOT_FOUND');
    }
  });
});

describe('the per-process cache of a drop’s public part', () => {
  it('serves the same counts for up to a second, then the new ones', async () => {
    const cached = await createTestApp({ env: { DROP_CACHE_MS: '1000' } });
    try {
      const operator = await signUpOperator(cached, 'admin');
      const brand = (await insertBrand(cached.database.db)).id;
      const product = (await insertProduct(cached.database.db, brand)).id;
      const id = await publishedDrop(
        cached,
        operator.accessToken,
        dropRequest(brand, [product], new Date(cached.clock.now().getTime() - 2 * HOUR_MS), {
          editionsPerPack: 1,
          rounds: [
            {
              round: 1,
              saleBeginAt: new Date(cached.clock.now().getTime() - HOUR_MS).toISOString(),
              saleEndAt: new Date(cached.clock.now().getTime() + HOUR_MS).toISOString(),
              price: 500,
              perPersonLimit: null,
              packCount: 10,
              whitelist: null,
            },
          ],
          contents: [{ productId: product, editionCount: 10 }],
        }),
      );
      const soldCount = async () =>
        ((await cached.app.inject({ method: 'GET', url: `/v1/drops/${id}` })).json().data as TDrop).counts.soldCount;
      const buyer = await signUp(cached);
      const [user] = await cached.database.db.select({ id: users.id }).from(users).where(eq(users.email, buyer.email));

      expect(await soldCount()).toBe(0);
      await claimPacks(cached.database.db, {
        dropId: id,
        round: 1,
        userId: user!.id,
        quantity: 2,
        status: 'SUCCESSFUL',
      });
      // Within the second after the read, the cached answer still says 0; a second later, the purchase shows.
      expect(await soldCount()).toBe(0);
      cached.clock.advance(1_000);
      expect(await soldCount()).toBe(2);
      // The list shares the cache and agrees.
      const listed = (await cached.app.inject({ method: 'GET', url: '/v1/drops?status=AVAILABLE' })).json().data;
      expect(listed.items[0].counts.soldCount).toBe(2);
    } finally {
      await cached.close();
    }
  });
});
