import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { activeUser, bearer, logIn, STRONG_PASSWORD } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { lockWaitersSeen } from '../../testing/lock-barrier.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { completeAccountDeletions } from '../users/deletion/complete-account-deletions.ts';
import { users } from '../users/users.tables.ts';
import { favorites } from './collection.tables.ts';

// A favorite sent in the moment the deletion job erases its person, the request on one API instance and the job on
// another (review): it passed its sign-in check before the job committed, waited behind the job's lock on the person
// (its row's foreign key), then wrote the favorite onto the account the job had just erased, where it stayed. PGlite
// runs one transaction at a time, so there is no race to run there: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  if (!isOnPostgres) return;
  first = await createTestApp();
  second = await createTestApp({ database: first.database, clock: first.clock });
}, 120_000);
afterAll(async () => {
  if (!isOnPostgres) return;
  await second.close();
  await first.close();
});

describe.runIf(isOnPostgres)('a favorite that queued behind the deletion job, on PostgreSQL', () => {
  it('finds the account deleted: signed out, and no favorite left on it', async () => {
    const db = first.database.db;
    const brand = await insertBrand(db);
    const product = await insertProduct(db, brand.id);
    const person = await activeUser(first);
    const asking = bearer(person.accessToken);
    const me = await first.app.inject({ method: 'GET', url: '/v1/users/my', headers: asking });
    const userId = me.json().data.id as string;
    await first.app.inject({
      method: 'POST',
      url: '/v1/users/authentications/check-password',
      headers: asking,
      payload: { password: STRONG_PASSWORD },
    });
    const asked = await first.app.inject({ method: 'POST', url: '/v1/users/delete-request', headers: asking });
    expect(asked.statusCode, asked.body).toBe(202);
    first.clock.advance(8 * DAY_MS);
    // Signed in again since asking (the request ended every sign-in): a pending deletion signs in as usual.
    const headers = bearer((await logIn(first, person.email)).json().data.accessToken as string);

    const gate = new pg.Client({ connectionString: first.database.pool!.options.connectionString! });
    await gate.connect();
    try {
      await gate.query('begin');
      await gate.query('select 1 from users where id = $1 for update', [userId]);
      const deletion = completeAccountDeletions({
        db,
        clock: first.clock,
        storage: first.storage,
        discordRoles: first.discordRoles,
      });
      deletion.catch(() => undefined);
      await lockWaitersSeen(gate, 1);
      // It waits on the person's row, behind the job: with the fix at assertAccountLiving, before it at the
      // favorite's foreign key, so the interleaving is the same either way.
      const added = second.app.inject({
        method: 'POST',
        url: '/v1/favorites',
        headers,
        payload: { targetType: 'PRODUCT', targetId: product.id },
      });
      added.catch(() => undefined);
      await lockWaitersSeen(gate, 2);
      await gate.query('commit');

      expect(await deletion).toMatchObject({ deleted: 1 });
      const answer = await added;
      expect(answer.json().code, answer.body).toBe('UNAUTHORIZED');
    } finally {
      await gate.end();
    }
    const [account] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
    expect(account!.deletedAt).not.toBeNull();
    expect(await db.select().from(favorites).where(eq(favorites.userId, userId))).toEqual([]);
  }, 120_000);
});
