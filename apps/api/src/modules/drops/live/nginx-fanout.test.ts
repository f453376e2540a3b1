import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDropLiveCounts } from '@cypher/contract';
import { sql } from 'drizzle-orm';
import { testDatabaseUrl } from '../../../config.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { newId } from '../../../lib/ids.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { fanoutRunDir, nginxWithNchan, startFanoutProxy, type FanoutProxy } from '../../../testing/nginx-fanout.ts';
import { secondInstance } from '../../../testing/second-instance.ts';
import { listening, openSse, type SseClient } from '../../../testing/sse-client.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { depositForTest } from '../../../testing/wallet-helpers.ts';
import { channelInfo } from './nginx-fanout.ts';

// nginx's fan-out of the live drop pages (decision record 35), through a real nginx with its Nchan module configured
// from the cluster's own fragments: nginx holds the streams, the instance publishes once per drop. Skipped where nginx
// or the module is not installed (Debian: nginx, libnginx-mod-nchan).
const PER_ADDRESS = 3;
let t: TestApp;
let proxy: FanoutProxy;
const opened: SseClient[] = [];
const countsOf = (event: { data: string }) => JSON.parse(event.data) as TDropLiveCounts;

/** Deletes the drop's channel at nginx's publisher (Nchan: a DELETE ends its streams and forgets its message). */
function deleteChannel(dropId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: publisherSocketPath, path: `/live/${dropId}`, method: 'DELETE' },
      (response) => {
        response.resume();
        response.on('end', () => resolve());
      },
    );
    request.on('error', reject);
    request.end();
  });
}
let publisherSocketPath = '';

describe.skipIf(!nginxWithNchan())('live drop pages fanned out by nginx', () => {
  beforeAll(async () => {
    const { runDir, publisherSocket } = fanoutRunDir();
    publisherSocketPath = publisherSocket;
    t = await createTestApp({
      env: { DROP_LIVE_INTERVAL_MS: '50', DROP_LIVE_HEARTBEAT_SECONDS: '1', DROP_LIVE_FANOUT: publisherSocket },
    });
    const appBase = await listening(t.app);
    proxy = await startFanoutProxy({ runDir, publisherSocket, appBases: [appBase], perAddress: PER_ADDRESS });
  });
  afterAll(async () => {
    for (const client of opened) client.close();
    await proxy?.stop();
    await t?.close();
  });

  const db = () => t.database.db;

  async function watch(dropId: string): Promise<SseClient> {
    const client = await openSse(proxy.base, `/v1/drops/${dropId}/live`);
    opened.push(client);
    return client;
  }

  async function buy(dropId: string, quantity: number) {
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

  it('streams the counts at once and each purchase after, from nginx: the instance holds no stream of its own', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 5, price: 1_000 }] });
    const client = await watch(dropId);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(client.headers['cache-control']).toBe('no-store');
    // Admitted only once nginx held the counts: they are the stream's first event, not the next change's.
    const first = countsOf(await client.next((event) => event.event === 'counts', { timeoutMs: 2_000 }));
    expect(first).toMatchObject({ dropId, counts: { dropCount: 5, soldCount: 0 }, isSoldOut: false });
    expect(t.app.dropLive.feeds.watcherCount()).toBe(0);
    expect(t.app.dropLive.feeds.feedCount()).toBe(1);

    const seen = client.events.length;
    await buy(dropId, 2);
    const after = countsOf(await client.next((event) => countsOf(event).counts.soldCount === 2, { after: seen }));
    expect(after.rounds[0]).toMatchObject({ soldCount: 2, leftCount: 3, state: 'ON_SALE' });

    // A second watcher starts with the counts as they are now, from what nginx holds.
    const second = await watch(dropId);
    expect(countsOf(await second.next((event) => event.event === 'counts')).counts.soldCount).toBe(2);
    await buy(dropId, 3);
    for (const watcher of [client, second]) {
      expect((await watcher.next((event) => countsOf(event).isSoldOut)).event).toBe('counts');
    }
    client.close();
    second.close();
  });

  it('answers an unknown drop with the API’s 404, before any stream', async () => {
    const client = await watch(newId());
    expect(client.status).toBe(404);
    expect(JSON.parse(client.body)).toEqual({ code: 'DROP_NOT_FOUND', message: 'We could not find this drop.' });
    const malformed = await watch('not-a-drop');
    expect(malformed.status).toBe(400);
  });

  it('holds as many streams per address as the instances would, then answers 429 REQUEST_MAXIMUN', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 5, price: 1_000 }] });
    const held = await Promise.all(Array.from({ length: PER_ADDRESS }, () => watch(dropId)));
    expect(held.map((client) => client.status)).toEqual(Array(PER_ADDRESS).fill(200));
    const refused = await watch(dropId);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'REQUEST_MAXIMUN' });
    for (const client of held) client.close();
    // A place freed is a place again.
    await vi.waitFor(async () => {
      const again = await watch(dropId);
      again.close();
      expect(again.status).toBe(200);
    });
  });

  it('gives nginx the counts again when it lost them, before it admits a watcher', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 5, price: 1_000 }] });
    const first = await watch(dropId);
    await first.next((event) => event.event === 'counts');
    // The channel gone from nginx (as after a restart of nginx): its watcher is ended, the publisher still thinks it
    // gave nginx its counts.
    await deleteChannel(dropId);
    const second = await watch(dropId);
    expect(second.status).toBe(200);
    expect(countsOf(await second.next((event) => event.event === 'counts', { timeoutMs: 2_000 })).dropId).toBe(dropId);
    second.close();
    first.close();
    expect(proxy.errorLog()).not.toMatch(/exited on signal/);
  });

  it('takes the admission mark only from nginx: a client sending it is streamed by the instance as always', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 5, price: 1_000 }] });
    const before = t.app.dropLive.feeds.watcherCount();
    // In capitals, the address misses nginx's fan-out location and goes to the instances with the client's headers.
    const client = await openSse(proxy.base, `/v1/drops/${dropId.toUpperCase()}/live`, { 'x-cypher-live': 'admit' });
    expect(client.status).toBe(200);
    expect(countsOf(await client.next((event) => event.event === 'counts')).dropId).toBe(dropId);
    expect(t.app.dropLive.feeds.watcherCount()).toBe(before + 1);
    client.close();
  });

  it('streams to the site’s own pages only: another site’s page is refused', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 5, price: 1_000 }] });
    const elsewhere = await openSse(proxy.base, `/v1/drops/${dropId}/live`, { origin: 'https://elsewhere.example' });
    elsewhere.close();
    expect(elsewhere.status).toBe(403);
    const ours = await watch(dropId);
    expect(ours.status).toBe(200);
    const sameSite = await openSse(proxy.base, `/v1/drops/${dropId}/live`, { origin: proxy.base });
    sameSite.close();
    expect(sameSite.status).toBe(200);
    ours.close();
  });

  it('stops a drop’s feed once nginx says nobody watches it', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 5, price: 1_000 }] });
    const client = await watch(dropId);
    await client.next((event) => event.event === 'counts');
    expect(t.app.dropLive.feeds.feedCount()).toBeGreaterThan(0);
    client.close();
    // Checked at each heartbeat (a second here), a heartbeat after the last admission; the tests above closed theirs.
    await vi.waitFor(() => expect(t.app.dropLive.feeds.feedCount()).toBe(0), { timeout: 6_000 });
    expect(proxy.errorLog()).not.toMatch(/exited on signal/);
  });
});

// Two instances on one PostgreSQL behind the one nginx, as in the cluster: one publishes a drop, whichever nginx asked
// first, and the other takes over when it goes. PostgreSQL only (PGlite is one process: nobody to take over from).
describe.skipIf(!nginxWithNchan() || !testDatabaseUrl())('one publisher per drop across instances', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof secondInstance>>;
  let twoProxy: FanoutProxy;
  let isBClosed = false;
  beforeAll(async () => {
    const { runDir, publisherSocket } = fanoutRunDir();
    // Heartbeats 3 s apart: a takeover within 2 s is the per-second claim's, not the heartbeat's.
    const env = { DROP_LIVE_INTERVAL_MS: '50', DROP_LIVE_HEARTBEAT_SECONDS: '3', DROP_LIVE_FANOUT: publisherSocket };
    a = await createTestApp({ env });
    b = await secondInstance(a, { env });
    const appBases = [await listening(a.app), await listening(b.app.app)];
    twoProxy = await startFanoutProxy({ runDir, publisherSocket, appBases, perAddress: 100 });
  }, 120_000);
  afterAll(async () => {
    await twoProxy?.stop();
    if (!isBClosed) await b?.close();
    await a?.close();
  });

  async function buyOn(on: TestApp, dropId: string) {
    const buyer = await fastBuyer(a);
    await depositForTest(a.database.db, { userId: buyer.userId, source: 'crypto', amount: 100_000 });
    const response = await on.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
      payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    expect(response.statusCode).toBe(201);
  }

  it('admits no watcher while nginx holds no counts of the drop: 503, and the page keeps reading the drop', async () => {
    const { dropId } = await insertLiveDrop(a.database.db, {
      now: a.clock.now(),
      rounds: [{ packCount: 10, price: 1_000 }],
    });
    // B is the drop's publisher and has published nothing (as if its first read hung).
    expect(await b.app.app.dropLive.signals.claimPublisher(dropId)).toBe(true);
    const refused = await a.app.inject({
      method: 'GET',
      url: `/v1/drops/${dropId}/live`,
      headers: { 'x-cypher-live': 'admit' },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(refused.headers['retry-after']).toBe('30');
    // Once B lets go, the next admission makes A the publisher, with the counts at nginx before it says yes.
    b.app.app.dropLive.signals.releasePublisher(dropId);
    const watcher = await openSse(twoProxy.base, `/v1/drops/${dropId}/live`);
    expect(countsOf(await watcher.next((event) => event.event === 'counts')).counts.soldCount).toBe(0);
    expect([a.app, b.app.app].filter((instance) => instance.dropLive.feeds.publishes(dropId))).toHaveLength(1);
    watcher.close();
  });

  it('keeps publishing a drop whose publisher lost its connection to PostgreSQL, and its lock with it', async () => {
    const { dropId } = await insertLiveDrop(a.database.db, {
      now: a.clock.now(),
      rounds: [{ packCount: 10, price: 1_000 }],
    });
    const watcher = await openSse(twoProxy.base, `/v1/drops/${dropId}/live`);
    await watcher.next((event) => event.event === 'counts');
    // The publisher's listening session, found by the lock it holds, ended by the database (a failover, a restart).
    const ended = await queryRows<{ ended: boolean }>(
      a.database.db,
      sql`
      select pg_terminate_backend(pid) as ended from pg_locks
      where locktype = 'advisory' and objsubid = 2 and classid = ${0x4c495645}::oid
        and objid::bigint = (hashtext(${dropId})::bigint & 4294967295)`,
    );
    expect(ended).toEqual([{ ended: true }]);
    await vi.waitFor(
      () => expect([a.app, b.app.app].filter((instance) => instance.dropLive.feeds.publishes(dropId))).toHaveLength(1),
      { timeout: 5_000 },
    );
    const seen = watcher.events.length;
    await buyOn(a, dropId);
    await watcher.next((event) => countsOf(event).counts.soldCount === 1, { after: seen });
    watcher.close();
  });

  it('publishes each drop from one instance only, and from the other once that one goes', async () => {
    const { dropId } = await insertLiveDrop(a.database.db, {
      now: a.clock.now(),
      rounds: [{ packCount: 10, price: 1_000 }],
    });
    // B is asked first (the first instance's database goes with it, so B is the one that can go in this test); then
    // nginx asks the instances in turn: both admit watchers of the drop.
    expect(await b.app.app.dropLive.feeds.admit(dropId)).toBe(true);
    const watchers = await Promise.all(
      Array.from({ length: 4 }, () => openSse(twoProxy.base, `/v1/drops/${dropId}/live`)),
    );
    for (const watcher of watchers) await watcher.next((event) => event.event === 'counts');
    expect(b.app.app.dropLive.feeds.publishes(dropId)).toBe(true);
    expect(a.app.dropLive.feeds.publishes(dropId)).toBe(false);

    // A purchase on the instance that does not publish reaches every watcher through the one that does.
    const seen = watchers.map((watcher) => watcher.events.length);
    await buyOn(a, dropId);
    for (const [index, watcher] of watchers.entries()) {
      await watcher.next((event) => countsOf(event).counts.soldCount === 1, { after: seen[index] });
    }

    // The publisher goes (its connection, and so its lock, with it): the other takes over within a heartbeat or two,
    // and the watchers, still connected to nginx, hear the next purchase.
    await b.close();
    isBClosed = true;
    await vi.waitFor(() => expect(a.app.dropLive.feeds.publishes(dropId)).toBe(true), { timeout: 2_000 });
    await buyOn(a, dropId);
    for (const watcher of watchers) await watcher.next((event) => countsOf(event).counts.soldCount === 2);
    for (const watcher of watchers) watcher.close();
    // Watchers that came at once to a channel that held no message yet crashed a worker before admissions waited for
    // one (Nchan's issue 720).
    expect(twoProxy.errorLog()).not.toMatch(/exited on signal/);
  });
});

describe('channelInfo', () => {
  it('reads Nchan’s channel answer, and nothing else', () => {
    expect(
      channelInfo('{"messages": 1, "requested": 3, "subscribers": 12, "last_message_id": "1796029562:0" }'),
    ).toEqual({ subscribers: 12, messages: 1 });
    expect(channelInfo('queued messages: 1')).toBeNull();
    expect(channelInfo('{"subscribers": "12"}')).toBeNull();
  });
});
