import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { collectorWithPack } from '../../testing/collection-fixtures.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { brands, products as productsTable } from '../catalog/catalog.tables.ts';
import { editions } from './collection.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

const favorite = (accessToken: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/favorites', headers: bearer(accessToken), payload });

describe('favorites', () => {
  it('favorites a product and an opened edition once each, lists them newest first, publicly too, and takes one back', async () => {
    const {
      products,
      collector: fan,
      packId,
      editionIds: [inPackId],
    } = await collectorWithPack(t, { isOpened: false });
    const inPack = { id: inPackId! };

    // An edition still in its pack cannot be favorited: that would tell what the pack holds.
    const early = await favorite(fan.accessToken, { targetType: 'EDITION', targetId: inPack.id });
    expect(early.statusCode).toBe(404);
    expect(early.json().code).toBe('FAVORITE_TARGET_NOT_FOUND');
    await t.app.inject({ method: 'POST', url: `/v1/packs/${packId}/open`, headers: bearer(fan.accessToken) });

    const product = await favorite(fan.accessToken, { targetType: 'PRODUCT', targetId: products.common.id });
    expect(product.statusCode).toBe(201);
    expect(product.json().data).toMatchObject({
      targetType: 'PRODUCT',
      targetId: products.common.id,
      // Its limit, for an edition's number ("#12 / 500").
      product: { id: products.common.id, editionSize: products.common.editionSize },
      edition: null,
    });
    t.clock.advance(1_000);
    const edition = await favorite(fan.accessToken, { targetType: 'EDITION', targetId: inPack.id });
    expect(edition.json().data).toMatchObject({ targetType: 'EDITION', edition: { id: inPack.id } });
    // Twice is once: the answer is the favorite as first written.
    t.clock.advance(1_000);
    const twice = await favorite(fan.accessToken, { targetType: 'EDITION', targetId: inPack.id });
    expect(twice.statusCode).toBe(201);
    expect(twice.json().data).toEqual(edition.json().data);

    const mine = (
      await t.app.inject({ method: 'GET', url: '/v1/favorites/my', headers: bearer(fan.accessToken) })
    ).json().data;
    expect(mine.total).toBe(2);
    expect(mine.items.map((item: { targetId: string }) => item.targetId)).toEqual([inPack.id, products.common.id]);
    const others = (await t.app.inject({ method: 'GET', url: `/v1/favorites/others/${fan.userId}` })).json().data;
    expect(others).toEqual(mine);
    // A product or NFT page asks about its own target only: one favorite, or none.
    const isFavorite = async (targetId: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/favorites/my?targetId=${targetId}`,
          headers: bearer(fan.accessToken),
        })
      ).json().data;
    expect(await isFavorite(products.common.id)).toMatchObject({ total: 1, items: [{ targetId: products.common.id }] });
    expect(await isFavorite(products.legendary.id)).toMatchObject({ total: 0, items: [] });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/favorites/${products.common.id}`,
      headers: bearer(fan.accessToken),
    });
    expect(removed.statusCode).toBe(204);
    // Not (or no longer) a favorite of mine: not found, for me as for anybody else.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/v1/favorites/${products.common.id}`,
      headers: bearer(fan.accessToken),
    });
    expect(again.json()).toEqual({ code: 'FAVORITE_NOT_FOUND', message: 'This is not among your favorites.' });
    const stranger = await fastBuyer(t);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/v1/favorites/${inPack.id}`,
      headers: bearer(stranger.accessToken),
    });
    expect(theirs.statusCode).toBe(404);
    const after = (
      await t.app.inject({ method: 'GET', url: '/v1/favorites/my', headers: bearer(fan.accessToken) })
    ).json().data;
    expect(after.items.map((item: { targetId: string }) => item.targetId)).toEqual([inPack.id]);
    expect((await isFavorite(products.common.id)).total).toBe(0);
  });

  // Collector walk of session 46: a favorite fused away afterwards looked like one still held.
  it('keeps a favorite fused away afterwards, with its state', async () => {
    const { collector, editionIds } = await collectorWithPack(t);
    const editionId = editionIds[0]!;
    expect((await favorite(collector.accessToken, { targetType: 'EDITION', targetId: editionId })).statusCode).toBe(
      201,
    );
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/v1/favorites/my', headers: bearer(collector.accessToken) })).json()
        .data.items;
    expect(await listed()).toMatchObject([{ targetId: editionId, edition: { id: editionId, state: 'OWNED' } }]);
    await db().update(editions).set({ state: 'BURNED' }).where(eq(editions.id, editionId));
    expect(await listed()).toMatchObject([{ targetId: editionId, edition: { id: editionId, state: 'BURNED' } }]);
    // Favorited again, it is the one favorite (session 70's hunt: FAVORITE_TARGET_NOT_FOUND for a listed favorite).
    const again = await favorite(collector.accessToken, { targetType: 'EDITION', targetId: editionId });
    expect([again.statusCode, again.json().data?.targetId]).toEqual([201, editionId]);
    expect(await listed()).toHaveLength(1);
  });

  it('refuses an edition burned in a fusion: it is gone', async () => {
    const { collector, editionIds } = await collectorWithPack(t);
    await db().update(editions).set({ state: 'BURNED' }).where(eq(editions.id, editionIds[0]!));
    const refused = await favorite(collector.accessToken, { targetType: 'EDITION', targetId: editionIds[0] });
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'FAVORITE_TARGET_NOT_FOUND']);
  });

  it('refuses a draft product, one under a draft brand, an unknown target and an unknown collector', async () => {
    const fan = await fastBuyer(t);
    const brand = await insertBrand(db());
    const draft = await insertProduct(db(), brand.id, { status: 'DRAFT' });
    const underDraftBrand = await insertProduct(db(), (await insertBrand(db(), { status: 'DRAFT' })).id);
    for (const payload of [
      { targetType: 'PRODUCT', targetId: draft!.id },
      { targetType: 'PRODUCT', targetId: underDraftBrand!.id },
      { targetType: 'PRODUCT', targetId: newId() },
      { targetType: 'EDITION', targetId: newId() },
    ]) {
      const refused = await favorite(fan.accessToken, payload);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        code: 'FAVORITE_TARGET_NOT_FOUND',
        message: 'We could not find what you want to favorite.',
      });
    }
    const nobody = await t.app.inject({ method: 'GET', url: `/v1/favorites/others/${newId()}` });
    expect(nobody.json()).toEqual({ code: 'COLLECTOR_NOT_FOUND', message: 'We could not find this collector.' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/favorites/my' })).statusCode).toBe(401);
  });

  it('drops a product from the lists while it or its brand is unpublished, as the catalogue does', async () => {
    const fan = await fastBuyer(t);
    const brand = await insertBrand(db());
    const product = (await insertProduct(db(), brand.id))!;
    expect((await favorite(fan.accessToken, { targetType: 'PRODUCT', targetId: product.id })).statusCode).toBe(201);
    const lists = async () =>
      Promise.all([
        t.app.inject({ method: 'GET', url: '/v1/favorites/my', headers: bearer(fan.accessToken) }),
        t.app.inject({ method: 'GET', url: `/v1/favorites/others/${fan.userId}` }),
      ]).then((answers) => answers.map((answer) => answer.json().data.total as number));
    expect(await lists()).toEqual([1, 1]);
    await db().update(productsTable).set({ status: 'DRAFT' }).where(eq(productsTable.id, product.id));
    expect(await lists()).toEqual([0, 0]);
    // Favorited again meanwhile, it is refused as it would be to anyone, not answered as a favorite no list shows.
    const again = await favorite(fan.accessToken, { targetType: 'PRODUCT', targetId: product.id });
    expect([again.statusCode, again.json().code]).toEqual([404, 'FAVORITE_TARGET_NOT_FOUND']);
    await db().update(productsTable).set({ status: 'PUBLISHED' }).where(eq(productsTable.id, product.id));
    await db().update(brands).set({ status: 'DRAFT' }).where(eq(brands.id, brand.id));
    expect(await lists()).toEqual([0, 0]);
    await db().update(brands).set({ status: 'PUBLISHED' }).where(eq(brands.id, brand.id));
    expect(await lists()).toEqual([1, 1]);
  });

  // Review: an edition of a product unpublished since could still be favorited, but its favorite was left out of every
  // list, so the NFT page's heart never showed it and it could not be taken back.
  it('keeps an edition favorite listed, and its heart able to take it back, after its product is unpublished', async () => {
    const { collector, editionIds } = await collectorWithPack(t);
    const editionId = editionIds[0]!;
    const edition = await db()
      .select({ productId: editions.productId })
      .from(editions)
      .where(eq(editions.id, editionId));
    const productId = edition[0]!.productId;
    await db().update(productsTable).set({ status: 'DRAFT' }).where(eq(productsTable.id, productId));
    const added = await favorite(collector.accessToken, { targetType: 'EDITION', targetId: editionId });
    expect(added.statusCode).toBe(201);

    const isFavorite = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/favorites/my?targetId=${editionId}`,
          headers: bearer(collector.accessToken),
        })
      ).json().data.total as number;
    expect(await isFavorite()).toBe(1);
    const own = await t.app.inject({ method: 'GET', url: '/v1/favorites/my', headers: bearer(collector.accessToken) });
    expect(own.json().data).toMatchObject({ total: 1, items: [{ targetId: editionId }] });
    // On their public profile, only what the catalogue shows (a review of session 53: a brand taken down was still
    // found, with its product's name and picture, through its fans' profiles).
    const others = await t.app.inject({ method: 'GET', url: `/v1/favorites/others/${collector.userId}` });
    expect(others.json().data).toMatchObject({ total: 0, items: [] });
    // Its product, unpublished, stays what the catalogue answers it is: not something to favorite.
    const product = await favorite(collector.accessToken, { targetType: 'PRODUCT', targetId: productId });
    expect(product.json().code).toBe('FAVORITE_TARGET_NOT_FOUND');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/favorites/${editionId}`,
      headers: bearer(collector.accessToken),
    });
    expect(removed.statusCode).toBe(204);
    expect(await isFavorite()).toBe(0);
  });
});
