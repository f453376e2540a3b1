import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, requestAccountDeletion } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { claimPacks, dropRequest, publishedDrop } from '../../testing/console-drop-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { editions } from '../collection/collection.tables.ts';
import { users } from '../users/users.tables.ts';
import { packs } from './drops.tables.ts';

let t: TestApp;
let dropId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signUpOperator(t, 'admin');
  const brandId = (await insertBrand(t.database.db)).id;
  const productId = (await insertProduct(t.database.db, brandId)).id;
  dropId = await publishedDrop(
    t,
    admin.accessToken,
    dropRequest(brandId, [productId], t.clock.now(), {
      editionsPerPack: 1,
      rounds: [{ ...dropRequest(brandId, [productId], t.clock.now()).rounds[0]!, packCount: 20 }],
      contents: [{ productId, editionCount: 20 }],
    }),
  );
});
afterAll(() => t.close());

describe('account deletion while packs or editions remain', () => {
  it('is refused while the person holds unopened packs, then while they own the editions, and accepted once both are gone', async () => {
    const user = await activeUser(t);
    const [{ id: userId }] = (await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email))) as [{ id: string }];
    // A pack held for an unpaid order is not the person's yet.
    await claimPacks(t.database.db, { dropId, round: 1, userId, quantity: 1, status: 'PENDING' });
    await claimPacks(t.database.db, { dropId, round: 1, userId, quantity: 2, status: 'SUCCESSFUL' });

    const withPacks = await requestAccountDeletion(t, user.accessToken);
    expect(withPacks.statusCode).toBe(409);
    expect(withPacks.json()).toMatchObject({
      code: 'ACCOUNT_HAS_ASSETS',
      details: [{ field: 'packs', message: 'You still have 2 unopened packs. Open them first.' }],
    });

    // Opening (as the orders module does it): the pack is marked opened and its editions become the person's.
    const owned = await t.database.db.select({ id: packs.id }).from(packs).where(eq(packs.ownerUserId, userId));
    const ownedIds = owned.map((pack) => pack.id);
    await t.database.db.update(packs).set({ openedAt: t.clock.now() }).where(inArray(packs.id, ownedIds));
    await t.database.db
      .update(editions)
      .set({ ownerUserId: userId, state: 'OWNED' })
      .where(inArray(editions.packId, ownedIds));
    const withEditions = await requestAccountDeletion(t, user.accessToken);
    expect(withEditions.statusCode).toBe(409);
    expect(withEditions.json().details).toEqual([{ field: 'nfts', message: 'You still own 2 NFTs.' }]);

    // The editions went to someone else (a later issue's transfers): nothing remains, an opened pack is no asset.
    await t.database.db.update(editions).set({ ownerUserId: null }).where(inArray(editions.packId, ownedIds));
    expect((await requestAccountDeletion(t, user.accessToken)).statusCode).toBe(202);
  });
});
