import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, verifiedUser } from '../testing/auth-helpers.ts';
import type { Database } from '../db/client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

// An instance that cannot listen for ended sign-ins (decision record 42: before its first load, or while its listening
// connection is down) reads the session, and trusts what it read for SESSION_CHECK_CACHE_MS.
let t: TestApp;
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const notListening: Database = { ...database, listen: () => Promise.reject(new Error('not listening in this test')) };
  t = await createTestApp({ env: { SESSION_CHECK_CACHE_MS: '5000' }, database: notListening });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

const me = (accessToken: string) => t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) });

describe('the session check while not listening, trusted for SESSION_CHECK_CACHE_MS', () => {
  it('a logout on this instance ends access at once', async () => {
    const user = await verifiedUser(t);
    expect((await me(user.accessToken)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/users/authentications/logout',
      headers: bearer(user.accessToken),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(user.accessToken)).statusCode).toBe(401);
  });

  it('a sign-in ended by another instance keeps working at most the cache time, then is refused', async () => {
    const user = await verifiedUser(t);
    expect((await me(user.accessToken)).statusCode).toBe(200);
    // Another instance signs the person out: the row changes, and this one does not hear it.
    await t.database.db.execute(
      sql`update sessions set revoked_at = now(), revoked_reason = 'logout' where revoked_at is null`,
    );
    expect((await me(user.accessToken)).statusCode).toBe(200);
    t.clock.advance(5_001);
    expect((await me(user.accessToken)).statusCode).toBe(401);
  });
});
