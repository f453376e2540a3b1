import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../testing/auth-helpers.ts';
import { insertBrand } from '../testing/catalog-fixtures.ts';
import { fastBuyer, insertLiveDrop } from '../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { depositForTest } from '../testing/wallet-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_RESPONSE_CACHE_MS: '1000' } });
});
afterAll(() => t.close());

const visit = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('public answers served again from memory for a second', () => {
  it('serves a visitor the same bytes and ETag without asking again, then the fresh answer after the second', async () => {
    await insertBrand(t.database.db, { name: 'First Light' });
    const first = await visit('/v1/brands?size=100');
    expect(first.statusCode).toBe(200);
    await insertBrand(t.database.db, { name: 'Second Wind' });

    const again = await visit('/v1/brands?size=100');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect((await visit('/v1/brands?size=100', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    t.clock.advance(1_001);
    const fresh = await visit('/v1/brands?size=100');
    expect(fresh.json().data.total).toBe(first.json().data.total + 1);
  });

  it('never answers a signed-in caller from it: their drop page carries their own part', async () => {
    const { dropId } = await insertLiveDrop(t.database.db, {
      now: t.clock.now(),
      rounds: [{ packCount: 3, price: 1_000 }],
    });
    const visitor = await visit(`/v1/drops/${dropId}`);
    expect(visitor.json().data.viewer).toBeNull();
    const buyer = await fastBuyer(t);
    await depositForTest(t.database.db, { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const mine = await visit(`/v1/drops/${dropId}`, bearer(buyer.accessToken));
    expect(mine.json().data.viewer).toMatchObject({ purchasedCount: 0 });
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });
});
