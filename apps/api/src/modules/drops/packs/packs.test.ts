import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { depositForTest } from '../../../testing/wallet-helpers.ts';
import { brandCountDrift } from '../../../testing/collection-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('packs', () => {
  it('open once: the editions are revealed and become mine; a stranger cannot see or open them', async () => {
    const { dropId, products } = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 2, price: 1_000 }],
      editionsPerPack: 3,
    });
    const activityKinds = async () => {
      const lists = await Promise.all(
        [products.common.id, products.legendary.id].map(
          async (productId) =>
            (await t.app.inject({ method: 'GET', url: `/v1/products/${productId}/activities` })).json().data.items,
        ),
      );
      return lists
        .flat()
        .map((activity: { kind: string }) => activity.kind)
        .sort();
    };
    const buyer = await fastBuyer(t);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
      payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    const orderId = placed.json().data.id as string;
    const collections = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/orders/${orderId}/collections`,
        headers: bearer(buyer.accessToken),
      })
    ).json().data;
    expect(collections.packs).toHaveLength(1);
    const packId = collections.packs[0].id as string;
    expect(collections.packs[0]).toMatchObject({ isOpened: false, rarity: null, items: [] });
    // The purchase is recorded, but the product pages do not give away what the unopened pack holds.
    expect(await activityKinds()).toEqual([]);

    const mine = (await t.app.inject({ method: 'GET', url: '/v1/packs', headers: bearer(buyer.accessToken) })).json()
      .data;
    expect(mine.groups).toMatchObject([{ rarity: null, packs: [{ id: packId }] }]);
    const sealed = await t.app.inject({
      method: 'GET',
      url: '/v1/packs?isOpened=false',
      headers: bearer(buyer.accessToken),
    });
    expect(sealed.json().data).toEqual(mine);

    const stranger = await fastBuyer(t);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/v1/packs/${packId}`,
      headers: bearer(stranger.accessToken),
    });
    expect(peek.json().code).toBe('PACK_NOT_FOUND');
    const steal = await t.app.inject({
      method: 'POST',
      url: `/v1/packs/${packId}/open`,
      headers: bearer(stranger.accessToken),
    });
    expect(steal.json().code).toBe('PACK_NOT_FOUND');

    const [first, second] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/v1/packs/${packId}/open`, headers: bearer(buyer.accessToken) }),
      t.app.inject({ method: 'POST', url: `/v1/packs/${packId}/open`, headers: bearer(buyer.accessToken) }),
    ]);
    expect(first.json().data).toEqual(second.json().data);
    const opened = first.json().data;
    expect(opened.isOpened).toBe(true);
    expect(opened.items).toHaveLength(3);
    for (const item of opened.items) {
      expect(item.imageUrl).toBe(item.product.imageThumbnailUrl);
      expect(item.edition.serialNumber).toBeGreaterThan(0);
    }
    expect(opened.rarity).toBe(
      opened.items.some((item: { product: { rarity: string } }) => item.product.rarity === 'LEGENDARY')
        ? 'LEGENDARY'
        : 'COMMON',
    );
    expect(await activityKinds()).toEqual(['OPENED', 'OPENED', 'OPENED', 'PURCHASED', 'PURCHASED', 'PURCHASED']);

    // My Collection asks for the sealed packs only: once opened, the pack is no longer among them.
    const packsWhere = async (isOpened: boolean) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/packs?isOpened=${isOpened}`,
          headers: bearer(buyer.accessToken),
        })
      ).json().data.groups;
    expect(await packsWhere(false)).toEqual([]);
    expect(await packsWhere(true)).toMatchObject([{ packs: [{ id: packId, isOpened: true }] }]);
  });
  it('links an activity to its edition’s page once the pack is opened, not while it is sealed in a revealed drop', async () => {
    const { dropId, products } = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 1, price: 1_000 }],
      editionsPerPack: 2,
    });
    const activities = async () =>
      (
        await Promise.all(
          [products.common.id, products.legendary.id].map(
            async (productId) =>
              (await t.app.inject({ method: 'GET', url: `/v1/products/${productId}/activities` })).json().data.items,
          ),
        )
      ).flat() as { kind: string; editionId: string | null }[];
    const buyer = await fastBuyer(t);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
      payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // A revealed drop's activity names what each pack held, while the pack itself may still be sealed: the edition's
    // page is not found until it is opened, so the activity links nowhere yet.
    await db().execute(sql`update drops set revealed_at = now() where id = ${dropId}`);
    const sealed = await activities();
    expect(sealed.map((activity) => [activity.kind, activity.editionId])).toEqual([
      ['PURCHASED', null],
      ['PURCHASED', null],
    ]);

    const pack = (await t.app.inject({ method: 'GET', url: '/v1/packs', headers: bearer(buyer.accessToken) })).json()
      .data.groups[0].packs[0];
    const opened = await t.app.inject({
      method: 'POST',
      url: `/v1/packs/${pack.id}/open`,
      headers: bearer(buyer.accessToken),
    });
    const editionIds = (opened.json().data.items as { edition: { id: string } }[]).map((item) => item.edition.id);
    const linked = await activities();
    expect(linked).toHaveLength(4);
    for (const activity of linked) expect(editionIds).toContain(activity.editionId);
    for (const editionId of editionIds) {
      const page = await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}` });
      expect(page.statusCode).toBe(200);
    }
  });
  // Last in the file: every move above went through the trigger that keeps My Collection's brand counts.
  it('leaves every collector’s brand counts equal to a count of their editions', async () => {
    expect(await brandCountDrift(t.database.db)).toEqual([]);
  });
});
