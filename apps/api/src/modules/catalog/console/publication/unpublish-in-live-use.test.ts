import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../../db/query-rows.ts';
import { DAY_MS, MINUTE_MS } from '../../../../lib/clock.ts';
import { newId } from '../../../../lib/ids.ts';
import { bearer } from '../../../../testing/auth-helpers.ts';
import { insertBrand, insertCollection, insertProduct } from '../../../../testing/catalog-fixtures.ts';
import { fastBuyer, freshAccessToken, insertLiveDrop } from '../../../../testing/drop-fixtures.ts';
import { signUpOperator } from '../../../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../../../testing/test-app.ts';
import { depositForTest } from '../../../../testing/wallet-helpers.ts';

// Review finding 3: a product (or collection) unpublished while a live drop sold it answered 200, and the drop page
// still named it, its own page answered 404 and its packs still sold. Now refused until the drop or fusion ends.
let t: TestApp;
let admin: { userId: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
// A fresh session each time: the tests move the clock past an access token's life.
const asAdmin = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(await freshAccessToken(t, admin.userId)),
    ...(payload ? { payload } : {}),
  });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const statusOf = async (table: 'products' | 'collections', id: string) =>
  (await queryRows<{ status: string }>(db(), sql`select status from ${sql.identifier(table)} where id = ${id}`))[0]!
    .status;

/** A pack of the drop bought by a new collector with the balance: the answer's status. */
async function purchasePack(dropId: string): Promise<number> {
  const buyer = await fastBuyer(t);
  await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 10_000 });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
    payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
  });
  return placed.statusCode;
}

describe('unpublishing what a live drop sells', () => {
  it('refuses a product while a published drop sells it, which goes on as it was; allowed once the drop has ended', async () => {
    const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 5 }], name: 'Neon Genesis' });
    const product = drop.products.common;

    const refused = await asAdmin('POST', `/v1/console/products/${product.id}/unpublish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'PRODUCT_IN_LIVE_USE',
      message: 'Neon Genesis sells this product until it ends.',
      details: [{ field: 'status', message: 'Neon Genesis sells this product until it ends.' }],
    });
    expect(await statusOf('products', product.id)).toBe('PUBLISHED');
    // Nothing changed for collectors: the drop names it, its page opens, and its packs sell.
    const page = await get(`/v1/drops/${drop.dropId}`);
    expect(page.json().data.contents).toContainEqual(
      expect.objectContaining({ product: expect.objectContaining({ id: product.id, name: product.name }) }),
    );
    expect((await get(`/v1/products/${product.id}`)).statusCode).toBe(200);
    expect(await purchasePack(drop.dropId)).toBe(201);
    const audited = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where entity_id = ${product.id} and action = 'unpublish'`,
    );
    expect(audited[0]!.n).toBe(0);

    // Its end (dropStatusAt: COMPLETED from dropEndAt on) frees the product.
    t.clock.advance(2 * DAY_MS);
    const allowed = await asAdmin('POST', `/v1/console/products/${product.id}/unpublish`);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data.status).toBe('DRAFT');
  });

  it('refuses it too while the drop is being published or not yet begun, but not for a draft drop', async () => {
    const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 2 }], name: 'Slow Rise' });
    const product = drop.products.legendary;
    for (const [status, beginsIn] of [
      ['PUBLISHING', -60],
      ['PUBLISHED', 60],
    ] as const) {
      const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS);
      await db().execute(
        sql`update drops set publication_status = ${status}, visible_at = ${at(beginsIn - 10)},
              drop_begin_at = ${at(beginsIn)} where id = ${drop.dropId}`,
      );
      const refused = await asAdmin('POST', `/v1/console/products/${product.id}/unpublish`);
      expect(refused.json()).toMatchObject({ code: 'PRODUCT_IN_LIVE_USE' });
    }
    // A draft drop is checked when it is published (DROP_PRODUCT_NOT_PUBLISHED): it does not hold its products.
    const brand = await insertBrand(db());
    const draft = await insertProduct(db(), brand.id);
    const draftDrop = newId();
    const now = t.clock.now();
    await db().execute(sql`
      insert into drops (id, brand_id, name, image_url, visible_at, drop_begin_at, drop_end_at, editions_per_pack,
                         created_at, updated_at)
      values (${draftDrop}, ${brand.id}, 'Draft drop', '/uploads/drop.webp', ${now}, ${new Date(now.getTime() + DAY_MS)},
              ${new Date(now.getTime() + 2 * DAY_MS)}, 1, ${now}, ${now})`);
    await db().execute(
      sql`insert into drop_contents (drop_id, product_id, edition_count) values (${draftDrop}, ${draft.id}, 5)`,
    );
    expect((await asAdmin('POST', `/v1/console/products/${draft.id}/unpublish`)).statusCode).toBe(200);
  });

  it('refuses a collection while a live drop sells a product of it; allowed once the drop has ended', async () => {
    const drop = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 5 }],
      name: 'Neon Genesis',
      isInCollection: true,
    });
    const collection = drop.collection!;

    const refused = await asAdmin('POST', `/v1/console/collections/${collection.id}/unpublish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'COLLECTION_IN_LIVE_USE',
      message: 'Neon Genesis sells products of this collection until it ends.',
      details: [{ field: 'status', message: 'Neon Genesis sells products of this collection until it ends.' }],
    });
    expect(await statusOf('collections', collection.id)).toBe('PUBLISHED');
    const page = await get(`/v1/drops/${drop.dropId}`);
    expect(page.body).toContain(drop.products.common.name);
    expect((await get(`/v1/products/${drop.products.common.id}`)).statusCode).toBe(200);
    expect((await get(`/v1/collections/${collection.id}`)).statusCode).toBe(200);
    expect(await purchasePack(drop.dropId)).toBe(201);

    t.clock.advance(2 * DAY_MS);
    const allowed = await asAdmin('POST', `/v1/console/collections/${collection.id}/unpublish`);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('names every live drop using it, the soonest to end first, and counts those past three', async () => {
    const brand = await insertBrand(db());
    const product = await insertProduct(db(), brand.id);
    const names = ['Fifth', 'First', 'Fourth', 'Second', 'Third'];
    for (const [index, name] of names.entries()) {
      const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 1 }], name });
      const endsIn = [5, 1, 4, 2, 3][index]!;
      await db().execute(sql`
        update drops set drop_end_at = ${new Date(t.clock.now().getTime() + endsIn * DAY_MS)} where id = ${drop.dropId}`);
      await db().execute(
        sql`insert into drop_contents (drop_id, product_id, edition_count) values (${drop.dropId}, ${product.id}, 1)`,
      );
    }
    const refused = await asAdmin('POST', `/v1/console/products/${product.id}/unpublish`);
    const sentences = [
      'First sells this product until it ends.',
      'Second sells this product until it ends.',
      'Third sells this product until it ends.',
      '2 more live drops and fusions use it.',
    ];
    expect(refused.json()).toEqual({
      code: 'PRODUCT_IN_LIVE_USE',
      message: sentences.join(' '),
      details: sentences.map((message) => ({ field: 'status', message })),
    });
  });

  it('still takes a brand down with its live drop (its drops are hidden and refused with it)', async () => {
    const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 1 }] });
    const takenDown = await asAdmin('POST', `/v1/console/brands/${drop.brand.id}/unpublish`);
    expect(takenDown.statusCode, takenDown.body).toBe(200);
    expect((await get(`/v1/drops/${drop.dropId}`)).statusCode).toBe(404);
  });
});

// Closing review finding: moving a live drop's product into a collection still in draft answered 200, and hid it as an
// unpublish would (its page 404 while the drop named it). Now refused the same way, under the collection field.
describe('moving what a live drop sells into a draft collection', () => {
  it('refuses the move under collectionId while the drop runs; a published collection takes it, a draft one once it ends', async () => {
    const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 2 }], name: 'Neon Genesis' });
    const product = drop.products.common;
    const draft = await insertCollection(db(), drop.brand.id, { status: 'DRAFT' });
    const published = await insertCollection(db(), drop.brand.id);
    const before = (await get(`/v1/products/${product.id}`)).body;

    const refused = await asAdmin('PATCH', `/v1/console/products/${product.id}`, {
      name: 'Renamed in the same edit',
      collectionId: draft.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'PRODUCT_IN_LIVE_USE',
      message:
        'Neon Genesis sells this product until it ends. Until then, it can move only into a published collection.',
      details: [{ field: 'collectionId', message: 'Neon Genesis sells this product until it ends.' }],
    });
    // Nothing of the edit was written: the public page is as it was.
    expect((await get(`/v1/products/${product.id}`)).body).toBe(before);

    const moved = await asAdmin('PATCH', `/v1/console/products/${product.id}`, { collectionId: published.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await get(`/v1/products/${product.id}`)).json().data.collection).toMatchObject({ id: published.id });

    t.clock.advance(2 * DAY_MS);
    const allowed = await asAdmin('PATCH', `/v1/console/products/${product.id}`, { collectionId: draft.id });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await get(`/v1/products/${product.id}`)).statusCode).toBe(404);
  });

  it('lets a product no live drop or fusion uses move into a draft collection', async () => {
    const brand = await insertBrand(db());
    const product = await insertProduct(db(), brand.id);
    const draft = await insertCollection(db(), brand.id, { status: 'DRAFT' });
    const moved = await asAdmin('PATCH', `/v1/console/products/${product.id}`, { collectionId: draft.id });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('unpublishing what a live fusion makes or takes', () => {
  const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();

  /**
   * A published fusion, open for a day, of a new brand: its result Paladin (in Relics) from a slot taking Squire (in
   * Armory) and a slot taking the collection Genesis.
   */
  async function openFusion() {
    const brand = await insertBrand(db());
    const [relics, armory, genesis] = [
      await insertCollection(db(), brand.id),
      await insertCollection(db(), brand.id),
      await insertCollection(db(), brand.id),
    ];
    const paladin = await insertProduct(db(), brand.id, { rarity: 'EPIC', collectionId: relics.id });
    const squire = await insertProduct(db(), brand.id, { collectionId: armory.id });
    const name = `Ember Forge ${newId().slice(-6)}`;
    const created = await asAdmin('POST', '/v1/console/fusions', {
      brandId: brand.id,
      categoryId: null,
      name,
      description: '',
      imageUrl: '/uploads/fusion.webp',
      beginAt: iso(-1),
      endAt: iso(24 * 60),
      resultProductId: paladin.id,
      resultSupply: 2,
      slots: [
        { name: 'Squire', requiredCount: 1, rule: { kind: 'PRODUCT', productId: squire.id } },
        { name: 'Genesis', requiredCount: 1, rule: { kind: 'COLLECTION', collectionId: genesis.id } },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const fusionId = created.json().data.id as string;
    const published = await asAdmin('POST', `/v1/console/fusions/${fusionId}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    return { fusionId, name, paladin, squire, relics, armory, genesis };
  }

  it('refuses its result, its slots’ product and collection, and their collections while it is open; allowed once closed', async () => {
    const fusion = await openFusion();
    const pageBefore = (await get(`/v1/fusions/${fusion.fusionId}`)).body;
    const refusals = [
      ['products', fusion.paladin.id, `The fusion ${fusion.name} makes this product until it ends.`],
      ['collections', fusion.relics.id, `The fusion ${fusion.name} makes a product of this collection until it ends.`],
      ['products', fusion.squire.id, `The fusion ${fusion.name} takes this product until it ends.`],
      ['collections', fusion.armory.id, `The fusion ${fusion.name} takes editions of this collection until it ends.`],
      ['collections', fusion.genesis.id, `The fusion ${fusion.name} takes editions of this collection until it ends.`],
    ] as const;
    for (const [table, id, message] of refusals) {
      const refused = await asAdmin('POST', `/v1/console/${table}/${id}/unpublish`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: table === 'products' ? 'PRODUCT_IN_LIVE_USE' : 'COLLECTION_IN_LIVE_USE',
        message,
        details: [{ field: 'status', message }],
      });
      expect(await statusOf(table, id)).toBe('PUBLISHED');
    }
    // Collectors still see what it makes and takes, and the result's page opens.
    const pageAfter = await get(`/v1/fusions/${fusion.fusionId}`);
    expect(pageAfter.body).toBe(pageBefore);
    expect(pageAfter.json().data.result.product).toMatchObject({ id: fusion.paladin.id, name: fusion.paladin.name });
    expect((await get(`/v1/products/${fusion.paladin.id}`)).statusCode).toBe(200);

    const closed = await asAdmin('POST', `/v1/console/fusions/${fusion.fusionId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    for (const [table, id] of refusals) {
      const allowed = await asAdmin('POST', `/v1/console/${table}/${id}/unpublish`);
      expect(allowed.statusCode, allowed.body).toBe(200);
    }
  });

  it('refuses moving a product out of a collection its slot takes while it is open; into it, or once closed, is allowed', async () => {
    const fusion = await openFusion();
    const brandId = fusion.paladin.brandId;
    const knight = await insertProduct(db(), brandId, { collectionId: fusion.genesis.id });
    const refused = await asAdmin('PATCH', `/v1/console/products/${knight.id}`, { collectionId: fusion.armory.id });
    expect(refused.statusCode).toBe(409);
    const sentence = `The fusion ${fusion.name} takes editions of its collection until it ends.`;
    expect(refused.json()).toEqual({
      code: 'PRODUCT_IN_LIVE_USE',
      message: `${sentence} Until then, it stays in its collection.`,
      details: [{ field: 'collectionId', message: sentence }],
    });
    const intoNone = await asAdmin('PATCH', `/v1/console/products/${knight.id}`, { collectionId: null });
    expect(intoNone.json()).toMatchObject({ code: 'PRODUCT_IN_LIVE_USE' });
    // Moving another product into the collection only widens what the slot takes.
    const page = await insertProduct(db(), brandId);
    const joined = await asAdmin('PATCH', `/v1/console/products/${page.id}`, { collectionId: fusion.genesis.id });
    expect(joined.statusCode, joined.body).toBe(200);

    const closed = await asAdmin('POST', `/v1/console/fusions/${fusion.fusionId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    const moved = await asAdmin('PATCH', `/v1/console/products/${knight.id}`, { collectionId: fusion.armory.id });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('lets a fusion’s product go once the fusion has ended by its schedule', async () => {
    const fusion = await openFusion();
    t.clock.advance(24 * 60 * MINUTE_MS);
    const allowed = await asAdmin('POST', `/v1/console/products/${fusion.squire.id}/unpublish`);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});
