import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, fusionMessages } from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertCollection, insertProduct } from '../../testing/catalog-fixtures.ts';
import { collectorWithPack } from '../../testing/collection-fixtures.ts';
import { freshAccessToken } from '../../testing/drop-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Fusions start as drafts and an open one can be closed (decision record 50).
let t: TestApp;
let admin: { userId: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
// A fresh session each time: some tests move the clock past an access token's life.
const asAdmin = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(await freshAccessToken(t, admin.userId)),
    ...(payload ? { payload } : {}),
  });

/** A collector holding 4 editions of a fresh brand (3 commons), and a draft fusion of that brand: 1 common in. */
async function setUp(times: { beginAt?: string; endAt?: string } = {}) {
  const held = await collectorWithPack(t, { editionsPerPack: 4 });
  const result = await insertProduct(db(), held.brand.id, { rarity: 'EPIC' });
  const commons = (
    await queryRows<{ id: string }>(
      db(),
      sql`select id from editions where id = any(${sqlArray(held.editionIds)}::uuid[]) and rarity = 'COMMON'
          order by token_id`,
    )
  ).map((row) => row.id);
  const request = {
    brandId: held.brand.id,
    categoryId: null,
    name: 'Draft Fusion',
    description: '',
    imageUrl: '/uploads/fusion.webp',
    beginAt: times.beginAt ?? iso(-1),
    endAt: times.endAt ?? iso(24 * 60),
    resultProductId: result.id,
    resultSupply: 2,
    slots: [{ name: 'Common', requiredCount: 1, rule: { kind: 'RARITY', rarity: 'COMMON' } }],
  };
  const created = await asAdmin('POST', '/v1/console/fusions', request);
  expect(created.statusCode, created.body).toBe(201);
  const fusion = created.json().data as { id: string; slots: { id: string }[] };
  return { held, result, commons, request, fusion };
}

function fuse(accessToken: string, fusion: { id: string; slots: { id: string }[] }, editionId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/fusions/${fusion.id}/fuse`,
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { slots: [{ slotId: fusion.slots[0]!.id, editionIds: [editionId] }] },
  });
}

const mintedOf = async (productId: string) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from editions where product_id = ${productId} and state = 'UNISSUED'`,
    )
  )[0]!.n;

describe('a draft fusion', () => {
  it('is the console’s alone: not listed, not shown, no materials, not fused, nothing minted', async () => {
    const { held, result, commons, fusion } = await setUp();
    expect(fusion).toMatchObject({
      publicationStatus: 'DRAFT',
      publishedAt: null,
      result: { supply: 2, remaining: 2 },
      isAllFused: false,
      madeCount: 0,
    });
    expect(await mintedOf(result.id)).toBe(0);

    const listed = await t.app.inject({ method: 'GET', url: `/v1/fusions?brandId=${held.brand.id}` });
    expect(listed.json().data.total).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}` });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ code: 'FUSION_NOT_FOUND', message: errorCatalogue.FUSION_NOT_FOUND.message });
    const materials = await t.app.inject({
      method: 'GET',
      url: `/v1/fusions/${fusion.id}/slots/${fusion.slots[0]!.id}/materials`,
      headers: bearer(held.collector.accessToken),
    });
    expect(materials.json().code).toBe('FUSION_NOT_FOUND');
    expect((await fuse(held.collector.accessToken, fusion, commons[0]!)).json().code).toBe('FUSION_NOT_FOUND');
    const [burned] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from editions where id = ${commons[0]} and state = 'BURNED'`,
    );
    expect(burned!.n).toBe(0);

    const consoleList = (await asAdmin('GET', `/v1/console/fusions?brandId=${held.brand.id}`)).json().data;
    expect(consoleList.items).toMatchObject([{ id: fusion.id, publicationStatus: 'DRAFT' }]);
  });

  it('changes freely but for its brand, even once its begin time has passed: result, supply, times', async () => {
    const { held, request, fusion } = await setUp({ beginAt: iso(-60), endAt: iso(60) });
    const other = await insertProduct(db(), held.brand.id, { rarity: 'LEGENDARY' });
    const changed = await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, {
      ...request,
      resultProductId: other.id,
      resultSupply: 5,
      endAt: iso(120),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      publicationStatus: 'DRAFT',
      result: { product: { id: other.id }, supply: 5, remaining: 5 },
      endAt: iso(120),
    });
    // Its slots, unchanged, keep their ids; the same change again changes nothing and is not recorded.
    const { data: changedFusion } = changed.json();
    expect(changedFusion.slots.map((slot: { id: string }) => slot.id)).toEqual(fusion.slots.map((slot) => slot.id));
    const again = await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, {
      ...request,
      resultProductId: other.id,
      resultSupply: 5,
      endAt: iso(120),
    });
    expect(again.json().data).toEqual(changedFusion);
    const audit = await queryRows<{ action: string; after: unknown }>(
      db(),
      sql`select action, after from audit_log where entity_type = 'fusion' and entity_id = ${fusion.id}
          order by created_at, id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
    expect(audit[1]!.after).toEqual(changedFusion);
    const otherBrand = await collectorWithPack(t);
    const moved = await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, {
      ...request,
      brandId: otherBrand.brand.id,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().details).toEqual([{ field: 'brandId', message: fusionMessages.brandIsFinal }]);
  });

  it('is published once, audited, with its results minted; again is FUSION_ALREADY_PUBLISHED; then fused', async () => {
    const { held, result, commons, fusion } = await setUp();
    const published = await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({
      publicationStatus: 'PUBLISHED',
      publishedAt: t.clock.now().toISOString(),
      status: 'AVAILABLE',
      result: { remaining: 2 },
    });
    expect(await mintedOf(result.id)).toBe(2);
    const again = await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'FUSION_ALREADY_PUBLISHED',
      message: errorCatalogue.FUSION_ALREADY_PUBLISHED.message,
    });
    expect(await mintedOf(result.id)).toBe(2);
    const audit = await queryRows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'fusion' and entity_id = ${fusion.id} order by created_at, id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'publish']);

    const page = await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}` });
    expect(page.json().data).toMatchObject({ id: fusion.id, status: 'AVAILABLE' });
    const fused = await fuse(held.collector.accessToken, fusion, commons[0]!);
    expect(fused.statusCode, fused.body).toBe(201);
  });

  it('is not published once its end has passed (FUSION_SCHEDULE_PASSED), nor with its result in draft', async () => {
    const { request, fusion } = await setUp({ beginAt: iso(-120), endAt: iso(-60) });
    const late = await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'FUSION_SCHEDULE_PASSED', details: [{ field: 'endAt' }] });
    await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, { ...request, endAt: iso(60) });
    expect((await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`)).statusCode).toBe(200);
  });

  it('once published changes only before it begins, and never its result or supply', async () => {
    const { request, fusion } = await setUp({ beginAt: iso(60), endAt: iso(120) });
    await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`);
    const resized = await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, { ...request, resultSupply: 3 });
    expect(resized.statusCode).toBe(400);
    expect(resized.json().details).toEqual([{ field: 'resultSupply', message: fusionMessages.resultIsFinal }]);
    const renamed = await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, { ...request, name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    t.clock.advance(61 * MINUTE_MS);
    const begun = await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, { ...request, name: 'Too late' });
    expect(begun.statusCode).toBe(409);
    expect(begun.json().code).toBe('FUSION_STARTED');
  });

  it('is deleted while a draft, with its slots, audited; a published one is not', async () => {
    const { fusion } = await setUp();
    expect((await asAdmin('DELETE', `/v1/console/fusions/${fusion.id}`)).statusCode).toBe(204);
    expect((await asAdmin('GET', `/v1/console/fusions/${fusion.id}`)).statusCode).toBe(404);
    const [left] = await queryRows<{ slots: number; audits: number }>(
      db(),
      sql`select (select count(*)::int from fusion_slots where fusion_id = ${fusion.id}) as slots,
                 (select count(*)::int from audit_log where entity_id = ${fusion.id} and action = 'delete') as audits`,
    );
    expect(left).toEqual({ slots: 0, audits: 1 });
    const { fusion: published } = await setUp();
    await asAdmin('POST', `/v1/console/fusions/${published.id}/publish`);
    const refused = await asAdmin('DELETE', `/v1/console/fusions/${published.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('FUSION_ALREADY_PUBLISHED');
  });
});

describe('a fusion’s slots', () => {
  const slotOf = (name: string, rule: object) => ({ name, requiredCount: 1, rule });

  it('are published with the fusion only once what they take is: a draft product or collection is said under its slot, and nothing is minted', async () => {
    const { held, result, request, fusion } = await setUp();
    const brandId = held.brand.id;
    const draftProduct = await insertProduct(db(), brandId, { status: 'DRAFT' });
    const draftCollection = await insertCollection(db(), brandId, { status: 'DRAFT' });
    const inDraftCollection = await insertProduct(db(), brandId, { collectionId: draftCollection.id });
    // A draft may take what is still in draft: both may be published later.
    const slots = [
      slotOf('Common', { kind: 'RARITY', rarity: 'COMMON' }),
      slotOf('Squire', { kind: 'PRODUCT', productId: draftProduct.id }),
      slotOf('Genesis', { kind: 'COLLECTION', collectionId: draftCollection.id }),
      slotOf('Knight', { kind: 'PRODUCT', productId: inDraftCollection.id }),
    ];
    const changed = await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, { ...request, slots });
    expect(changed.statusCode, changed.body).toBe(200);

    const refused = await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'FUSION_SLOT_NOT_PUBLISHED',
      message: errorCatalogue.FUSION_SLOT_NOT_PUBLISHED.message,
      details: [
        { field: 'slots.1.rule.productId', message: `${draftProduct.name} is still a draft.` },
        { field: 'slots.2.rule.collectionId', message: `${draftCollection.name} is still a draft.` },
        {
          field: 'slots.3.rule.productId',
          message: `${inDraftCollection.name} is in ${draftCollection.name}, a collection still in draft.`,
        },
      ],
    });
    expect(await mintedOf(result.id)).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}` });
    expect(page.json().code).toBe('FUSION_NOT_FOUND');

    await db().execute(sql`update products set status = 'PUBLISHED' where id = ${draftProduct.id}`);
    await db().execute(sql`update collections set status = 'PUBLISHED' where id = ${draftCollection.id}`);
    const published = await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const shown = (await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}` })).json().data;
    expect(shown.slots.map((slot: { rule: object }) => slot.rule)).toEqual([
      { kind: 'RARITY', rarity: 'COMMON' },
      { kind: 'PRODUCT', product: { id: draftProduct.id, name: draftProduct.name, isPublic: true } },
      { kind: 'COLLECTION', collection: { id: draftCollection.id, name: draftCollection.name, isPublic: true } },
      { kind: 'PRODUCT', product: { id: inDraftCollection.id, name: inDraftCollection.name, isPublic: true } },
    ]);
  });

  it('of a published fusion take nothing in draft when changed, and never show collectors the name of what was unpublished since', async () => {
    const { held, request, fusion } = await setUp({ beginAt: iso(60), endAt: iso(120) });
    const brandId = held.brand.id;
    expect((await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`)).statusCode).toBe(200);
    const draftProduct = await insertProduct(db(), brandId, { status: 'DRAFT' });
    const refused = await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, {
      ...request,
      slots: [slotOf('Squire', { kind: 'PRODUCT', productId: draftProduct.id })],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'FUSION_SLOT_NOT_PUBLISHED',
      details: [{ field: 'slots.0.rule.productId', message: `${draftProduct.name} is still a draft.` }],
    });

    const genesis = await insertCollection(db(), brandId);
    const squire = await insertProduct(db(), brandId, { collectionId: genesis.id });
    const changed = await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, {
      ...request,
      slots: [
        slotOf('Squire', { kind: 'PRODUCT', productId: squire.id }),
        slotOf('Genesis', { kind: 'COLLECTION', collectionId: genesis.id }),
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const rulesOf = async (url: string, asOperator = false) =>
      (await (asOperator ? asAdmin('GET', url) : t.app.inject({ method: 'GET', url })))
        .json()
        .data.slots.map((slot: { rule: object }) => slot.rule);
    expect(await rulesOf(`/v1/fusions/${fusion.id}`)).toEqual([
      { kind: 'PRODUCT', product: { id: squire.id, name: squire.name, isPublic: true } },
      { kind: 'COLLECTION', collection: { id: genesis.id, name: genesis.name, isPublic: true } },
    ]);

    // The collection goes back to a draft: collectors no longer see its name, nor that of its product.
    await db().execute(sql`update collections set status = 'DRAFT' where id = ${genesis.id}`);
    const page = await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}` });
    expect(page.body).not.toContain(genesis.name);
    expect(page.body).not.toContain(squire.name);
    expect(await rulesOf(`/v1/fusions/${fusion.id}`)).toEqual([
      { kind: 'PRODUCT', product: { id: squire.id, name: 'Unreleased product', isPublic: false } },
      { kind: 'COLLECTION', collection: { id: genesis.id, name: 'Unreleased', isPublic: false } },
    ]);
    // The console still names them, and says the public does not see them.
    expect(await rulesOf(`/v1/console/fusions/${fusion.id}`, true)).toEqual([
      { kind: 'PRODUCT', product: { id: squire.id, name: squire.name, isPublic: false } },
      { kind: 'COLLECTION', collection: { id: genesis.id, name: genesis.name, isPublic: false } },
    ]);
  });
});

describe('a fusion’s result', () => {
  it('is published with the fusion only once its collection is too: a product in a draft collection is said under the result, and nothing is minted', async () => {
    const { held, request, fusion } = await setUp();
    const genesis = await insertCollection(db(), held.brand.id, { status: 'DRAFT' });
    const paladin = await insertProduct(db(), held.brand.id, { rarity: 'EPIC', collectionId: genesis.id });
    const changed = await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, {
      ...request,
      resultProductId: paladin.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const refused = await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'FUSION_RESULT_NOT_PUBLISHED',
      message: errorCatalogue.FUSION_RESULT_NOT_PUBLISHED.message,
      details: [
        { field: 'resultProductId', message: `${paladin.name} is in ${genesis.name}, a collection still in draft.` },
      ],
    });
    expect(await mintedOf(paladin.id)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}` })).json().code).toBe(
      'FUSION_NOT_FOUND',
    );

    await db().execute(sql`update collections set status = 'PUBLISHED' where id = ${genesis.id}`);
    const published = await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(await mintedOf(paladin.id)).toBe(2);
  });

  it('is never named nor pictured to collectors once its product, or its product’s collection, is unpublished; the console still names it', async () => {
    const { held, request, fusion } = await setUp();
    const genesis = await insertCollection(db(), held.brand.id);
    const paladin = await insertProduct(db(), held.brand.id, {
      name: `Paladin ${newId()}`,
      rarity: 'EPIC',
      collectionId: genesis.id,
    });
    expect(
      (await asAdmin('PUT', `/v1/console/fusions/${fusion.id}`, { ...request, resultProductId: paladin.id }))
        .statusCode,
    ).toBe(200);
    expect((await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`)).statusCode).toBe(200);
    const shown = {
      id: paladin.id,
      name: paladin.name,
      rarity: 'EPIC',
      imageUrl: paladin.imageUrl,
      imageThumbnailUrl: paladin.imageThumbnailUrl,
    };
    // What each audience reads of the result: the list and the page, to a visitor and to a signed-in collector.
    const publicReads = async () => {
      const reads = [];
      for (const headers of [{}, bearer(held.collector.accessToken)]) {
        const list = await t.app.inject({ method: 'GET', url: `/v1/fusions?brandId=${held.brand.id}`, headers });
        const page = await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}`, headers });
        for (const answer of [list, page]) expect(answer.statusCode, answer.body).toBe(200);
        reads.push({ body: list.body, result: list.json().data.items[0].result });
        reads.push({ body: page.body, result: page.json().data.result });
      }
      return reads;
    };
    const consoleResult = async () => (await asAdmin('GET', `/v1/console/fusions/${fusion.id}`)).json().data.result;
    for (const read of await publicReads()) expect(read.result).toEqual({ product: shown, supply: 2, remaining: 2 });

    for (const unpublish of [
      sql`update products set status = 'DRAFT' where id = ${paladin.id}`,
      sql`update collections set status = 'DRAFT' where id = ${genesis.id}`,
    ]) {
      await db().execute(sql`update products set status = 'PUBLISHED' where id = ${paladin.id}`);
      await db().execute(sql`update collections set status = 'PUBLISHED' where id = ${genesis.id}`);
      await db().execute(unpublish);
      for (const read of await publicReads()) {
        expect(read.result).toEqual({ product: null, supply: 2, remaining: 2 });
        expect(read.body).not.toContain(paladin.name);
        expect(read.body).not.toContain(paladin.id);
      }
      expect(await consoleResult()).toEqual({ product: shown, supply: 2, remaining: 2 });
    }
  });
});

describe('closing a fusion', () => {
  it('ends an open fusion now: collectors see it ended and cannot fuse; audited; a second close is refused', async () => {
    const { held, commons, fusion } = await setUp();
    await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`);
    const closed = await asAdmin('POST', `/v1/console/fusions/${fusion.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'ENDED', endAt: t.clock.now().toISOString() });

    const page = (await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}` })).json().data;
    expect(page.status).toBe('ENDED');
    const ended = await t.app.inject({ method: 'GET', url: `/v1/fusions?status=ENDED&brandId=${held.brand.id}` });
    expect(ended.json().data.items.map((item: { id: string }) => item.id)).toEqual([fusion.id]);
    const refused = await fuse(held.collector.accessToken, fusion, commons[0]!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('FUSION_NOT_AVAILABLE');

    const again = await asAdmin('POST', `/v1/console/fusions/${fusion.id}/close`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'FUSION_ALREADY_ENDED',
      message: errorCatalogue.FUSION_ALREADY_ENDED.message,
    });
    const audit = await queryRows<{ action: string; before: { endAt: string }; after: { endAt: string } }>(
      db(),
      sql`select action, before, after from audit_log where entity_id = ${fusion.id} and action = 'close'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after.endAt).toBe(t.clock.now().toISOString());
    expect(audit[0]!.before.endAt).not.toBe(audit[0]!.after.endAt);
  });

  it('refuses a draft and a fusion not begun (FUSION_NOT_OPEN), and one over (FUSION_ALREADY_ENDED)', async () => {
    const { fusion: draft } = await setUp();
    const refusedDraft = await asAdmin('POST', `/v1/console/fusions/${draft.id}/close`);
    expect(refusedDraft.statusCode).toBe(409);
    expect(refusedDraft.json()).toEqual({ code: 'FUSION_NOT_OPEN', message: errorCatalogue.FUSION_NOT_OPEN.message });

    const { fusion: upcoming } = await setUp({ beginAt: iso(60), endAt: iso(120) });
    await asAdmin('POST', `/v1/console/fusions/${upcoming.id}/publish`);
    expect((await asAdmin('POST', `/v1/console/fusions/${upcoming.id}/close`)).json().code).toBe('FUSION_NOT_OPEN');

    const { fusion: over } = await setUp({ beginAt: iso(-1), endAt: iso(30) });
    await asAdmin('POST', `/v1/console/fusions/${over.id}/publish`);
    t.clock.advance(31 * MINUTE_MS);
    expect((await asAdmin('POST', `/v1/console/fusions/${over.id}/close`)).json().code).toBe('FUSION_ALREADY_ENDED');
  });

  it('is for an operator of the fusion’s brand only', async () => {
    const { fusion } = await setUp();
    await asAdmin('POST', `/v1/console/fusions/${fusion.id}/publish`);
    const stranger = await collectorWithPack(t);
    const manager = await signUpOperator(t, 'brand_manager', stranger.brand.id);
    for (const action of ['close', 'publish']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/v1/console/fusions/${fusion.id}/${action}`,
        headers: bearer(manager.accessToken),
      });
      expect(answer.statusCode).toBe(403);
    }
  });
});
