import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, verifiedUser } from '../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Decision record 42: once an instance hears every ended sign-in, a signed-in request reads no session, and a sign-in
// ended by any statement, on any instance, is refused as soon as its announcement arrives. The second app stands for
// another instance on the same database (its own listener; on PostgreSQL its own connections too).
let t: TestApp;
let other: TestApp | null = null;
const sessionReads: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The same database, seen through a handle that reports every statement the app sends.
  const observed = t.database.observed((query) => {
    if (/from "sessions"/i.test(query)) sessionReads.push(query);
  });
  other = await createTestApp({ database: observed, clock: t.clock });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const me = (app: TestApp, accessToken: string) =>
  app.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) });

describe('ended sign-ins, heard by every instance', () => {
  it('a signed-in request reads no session row once the instance hears every ended sign-in', async () => {
    const user = await verifiedUser(t);
    sessionReads.length = 0;
    for (let request = 0; request < 3; request += 1) expect((await me(other!, user.accessToken)).statusCode).toBe(200);
    expect(sessionReads).toEqual([]);
  });

  it('a sign-in ended by another instance, or by any statement, is refused as soon as it is announced', async () => {
    const loggedOut = await verifiedUser(t);
    const revoked = await verifiedUser(t);
    const deleted = await verifiedUser(t);
    for (const user of [loggedOut, revoked, deleted]) expect((await me(other!, user.accessToken)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/users/authentications/logout',
      headers: bearer(loggedOut.accessToken),
    });
    expect(out.statusCode).toBeLessThan(300);
    await t.database.db.execute(
      sql`update sessions set revoked_at = now(), revoked_reason = 'test' where user_id = (select id from users where email = ${revoked.email})`,
    );
    await t.database.db.execute(
      sql`delete from sessions where user_id = (select id from users where email = ${deleted.email})`,
    );

    // No clock moves: the cache time (SESSION_CHECK_CACHE_MS) plays no part, the announcements do.
    for (const user of [loggedOut, revoked, deleted]) {
      await vi.waitFor(async () => expect((await me(other!, user.accessToken)).statusCode).toBe(401));
    }
  });

  it('an instance that starts after a sign-in ended, revoked or deleted, knows it from the ends it loads', async () => {
    const revoked = await verifiedUser(t);
    const deleted = await verifiedUser(t);
    await t.database.db.execute(
      sql`update sessions set revoked_at = now(), revoked_reason = 'test' where user_id = (select id from users where email = ${revoked.email})`,
    );
    await t.database.db.execute(
      sql`delete from sessions where user_id = (select id from users where email = ${deleted.email})`,
    );
    const late = await createTestApp({ database: t.database, clock: t.clock });
    try {
      expect((await me(late, revoked.accessToken)).statusCode).toBe(401);
      expect((await me(late, deleted.accessToken)).statusCode).toBe(401);
      const alive = await verifiedUser(t);
      expect((await me(late, alive.accessToken)).statusCode).toBe(200);
    } finally {
      await late.close();
    }
  });

  it('a sign-in that ended long ago is not kept: its tokens have expired anyway', async () => {
    const user = await verifiedUser(t);
    await t.database.db.execute(
      sql`update sessions set revoked_at = now(), revoked_reason = 'test' where user_id = (select id from users where email = ${user.email})`,
    );
    await vi.waitFor(async () => expect((await me(other!, user.accessToken)).statusCode).toBe(401));
    t.clock.advance(t.deps.config.auth.accessTokenTtlSeconds * 1000 + 61_000);
    // Refused by the token's expiry now; a fresh sign-in of someone else still passes without a read.
    expect((await me(other!, user.accessToken)).statusCode).toBe(401);
    const fresh = await verifiedUser(t);
    sessionReads.length = 0;
    expect((await me(other!, fresh.accessToken)).statusCode).toBe(200);
    expect(sessionReads).toEqual([]);
  });
});
