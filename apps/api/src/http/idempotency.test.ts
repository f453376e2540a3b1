import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabaseUrl } from '../config.ts';
import type { Db } from '../db/client.ts';
import { activeUser, bearer } from '../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { FastifyRequest } from 'fastify';
import { idempotentRequestOf, runWithIdempotencyKey, STALE_IDEMPOTENCY_CLAIM_MS } from './idempotency.ts';
import { idempotencyKeys } from './idempotency/idempotency.tables.ts';

// PGlite runs one statement at a time, so races (and a request still running beside its retry) need PostgreSQL.
const isOnPostgres = Boolean(testDatabaseUrl());

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await activeUser(t);
  const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  userId = me.json().data.id;
  // What the work under a key leaves behind, committed with the key's answer or not at all.
  await t.database.db.execute(sql`create table test_effects (key text not null)`);
});
afterAll(() => t.close());

/** The key row a request leaves when its process is killed after claiming the key and before completing. */
async function crashedClaim(key: string, requestHash: string) {
  await t.database.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, status: 'processing', createdAt: t.clock.now() });
}

async function effectsOf(key: string): Promise<number> {
  const { rows } = (await t.database.db.execute(
    sql`select count(*)::int as count from test_effects where key = ${key}`,
  )) as unknown as { rows: { count: number }[] };
  return rows[0]!.count;
}

/** A money-moving request's work under `key`: counts its runs and leaves one effect row per run that commits. */
function request(key: string, requestHash: string, runs: { count: number }, beforeEffect?: () => Promise<void>) {
  return runWithIdempotencyKey(
    { db: t.database.db, now: t.clock.now() },
    userId,
    { key, requestHash },
    async (tx: Db) => {
      runs.count += 1;
      const run = runs.count;
      await beforeEffect?.();
      await tx.execute(sql`insert into test_effects (key) values (${key})`);
      return { status: 201, body: { run } };
    },
  );
}

describe('a key whose request stopped between claiming it and completing', () => {
  it('answers 409 to a retry until the claim is stale, then the retry runs the work once and is replayed', async () => {
    await crashedClaim('crashed-1', 'hash-a');
    const runs = { count: 0 };

    t.clock.advance(STALE_IDEMPOTENCY_CLAIM_MS - 1000);
    await expect(request('crashed-1', 'hash-a', runs)).rejects.toMatchObject({ code: 'REQUEST_IN_PROGRESS' });
    expect(runs.count).toBe(0);

    t.clock.advance(2000);
    // Another request under the key is refused, stale claim or not; it does not take the key over.
    await expect(request('crashed-1', 'hash-b', runs)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(runs.count).toBe(0);

    expect(await request('crashed-1', 'hash-a', runs)).toEqual({ status: 201, body: { run: 1 } });
    expect(await request('crashed-1', 'hash-a', runs)).toEqual({ status: 201, body: { run: 1 } });
    expect(runs.count).toBe(1);
    expect(await effectsOf('crashed-1')).toBe(1);
    await expect(request('crashed-1', 'hash-b', runs)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it.runIf(isOnPostgres)(
    'lets exactly one of 10 concurrent retries after the timeout run the work (10 rounds)',
    async () => {
      for (let round = 0; round < 10; round += 1) {
        const key = `crashed-concurrent-${round}`;
        await crashedClaim(key, 'hash-a');
        t.clock.advance(STALE_IDEMPOTENCY_CLAIM_MS + 1000);
        const runs = { count: 0 };
        const settled = await Promise.allSettled(
          Array.from({ length: 10 }, () =>
            request(key, 'hash-a', runs, () => new Promise((resolve) => setTimeout(resolve, 10))),
          ),
        );
        expect(runs.count).toBe(1);
        expect(await effectsOf(key)).toBe(1);
        for (const outcome of settled) {
          if (outcome.status === 'fulfilled') expect(outcome.value).toEqual({ status: 201, body: { run: 1 } });
          else expect(outcome.reason).toMatchObject({ code: 'REQUEST_IN_PROGRESS' });
        }
        expect(settled.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
      }
    },
  );

  it.runIf(isOnPostgres)('does not let a request that outlived the timeout complete over its retry', async () => {
    const runs = { count: 0 };
    let finishOriginal = () => {};
    const stalled = new Promise<void>((resolve) => (finishOriginal = resolve));
    // The first request holds its work open past the timeout (a very slow database, a paused process).
    const original = request('slow-1', 'hash-a', runs, () => (runs.count === 1 ? stalled : Promise.resolve()));
    while (runs.count === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    t.clock.advance(STALE_IDEMPOTENCY_CLAIM_MS + 1000);
    expect(await request('slow-1', 'hash-a', runs)).toEqual({ status: 201, body: { run: 2 } });

    finishOriginal();
    // Its claim was taken over: its work rolls back rather than happen a second time.
    await expect(original).rejects.toMatchObject({ code: 'REQUEST_IN_PROGRESS' });
    expect(await effectsOf('slow-1')).toBe(1);
    expect(await request('slow-1', 'hash-a', runs)).toEqual({ status: 201, body: { run: 2 } });
  });
});

describe('a request’s fingerprint', () => {
  /** What idempotentRequestOf reads of a request: its key, method, route, path parameters and parsed body. */
  const fingerprintOf = (body: unknown, params: object = { id: 'a' }) =>
    idempotentRequestOf({
      headers: { 'idempotency-key': 'key-1' },
      method: 'POST',
      url: '/v1/things/a/reveal',
      routeOptions: { url: '/v1/things/:id/reveal' },
      params,
      body,
    } as unknown as FastifyRequest)!.requestHash;

  it('is one for no body, an empty text, null and {}, which all ask nothing', () => {
    expect(fingerprintOf(null)).toBe(fingerprintOf(undefined));
    expect(fingerprintOf({})).toBe(fingerprintOf(undefined));
    expect(fingerprintOf('')).toBe(fingerprintOf(undefined));
  });

  it('still tells apart bodies that ask something, and other path parameters', () => {
    const empty = fingerprintOf(undefined);
    const others = [fingerprintOf([]), fingerprintOf({ amount: 1 }), fingerprintOf({ amount: 2 }), fingerprintOf(' ')];
    expect(new Set([empty, ...others]).size).toBe(5);
    expect(fingerprintOf({ amount: 1 })).toBe(fingerprintOf({ amount: 1 }));
    expect(fingerprintOf({}, { id: 'b' })).not.toBe(empty);
  });
});
