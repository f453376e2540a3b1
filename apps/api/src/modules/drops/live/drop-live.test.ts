import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDropLiveCounts } from '@cypher/contract';
import { MINUTE_MS } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { listening, openSse, type SseClient } from '../../../testing/sse-client.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { depositForTest } from '../../../testing/wallet-helpers.ts';
import { brands } from '../../catalog/catalog.tables.ts';
import { giveGiftPacks } from '../../orders/give-gift-packs.ts';

// The drop page's live counts over a real connection (issue 21): app.inject waits for an answer's end, and a stream of
// server-sent events has none, so these tests listen on a port and read the stream as a browser would.
let t: TestApp;
let base: string;
const opened: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { DROP_LIVE_INTERVAL_MS: '50', DROP_LIVE_HEARTBEAT_SECONDS: '1' } });
  base = await listening(t.app);
});
afterAll(async () => {
  for (const client of opened) client.close();
  await t.close();
});

const db = () => t.database.db;
const liveDrop = (packCount: number) =>
  insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount, price: 1_000 }] });

async function watch(dropId: string): Promise<SseClient> {
  const client = await openSse(base, `/v1/drops/${dropId}/live`);
  opened.push(client);
  return client;
}

const countsOf = (event: { data: string }) => JSON.parse(event.data) as TDropLiveCounts;

async function buy(dropId: string, quantity = 1) {
  const buyer = await fastBuyer(t);
  await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 100_000 });
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
    payload: { dropId, quantity, paymentMethod: 'BALANCE' },
  });
  expect(response.statusCode).toBe(201);
}

describe('GET /v1/drops/{id}/live', () => {
  it('streams the counts at once, then the purchase a moment after it is made, as the drop view counts them', async () => {
    const { dropId, policies } = await liveDrop(5);
    const client = await watch(dropId);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect(client.headers['cache-control']).toBe('no-store');

    const first = countsOf(await client.next((event) => event.event === 'counts'));
    expect(first).toMatchObject({
      dropId,
      status: 'AVAILABLE',
      isSoldOut: false,
      counts: { dropCount: 5, soldCount: 0 },
      rounds: [{ id: policies[0]!.id, round: 1, soldCount: 0, leftCount: 5, state: 'ON_SALE' }],
    });

    const seen = client.events.length;
    await buy(dropId, 2);
    const after = countsOf(await client.next((event) => countsOf(event).counts.soldCount === 2, { after: seen }));
    expect(after.rounds[0]).toMatchObject({ soldCount: 2, leftCount: 3, state: 'ON_SALE' });
    // The same numbers as the drop view.
    const view = (await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}` })).json().data;
    expect(view.counts.soldCount).toBe(after.counts.soldCount);
    expect(view.salePolicies[0].soldCount).toBe(after.rounds[0]!.soldCount);

    // The last packs: the round and the drop say sold out.
    await buy(dropId, 3);
    const soldOut = countsOf(await client.next((event) => countsOf(event).isSoldOut));
    expect(soldOut.rounds[0]).toMatchObject({ soldCount: 5, leftCount: 0, state: 'SOLD_OUT' });
    client.close();
  });

  it('streams the packs given from the gift round: a gift (a code, a check-in, an airdrop) is heard at its commit', async () => {
    const { dropId, giftRound } = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 4, price: 1_000 }],
      giftPackCount: 3,
    });
    const client = await watch(dropId);
    const first = countsOf(await client.next((event) => event.event === 'counts'));
    expect(first.giftRound).toEqual({ packCount: 3, givenCount: 0 });

    const seen = client.events.length;
    const receivers = [await fastBuyer(t), await fastBuyer(t)];
    const heardBefore = t.app.dropLive.heard().changed;
    await db().transaction((tx) =>
      giveGiftPacks(tx, {
        dropId,
        giftRoundId: giftRound!.id,
        userIds: receivers.map((person) => person.userId),
        activity: 'AIRDROPPED',
        now: t.clock.now(),
      }),
    );
    // Told by the gift's own transaction, not found at the next heartbeat's resync.
    await vi.waitFor(() => expect(t.app.dropLive.heard().changed).toBeGreaterThan(heardBefore));
    const after = countsOf(await client.next((event) => countsOf(event).giftRound?.givenCount === 2, { after: seen }));
    // Gifts are never sold: the sale counts stay as they were, and the numbers are the drop view's.
    expect(after.counts).toEqual(first.counts);
    const view = (await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}` })).json().data;
    expect(view.giftRound).toMatchObject({ packCount: 3, givenCount: 2 });
    client.close();
  });

  it('gives a second watcher the counts at once from the same feed, and a heartbeat comment while nothing changes', async () => {
    const { dropId } = await liveDrop(3);
    const first = await watch(dropId);
    await first.next((event) => event.event === 'counts');
    const second = await watch(dropId);
    expect(countsOf(await second.next((event) => event.event === 'counts')).counts.soldCount).toBe(0);
    expect(t.app.dropLive.feeds.feedCount()).toBeGreaterThanOrEqual(1);
    // DROP_LIVE_HEARTBEAT_SECONDS is 1 here.
    expect(await second.nextComment(3_000)).toBe('');
    first.close();
    second.close();
  });

  it('tells each watcher to wait 3 to 10 s before reconnecting, at random, so a whole instance’s watchers do not come back at once', async () => {
    const { dropId } = await liveDrop(3);
    const retryOf = async (random: number) => {
      const spy = vi.spyOn(Math, 'random').mockReturnValue(random);
      try {
        const client = await watch(dropId);
        await client.next((event) => event.event === 'counts');
        client.close();
        return client.retryMs;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await retryOf(0)).toBe(3_000);
    expect(await retryOf(0.5)).toBe(6_500);
    expect(await retryOf(0.9999)).toBe(9_999);
  });

  it('forgets a watcher that disconnects: the instance counts one watcher fewer, and its feed goes with the last', async () => {
    const { dropId } = await liveDrop(3);
    await vi.waitFor(() => expect(t.app.dropLive.feeds.watcherCount()).toBe(0));
    const feedsBefore = t.app.dropLive.feeds.feedCount();
    const one = await watch(dropId);
    const two = await watch(dropId);
    await one.next((event) => event.event === 'counts');
    await two.next((event) => event.event === 'counts');
    expect(t.app.dropLive.feeds.watcherCount()).toBe(2);
    expect(t.app.dropLive.feeds.feedCount()).toBe(feedsBefore + 1);

    one.close();
    await vi.waitFor(() => expect(t.app.dropLive.feeds.watcherCount()).toBe(1));
    two.close();
    await vi.waitFor(() => expect(t.app.dropLive.feeds.watcherCount()).toBe(0));
    expect(t.app.dropLive.feeds.feedCount()).toBe(feedsBefore);
  });

  it('answers an unknown drop, one of an unpublished brand or one not yet visible 404 DROP_NOT_FOUND before any stream, and a bad id 400', async () => {
    const unknown = await watch(newId());
    expect([unknown.status, JSON.parse(unknown.body)]).toEqual([
      404,
      { code: 'DROP_NOT_FOUND', message: 'We could not find this drop.' },
    ]);
    const { dropId, brand } = await liveDrop(2);
    await db().update(brands).set({ status: 'DRAFT' }).where(eq(brands.id, brand.id));
    expect((await watch(dropId)).status).toBe(404);
    // Three hours earlier, the drop (visible two hours before now) was not yet to be seen.
    const hidden = await liveDrop(2);
    const now = t.clock.now();
    t.clock.advance(-3 * 60 * MINUTE_MS);
    try {
      expect((await watch(hidden.dropId)).status).toBe(404);
    } finally {
      t.clock.set(now);
    }
    const bad = await watch('not-a-uuid');
    expect([bad.status, JSON.parse(bad.body).code]).toEqual([400, 'INVALID_REQUEST']);
    expect(t.app.dropLive.feeds.watcherCount()).toBe(0);
  });

  it('is documented in the OpenAPI document as a text/event-stream of the counts', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const operation = document.paths['/v1/drops/{id}/live'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(operation.responses['200'].content['text/event-stream'].schema.properties).toHaveProperty('rounds');
  });
});

describe('the budget of writes per instance', () => {
  it('spaces a drop’s events further apart with more watchers: 40 watchers at 100 writes a second, one event per 400 ms', async () => {
    const budgeted = await createTestApp({
      env: { DROP_LIVE_INTERVAL_MS: '20', DROP_LIVE_WRITES_PER_SECOND: '100' },
    });
    const clients: SseClient[] = [];
    try {
      const budgetedBase = await listening(budgeted.app);
      const { dropId } = await insertLiveDrop(budgeted.database.db, {
        now: budgeted.clock.now(),
        rounds: [{ packCount: 20, price: 1_000 }],
      });
      for (let n = 0; n < 40; n += 1) clients.push(await openSse(budgetedBase, `/v1/drops/${dropId}/live`));
      const [watcher] = clients;
      await watcher!.next((event) => event.event === 'counts');
      const buyers = [];
      for (let n = 0; n < 16; n += 1) {
        const buyer = await fastBuyer(budgeted);
        await depositForTest(budgeted.database.db, { userId: buyer.userId, source: 'crypto', amount: 100_000 });
        buyers.push(buyer);
      }
      for (const buyer of buyers) {
        const bought = await budgeted.app.inject({
          method: 'POST',
          url: '/v2/orders',
          headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
          payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
        });
        expect(bought.statusCode).toBe(201);
        // Purchases keep coming, far closer together than the budget's spacing, for longer than a few of it.
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      await watcher!.next((event) => countsOf(event).counts.soldCount === 16, { timeoutMs: 5_000 });
      const times = watcher!.events.map((event) => event.receivedAt);
      const gaps = times.slice(1).map((at, index) => at - times[index]!);
      // Each read starts at least 400 ms after the one before (20 ms without the budget, where nearly every purchase
      // would make its own event). A read's own time and the event's delivery, longer on a busy machine, make
      // one gap shorter by as much as they make the next longer, so the gaps are taken together: one gap alone once
      // came to 249 ms. The purchases took longer than that, so the counts came in steps.
      expect(gaps.length).toBeGreaterThan(1);
      const meanGap = (times.at(-1)! - times[0]!) / gaps.length;
      expect(meanGap).toBeGreaterThan(300);
    } finally {
      for (const client of clients) client.close();
      await budgeted.close();
    }
  });
});

describe('the cap on watchers per instance', () => {
  it('answers past it 503 LIVE_UPDATES_FULL with Retry-After, and takes watchers again once one leaves', async () => {
    const capped = await createTestApp({ env: { DROP_LIVE_MAX_WATCHERS: '1' } });
    try {
      const cappedBase = await listening(capped.app);
      const { dropId } = await insertLiveDrop(capped.database.db, {
        now: capped.clock.now(),
        rounds: [{ packCount: 2, price: 1_000 }],
      });
      const first = await openSse(cappedBase, `/v1/drops/${dropId}/live`);
      opened.push(first);
      expect(first.status).toBe(200);
      const refused = await openSse(cappedBase, `/v1/drops/${dropId}/live`);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('30');
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'LIVE_UPDATES_FULL' });

      first.close();
      await vi.waitFor(() => expect(capped.app.dropLive.feeds.watcherCount()).toBe(0));
      const again = await openSse(cappedBase, `/v1/drops/${dropId}/live`);
      opened.push(again);
      expect(again.status).toBe(200);
      again.close();
    } finally {
      await capped.close();
    }
  });
  it('answers one address past its own cap 429 REQUEST_MAXIMUN, while other addresses still watch', async () => {
    const capped = await createTestApp({ env: { DROP_LIVE_MAX_WATCHERS_PER_ADDRESS: '2', TRUST_PROXY: 'true' } });
    try {
      const cappedBase = await listening(capped.app);
      const { dropId } = await insertLiveDrop(capped.database.db, {
        now: capped.clock.now(),
        rounds: [{ packCount: 2, price: 1_000 }],
      });
      const from = async (address: string) => {
        const client = await openSse(cappedBase, `/v1/drops/${dropId}/live`, { 'x-forwarded-for': address });
        opened.push(client);
        return client;
      };
      const [first, second] = [await from('203.0.113.7'), await from('203.0.113.7')];
      expect([first.status, second.status]).toEqual([200, 200]);
      const refused = await from('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'REQUEST_MAXIMUN' });
      expect((await from('203.0.113.8')).status).toBe(200);

      first.close();
      await vi.waitFor(() => expect(capped.app.dropLive.feeds.watcherCount()).toBe(2));
      expect((await from('203.0.113.7')).status).toBe(200);
    } finally {
      for (const client of opened) client.close();
      await capped.close();
    }
  });
});
