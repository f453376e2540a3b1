import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { behindTheDeletionJob, personDueForDeletion } from '../../testing/deletion-races.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { users } from '../users/users.tables.ts';
import { favorites } from './collection.tables.ts';

// A favorite sent in the moment the deletion job erases its person, the request on one API instance and the job on
// another (review): it passed its sign-in check before the job committed, waited behind the job's lock on the person
// (its row's foreign key), then wrote the favorite onto the account the job had just erased, where it stayed. PGlite
// runs one transaction at a time, so there is no race to run there: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let first: TestApp;
let second: TestApp;
twoInstancesOnPostgres({}, ({ a, b }) => {
  first = a;
  second = b;
});

describe.runIf(isOnPostgres)('a favorite that queued behind the deletion job, on PostgreSQL', () => {
  it('finds the account deleted: signed out, and no favorite left on it', async () => {
    const db = first.database.db;
    const brand = await insertBrand(db);
    const product = await insertProduct(db, brand.id);
    const { userId, headers } = await personDueForDeletion(first);
    // It waits on the person's row, behind the job: with the fix at assertAccountLiving, before it at the favorite's
    // foreign key, so the interleaving is the same either way.
    const { deletion, answers } = await behindTheDeletionJob(first, userId, () => [
      second.app.inject({
        method: 'POST',
        url: '/v1/favorites',
        headers,
        payload: { targetType: 'PRODUCT', targetId: product.id },
      }),
    ]);
    expect(deletion).toMatchObject({ deleted: 1 });
    expect(answers[0]!.json().code, answers[0]!.body).toBe('UNAUTHORIZED');
    const [account] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
    expect(account!.deletedAt).not.toBeNull();
    expect(await db.select().from(favorites).where(eq(favorites.userId, userId))).toEqual([]);
  }, 120_000);
});
