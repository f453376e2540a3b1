import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fusionMessages } from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { activeUser, bearer } from '../../testing/auth-helpers.ts';
import { freshAccessToken } from '../../testing/drop-fixtures.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { noticesOf } from '../../testing/grant-fixtures.ts';
import { collectorWithPack, brandCountDrift } from '../../testing/collection-fixtures.ts';
import { publishInConsole } from '../../testing/console-publication.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: { accessToken: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();

/** A collector holding 3 COMMON and 1 LEGENDARY editions of a fresh brand, and a fusion of that brand: 2 commons in. */
async function fusionWithCollector(supply = 2, requiredCount = 2) {
  const held = await collectorWithPack(t, { editionsPerPack: 4 });
  const result = await insertProduct(db(), held.brand.id, { rarity: 'EPIC', name: `Ember ${newId().slice(-5)}` });
  const fusion = await createPublishedFusion(held.brand.id, result.id, supply, requiredCount);
  const rarities = await queryRows<{ id: string; rarity: string }>(
    db(),
    sql`select id, rarity from editions where id = any(${sqlArray(held.editionIds)}::uuid[]) order by token_id`,
  );
  return {
    fusion,
    result,
    collector: held.collector,
    commons: rarities.filter((row) => row.rarity === 'COMMON').map((row) => row.id),
    legendary: rarities.find((row) => row.rarity === 'LEGENDARY')!.id,
  };
}

function createFusion(brandId: string, resultProductId: string, resultSupply: number, requiredCount = 2) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/console/fusions',
    headers: bearer(admin.accessToken),
    payload: {
      brandId,
      categoryId: null,
      name: 'Twin Commons',
      description: 'Two commons make an epic.',
      imageUrl: '/uploads/fusion.webp',
      beginAt: iso(-1),
      endAt: iso(24 * 60),
      resultProductId,
      resultSupply,
      slots: [{ name: 'Commons', requiredCount, rule: { kind: 'RARITY', rarity: 'COMMON' } }],
    },
  });
}

/** A fusion made in the console and published, as an operator does before collectors can see it. */
async function createPublishedFusion(
  brandId: string,
  resultProductId: string,
  resultSupply: number,
  requiredCount = 2,
) {
  const created = await createFusion(brandId, resultProductId, resultSupply, requiredCount);
  expect(created.statusCode, created.body).toBe(201);
  return publishInConsole(t, admin.accessToken, 'fusions', created.json().data.id);
}

function fuse(
  accessToken: string,
  fusion: { id: string; slots: { id: string }[] },
  editionIds: string[],
  key = newId(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/fusions/${fusion.id}/fuse`,
    headers: { ...bearer(accessToken), 'idempotency-key': key },
    payload: { slots: [{ slotId: fusion.slots[0]!.id, editionIds }] },
  });
}

describe('fusions', () => {
  it('are published in the console with their results minted ahead, and listed and shown with my readiness', async () => {
    const { fusion, collector, result } = await fusionWithCollector();
    expect(fusion).toMatchObject({
      publicationStatus: 'PUBLISHED',
      status: 'AVAILABLE',
      result: { product: { id: result.id }, supply: 2, remaining: 2 },
      isAllFused: false,
      madeCount: 0,
      slots: [{ position: 1, name: 'Commons', requiredCount: 2, rule: { kind: 'RARITY', rarity: 'COMMON' } }],
    });
    const [unissued] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from editions where product_id = ${result.id} and state = 'UNISSUED'`,
    );
    expect(unissued!.n).toBe(2);

    const listed = (
      await t.app.inject({ method: 'GET', url: `/v1/fusions?status=AVAILABLE&brandId=${fusion.brand.id}` })
    ).json().data;
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([fusion.id]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/fusions?status=UPCOMING&brandId=${fusion.brand.id}` })).json().data
        .total,
    ).toBe(0);

    const visitor = (await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}` })).json().data;
    expect(visitor).toMatchObject({ isReady: null, slots: [{ fittingCount: null }] });
    const mine = (
      await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}`, headers: bearer(collector.accessToken) })
    ).json().data;
    expect(mine).toMatchObject({ isReady: true, missingCount: 0, slots: [{ fittingCount: 3 }] });
  });

  it('previews how many editions in collections fit each slot, and refuses what saving would refuse', async () => {
    const { fusion } = await fusionWithCollector();
    const brandId = fusion.brand.id;
    const preview = (slots: unknown[], forBrand = brandId) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/console/fusions/preview',
        headers: bearer(admin.accessToken),
        payload: { brandId: forBrand, slots },
      });

    const counted = await preview([
      { rule: { kind: 'RARITY', rarity: 'COMMON' } },
      { rule: { kind: 'RARITY', rarity: 'LEGENDARY' } },
    ]);
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().data.slots).toMatchObject([
      { fittingCount: 3, holderCount: 1 },
      { fittingCount: 1, holderCount: 1 },
    ]);

    const otherBrand = await insertBrand(db());
    const otherProduct = await insertProduct(db(), otherBrand.id);
    for (const [response, code] of [
      [await preview([{ rule: { kind: 'PRODUCT', productId: newId() } }]), 'RELATED_ITEM_NOT_FOUND'],
      [await preview([{ rule: { kind: 'COLLECTION', collectionId: newId() } }]), 'RELATED_ITEM_NOT_FOUND'],
      [await preview([{ rule: { kind: 'RARITY', rarity: 'COMMON' } }], newId()), 'RELATED_ITEM_NOT_FOUND'],
      [await preview([{ rule: { kind: 'PRODUCT', productId: otherProduct.id } }]), 'RELATED_ITEM_OF_OTHER_BRAND'],
    ] as const) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe(code);
    }
  });

  it('is not ready while editions that fit two slots would have to fill both, and says how many more it takes', async () => {
    const { fusion, collector, result } = await fusionWithCollector();
    const twoSlots = (slots: { name: string; requiredCount: number; rarity: string }[]) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/console/fusions',
        headers: bearer(admin.accessToken),
        payload: {
          brandId: fusion.brand.id,
          categoryId: null,
          name: `Shared ${newId().slice(-5)}`,
          description: '',
          imageUrl: '/uploads/fusion.webp',
          beginAt: iso(-1),
          endAt: iso(24 * 60),
          resultProductId: result.id,
          resultSupply: 1,
          slots: slots.map(({ name, requiredCount, rarity }) => ({
            name,
            requiredCount,
            rule: { kind: 'RARITY', rarity },
          })),
        },
      });
    const readiness = async (created: Awaited<ReturnType<typeof twoSlots>>) => {
      expect(created.statusCode, created.body).toBe(201);
      await publishInConsole(t, admin.accessToken, 'fusions', created.json().data.id);
      const url = `/v1/fusions/${created.json().data.id}`;
      const { isReady, missingCount, slots } = (
        await t.app.inject({ method: 'GET', url, headers: bearer(collector.accessToken) })
      ).json().data;
      return { isReady, missingCount, fitting: slots.map((slot: { fittingCount: number }) => slot.fittingCount) };
    };

    // Three commons fit both slots, but the two slots take four editions between them.
    const shared = await twoSlots([
      { name: 'First pair', requiredCount: 2, rarity: 'COMMON' },
      { name: 'Second pair', requiredCount: 2, rarity: 'COMMON' },
    ]);
    expect(await readiness(shared)).toEqual({ isReady: false, missingCount: 1, fitting: [3, 3] });
    const apart = await twoSlots([
      { name: 'Pair', requiredCount: 2, rarity: 'COMMON' },
      { name: 'Crown', requiredCount: 1, rarity: 'LEGENDARY' },
    ]);
    expect(await readiness(apart)).toEqual({ isReady: true, missingCount: 0, fitting: [3, 1] });
    const visitor = (await t.app.inject({ method: 'GET', url: `/v1/fusions/${shared.json().data.id}` })).json().data;
    expect(visitor).toMatchObject({ isReady: null, missingCount: null });
  });

  it('hides a fusion whose brand is unpublished from collectors (list, page, materials, fusing); the console keeps it', async () => {
    const { fusion, collector, commons } = await fusionWithCollector();
    await t.database.db.execute(sql`update brands set status = 'DRAFT' where id = ${fusion.brand.id}`);
    const listed = await t.app.inject({ method: 'GET', url: `/v1/fusions?brandId=${fusion.brand.id}` });
    expect(listed.json().data.total).toBe(0);
    const everyBrand = (await t.app.inject({ method: 'GET', url: '/v1/fusions?size=100' })).json().data;
    expect(everyBrand.items.map((item: { id: string }) => item.id)).not.toContain(fusion.id);
    const page = await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}` });
    expect(page.statusCode).toBe(404);
    expect(page.json().code).toBe('FUSION_NOT_FOUND');
    const materials = await t.app.inject({
      method: 'GET',
      url: `/v1/fusions/${fusion.id}/slots/${fusion.slots[0]!.id}/materials`,
      headers: bearer(collector.accessToken),
    });
    expect(materials.json().code).toBe('FUSION_NOT_FOUND');
    const fused = await fuse(collector.accessToken, fusion, commons.slice(0, 2));
    expect(fused.json().code).toBe('FUSION_NOT_FOUND');
    const [burned] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from editions where id = any(${sqlArray(commons)}::uuid[]) and state = 'BURNED'`,
    );
    expect(burned!.n).toBe(0);
    const console = await t.app.inject({
      method: 'GET',
      url: `/v1/console/fusions/${fusion.id}`,
      headers: bearer(admin.accessToken),
    });
    expect(console.statusCode).toBe(200);
  });

  it('refuses to publish a result product in draft, or to make one without room for the supply, under the result fields, and mints nothing', async () => {
    const held = await collectorWithPack(t, { editionsPerPack: 4 });
    const draft = await insertProduct(db(), held.brand.id, { rarity: 'EPIC', status: 'DRAFT' });
    // A draft may name a result still in draft (both may be published later); publishing it may not.
    const drafted = await createFusion(held.brand.id, draft.id, 5);
    expect(drafted.statusCode, drafted.body).toBe(201);
    const refusedDraft = await t.app.inject({
      method: 'POST',
      url: `/v1/console/fusions/${drafted.json().data.id}/publish`,
      headers: bearer(admin.accessToken),
    });
    expect(refusedDraft.statusCode).toBe(409);
    expect(refusedDraft.json()).toMatchObject({
      code: 'FUSION_RESULT_NOT_PUBLISHED',
      details: [{ field: 'resultProductId', message: `${draft.name} is still a draft.` }],
    });

    const sized = await insertProduct(db(), held.brand.id, { rarity: 'EPIC' });
    await db().execute(sql`update products set edition_size = 3 where id = ${sized.id}`);
    const refusedSize = await createFusion(held.brand.id, sized.id, 4);
    expect(refusedSize.statusCode).toBe(409);
    expect(refusedSize.json()).toMatchObject({
      code: 'FUSION_SUPPLY_EXCEEDS_EDITION_SIZE',
      details: [{ field: 'resultSupply', message: `${sized.name}: 4 editions asked, 3 left of 3.` }],
    });
    const [written] = await queryRows<{ fusions: number; editions: number }>(
      db(),
      sql`select (select count(*)::int from fusions where brand_id = ${held.brand.id}) as fusions,
                 (select count(*)::int from editions where product_id in (${draft.id}, ${sized.id})) as editions`,
    );
    expect(written).toEqual({ fusions: 1, editions: 0 });
    await createPublishedFusion(held.brand.id, sized.id, 3);
    // One more, with all three minted for the fusion published: one edition, in the singular.
    expect((await createFusion(held.brand.id, sized.id, 1)).json()).toMatchObject({
      code: 'FUSION_SUPPLY_EXCEEDS_EDITION_SIZE',
      details: [{ field: 'resultSupply', message: `${sized.name}: 1 edition asked, 0 left of 3.` }],
    });
  });

  it('refuses a fusion that takes its own result as a material, under that slot', async () => {
    const held = await collectorWithPack(t, { editionsPerPack: 2 });
    const result = await insertProduct(db(), held.brand.id, { rarity: 'EPIC' });
    const ownResult = await t.app.inject({
      method: 'POST',
      url: '/v1/console/fusions',
      headers: bearer(admin.accessToken),
      payload: {
        brandId: held.brand.id,
        categoryId: null,
        name: 'Epic from epics',
        imageUrl: '/uploads/fusion.webp',
        beginAt: iso(-1),
        endAt: iso(60),
        resultProductId: result.id,
        resultSupply: 1,
        slots: [
          { name: 'Commons', requiredCount: 1, rule: { kind: 'RARITY', rarity: 'COMMON' } },
          { name: 'Epics', requiredCount: 2, rule: { kind: 'PRODUCT', productId: result.id } },
        ],
      },
    });
    expect(ownResult.statusCode).toBe(400);
    expect(ownResult.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'slots.1.rule.productId', message: fusionMessages.ownResult }],
    });
  });

  // A product slot naming the result is refused in the console (above), but a rarity or a collection slot covered the
  // result's editions too: one Squire and two Paladins fused into one Paladin.
  it('never takes an edition of its own result through a rarity or a collection slot: not listed, counted or burned', async () => {
    const held = await collectorWithPack(t, { editionsPerPack: 4, isInCollection: true });
    const { collector } = held;
    // The result is a common of the same collection: its editions have the very rarity and collection the slots ask.
    const paladin = await insertProduct(db(), held.brand.id, {
      rarity: 'COMMON',
      collectionId: held.collection!.id,
      name: `Paladin ${newId().slice(-5)}`,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/console/fusions',
      headers: bearer(admin.accessToken),
      payload: {
        brandId: held.brand.id,
        categoryId: null,
        name: 'Paladin Forge',
        description: '',
        imageUrl: '/uploads/fusion.webp',
        beginAt: iso(-1),
        endAt: iso(24 * 60),
        resultProductId: paladin.id,
        resultSupply: 3,
        slots: [
          { name: 'Squire', requiredCount: 1, rule: { kind: 'RARITY', rarity: 'COMMON' } },
          { name: 'Genesis', requiredCount: 1, rule: { kind: 'COLLECTION', collectionId: held.collection!.id } },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fusion = await publishInConsole(t, admin.accessToken, 'fusions', created.json().data.id);
    const [squireSlot, genesisSlot] = fusion.slots;
    const fuseSlots = (squire: string, genesis: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/fusions/${fusion.id}/fuse`,
        headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
        payload: {
          slots: [
            { slotId: squireSlot!.id, editionIds: [squire] },
            { slotId: genesisSlot!.id, editionIds: [genesis] },
          ],
        },
      });
    const editions = await queryRows<{ id: string; rarity: string }>(
      db(),
      sql`select id, rarity from editions where id = any(${sqlArray(held.editionIds)}::uuid[]) order by token_id`,
    );
    const commons = editions.filter((row) => row.rarity === 'COMMON').map((row) => row.id);
    const legendary = editions.find((row) => row.rarity === 'LEGENDARY')!.id;

    // A first fusion, of two squires, gives the collector a Paladin.
    const first = await fuseSlots(commons[0]!, commons[1]!);
    expect(first.statusCode, first.body).toBe(201);
    const madePaladin: string = first.json().data.edition.id;

    // Left: one common squire and the legendary, both in the collection; the Paladin fits neither slot.
    const materialIds = async (slotId: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/fusions/${fusion.id}/slots/${slotId}/materials`,
          headers: bearer(collector.accessToken),
        })
      )
        .json()
        .data.items.map((item: { editionId: string }) => item.editionId);
    expect(await materialIds(squireSlot!.id)).toEqual([commons[2]]);
    expect((await materialIds(genesisSlot!.id)).sort()).toEqual([commons[2], legendary].sort());
    const mine = (
      await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}`, headers: bearer(collector.accessToken) })
    ).json().data;
    expect(mine).toMatchObject({ isReady: true, slots: [{ fittingCount: 1 }, { fittingCount: 2 }] });

    // The fuse refuses it in either slot, under that slot, and burns nothing.
    const asSquire = await fuseSlots(madePaladin, legendary);
    expect([asSquire.statusCode, asSquire.json().code]).toEqual([422, 'FUSION_MATERIAL_MISMATCH']);
    expect(asSquire.json().details).toEqual([{ field: 'slots.0', message: 'Not every edition fits “Squire”.' }]);
    const asGenesis = await fuseSlots(commons[2]!, madePaladin);
    expect(asGenesis.json()).toMatchObject({ code: 'FUSION_MATERIAL_MISMATCH', details: [{ field: 'slots.1' }] });
    const states = await queryRows<{ state: string }>(
      db(),
      sql`select state from editions where id in (${madePaladin}, ${commons[2]}, ${legendary}) order by id`,
    );
    expect(states.map((row) => row.state)).toEqual(['OWNED', 'OWNED', 'OWNED']);

    // What the listing offers still fuses.
    const second = await fuseSlots(commons[2]!, legendary);
    expect(second.statusCode, second.body).toBe(201);
  });

  it('lists my fitting editions with the protected ones marked, and refuses what cannot be burned', async () => {
    const { fusion, collector, commons, legendary } = await fusionWithCollector();
    const locked = await t.app.inject({
      method: 'POST',
      url: `/v1/editions/${commons[0]}/lock`,
      headers: bearer(collector.accessToken),
    });
    expect(locked.statusCode).toBeLessThan(300);
    const materials = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/fusions/${fusion.id}/slots/${fusion.slots[0]!.id}/materials`,
        headers: bearer(collector.accessToken),
      })
    ).json().data;
    expect(materials.total).toBe(3);
    expect(materials.items.map((item: { protection: string | null }) => item.protection)).toEqual([
      null,
      null,
      'LOCKED',
    ]);

    expect((await fuse(collector.accessToken, fusion, [commons[0]!, commons[1]!])).json().code).toBe('EDITION_LOCKED');
    expect((await fuse(collector.accessToken, fusion, [commons[1]!, legendary])).json().code).toBe(
      'FUSION_MATERIAL_MISMATCH',
    );
    expect((await fuse(collector.accessToken, fusion, [commons[1]!])).json().code).toBe('FUSION_MATERIALS_INCOMPLETE');
    const other = await fusionWithCollector();
    expect((await fuse(other.collector.accessToken, fusion, [commons[1]!, commons[2]!])).json().code).toBe(
      'EDITION_NOT_YOURS',
    );
    // Nothing was burned by any of them.
    const [burned] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from editions where id = any(${sqlArray(commons)}::uuid[]) and state = 'BURNED'`,
    );
    expect(burned!.n).toBe(0);
  });

  it('refuses an equipped or an exported edition, and burns neither', async () => {
    const held = await collectorWithPack(t, { editionsPerPack: 4, isInCollection: true });
    const { collector } = held;
    const result = await insertProduct(db(), held.brand.id, { rarity: 'EPIC' });
    const fusion = await createPublishedFusion(held.brand.id, result.id, 2, 1);
    const commons = (
      await queryRows<{ id: string }>(
        db(),
        sql`select id from editions where id = any(${sqlArray(held.editionIds)}::uuid[]) and rarity = 'COMMON'
            order by token_id`,
      )
    ).map((row) => row.id);
    const base = await t.app.inject({
      method: 'POST',
      url: '/v1/console/figure-bases',
      headers: bearer(admin.accessToken),
      payload: {
        collectionId: held.collection!.id,
        name: 'Shelf',
        slots: [{ name: 'Anything', productId: null, rarity: null }],
      },
    });
    const { id: baseId, slots } = base.json().data;
    const equipped = await t.app.inject({
      method: 'POST',
      url: `/v1/figure-base-collections/${baseId}/equip`,
      headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
      payload: { editionId: commons[0], slotId: slots[0].id },
    });
    expect(equipped.statusCode, equipped.body).toBeLessThan(300);
    const exported = await t.app.inject({
      method: 'POST',
      url: `/v1/editions/${commons[1]}/export`,
      headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
      payload: { address: `0x${'1'.repeat(40)}` },
    });
    expect(exported.statusCode, exported.body).toBeLessThan(300);

    const materials = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/fusions/${fusion.id}/slots/${fusion.slots[0]!.id}/materials`,
        headers: bearer(collector.accessToken),
      })
    ).json().data;
    // The exported one has left the collection; the equipped one shows, protected.
    expect(
      materials.items.map((item: { editionId: string; protection: string | null }) => [
        item.editionId,
        item.protection,
      ]),
    ).toEqual(expect.arrayContaining([[commons[0], 'EQUIPPED']]));
    expect(materials.items.map((item: { editionId: string }) => item.editionId)).not.toContain(commons[1]);

    expect((await fuse(collector.accessToken, fusion, [commons[0]!])).json().code).toBe('EDITION_EQUIPPED');
    expect((await fuse(collector.accessToken, fusion, [commons[1]!])).json().code).toBe('EDITION_UNAVAILABLE');
    const states = await queryRows<{ state: string }>(
      db(),
      sql`select state from editions where id in (${commons[0]}, ${commons[1]}) order by token_id`,
    );
    expect(states.map((row) => row.state)).toEqual(['EQUIPPED', 'EXPORTED']);
  });

  it('counts my fitting editions on every page of materials, past the last one too', async () => {
    const { fusion, collector } = await fusionWithCollector();
    const materialsPage = async (page: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/fusions/${fusion.id}/slots/${fusion.slots[0]!.id}/materials?page=${page}&size=2`,
          headers: bearer(collector.accessToken),
        })
      ).json().data;
    const pages = [await materialsPage(1), await materialsPage(2), await materialsPage(3)];
    expect(pages.map((page) => [page.items.length, page.total])).toEqual([
      [2, 3],
      [1, 3],
      [0, 3],
    ]);
  });

  it('answers a retried fusion with the edition it made, though its brand was unpublished since; a new one is not found', async () => {
    const { fusion, collector, commons } = await fusionWithCollector(2, 1);
    const key = newId();
    const fused = await fuse(collector.accessToken, fusion, [commons[0]!], key);
    expect(fused.statusCode, fused.body).toBe(201);
    await db().execute(sql`update brands set status = 'DRAFT' where id = ${fusion.brand.id}`);

    // The answer was lost on the way: the client retries with the same key and must learn its editions were fused.
    const replay = await fuse(collector.accessToken, fusion, [commons[0]!], key);
    expect([replay.statusCode, replay.json().data?.id]).toEqual([201, fused.json().data.id]);
    const reused = await fuse(collector.accessToken, fusion, [commons[1]!], key);
    expect([reused.statusCode, reused.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const another = await fuse(collector.accessToken, fusion, [commons[1]!]);
    expect([another.statusCode, another.json().code]).toEqual([404, 'FUSION_NOT_FOUND']);
    const states = await queryRows<{ state: string }>(
      db(),
      sql`select state from editions where id in (${commons[0]}, ${commons[1]}) order by token_id`,
    );
    expect(states.map((row) => row.state)).toEqual(['BURNED', 'OWNED']);
  });

  it("tells the fuser what they made in a notice, numbered as every page numbers it (spec section 5's separators)", async () => {
    const { fusion, collector, commons, result } = await fusionWithCollector(1, 1);
    await db().execute(sql`update editions set serial_number = 1000 where product_id = ${result.id}`);
    const fused = await fuse(collector.accessToken, fusion, [commons[0]!]);
    expect(fused.statusCode, fused.body).toBe(201);
    expect(await noticesOf(t, collector.accessToken, 'FUSION')).toEqual([
      {
        title: 'Fusion complete',
        body: `You fused 1 edition into ${result.name} #1,000.`,
        linkPath: `/nfts/${fused.json().data.edition.id}`,
      },
    ]);
  });
  it('burns the materials, gives the next result with its history, answers a replay the same, and ends all fused', async () => {
    const { fusion, collector, commons, result } = await fusionWithCollector(1, 1);
    const key = newId();
    const fused = await fuse(collector.accessToken, fusion, [commons[0]!], key);
    expect(fused.statusCode, fused.body).toBe(201);
    const run = fused.json().data;
    expect(run).toMatchObject({
      fusionId: fusion.id,
      status: 'SUCCESSFUL',
      edition: { serialNumber: 1, product: { id: result.id } },
      burned: [{ editionId: commons[0] }],
    });
    const replay = await fuse(collector.accessToken, fusion, [commons[0]!], key);
    expect(replay.json().data.id).toBe(run.id);

    // Read back later (the slots page after a reload) exactly as it was answered; nobody else's to read.
    const runUrl = `/v1/fusions/${fusion.id}/runs/${run.id}`;
    const readBack = await t.app.inject({ method: 'GET', url: runUrl, headers: bearer(collector.accessToken) });
    expect(readBack.statusCode, readBack.body).toBe(200);
    expect(readBack.json().data).toEqual(run);
    const stranger = await activeUser(t);
    for (const [url, headers] of [
      [runUrl, bearer(stranger.accessToken)],
      [`/v1/fusions/${newId()}/runs/${run.id}`, bearer(collector.accessToken)],
      [`/v1/fusions/${fusion.id}/runs/${newId()}`, bearer(collector.accessToken)],
    ] as const) {
      const refused = await t.app.inject({ method: 'GET', url, headers });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().code).toBe('FUSION_RUN_NOT_FOUND');
    }
    expect((await t.app.inject({ method: 'GET', url: runUrl })).statusCode).toBe(401);

    const newEdition = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/editions/${run.edition.id}`,
        headers: bearer(collector.accessToken),
      })
    ).json().data;
    expect(newEdition).toMatchObject({ serialNumber: 1, state: 'OWNED' });
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/editions/${commons[0]}/histories`,
        headers: bearer(collector.accessToken),
      })
    ).json().data.items;
    expect(history.map((item: { kind: string }) => item.kind)).toContain('BURNED');

    const after = (
      await t.app.inject({ method: 'GET', url: `/v1/fusions/${fusion.id}`, headers: bearer(collector.accessToken) })
    ).json().data;
    expect(after).toMatchObject({ isAllFused: true, result: { remaining: 0 }, slots: [{ fittingCount: 2 }] });
    // Session 68's collector hunt: it still listed among the fusions one can use, its card saying "All fused".
    const listedAs = async (status: string) =>
      (await t.app.inject({ method: 'GET', url: `/v1/fusions?status=${status}&brandId=${fusion.brand.id}` }))
        .json()
        .data.items.map((item: { id: string }) => item.id);
    expect(await listedAs('AVAILABLE')).toEqual([]);
    expect(await listedAs('ENDED')).toEqual([fusion.id]);
    const refused = await fuse(collector.accessToken, fusion, [commons[1]!]);
    expect(refused.json()).toMatchObject({ code: 'FUSION_ALL_FUSED' });
    const [stillOwned] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from editions where id = any(${sqlArray(commons)}::uuid[]) and state = 'OWNED'`,
    );
    expect(stillOwned!.n).toBe(2);

    // Once the fusion has ended, the same key still answers what it did (a client retrying after a lost answer).
    t.clock.advance(25 * 60 * MINUTE_MS);
    const late = await fuse(await freshAccessToken(t, collector.userId), fusion, [commons[0]!], key);
    expect([late.statusCode, late.json().data?.id]).toEqual([201, run.id]);
  });
  // Last in the file: every move above went through the trigger that keeps My Collection's brand counts.
  it('leaves every collector’s brand counts equal to a count of their editions', async () => {
    expect(await brandCountDrift(t.database.db)).toEqual([]);
  });
});
