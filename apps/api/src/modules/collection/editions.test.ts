import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityKinds, rarityLabel } from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand, insertCollection, insertProduct } from '../../testing/catalog-fixtures.ts';
import { collectorWithPack } from '../../testing/collection-fixtures.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest } from '../../testing/wallet-helpers.ts';
import { syncActivityKinds } from '../catalog/sync-activity-kinds.ts';
import { custodialContractAddress, registryKeyOf } from './chain-contracts.ts';
import { createPackEditions } from './create-pack-editions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

interface TEditionToken {
  product_id: string;
  serial_number: number;
  state: string;
  brand_id: string;
  collection_id: string | null;
  contract_address: string;
  token_id: string | number;
}

async function editionsOfDrop(dropId: string): Promise<TEditionToken[]> {
  return queryRows<TEditionToken>(
    db(),
    sql`select e.product_id, e.serial_number, e.state, e.brand_id, e.collection_id, e.contract_address, e.token_id
        from editions e join packs p on p.id = e.pack_id where p.drop_id = ${dropId}
        order by e.token_id`,
  );
}

describe('editions as tokens', () => {
  it('mints each edition on its collection contract with the next token id, in its pack, brand and collection copied', async () => {
    const { dropId, brand } = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 4 }],
      editionsPerPack: 3,
    });
    const minted = await editionsOfDrop(dropId);
    expect(minted).toHaveLength(12);
    const address = custodialContractAddress(registryKeyOf({ brandId: brand.id, collectionId: null }));
    expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    for (const edition of minted) {
      expect(edition).toMatchObject({
        state: 'IN_PACK',
        brand_id: brand.id,
        collection_id: null,
        contract_address: address,
      });
    }
    expect(minted.map((edition) => Number(edition.token_id))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('continues a contract where the last minting ended, and gives another collection a contract of its own', async () => {
    const brand = await insertBrand(db());
    const shelf = await insertCollection(db(), brand.id);
    const [inShelf, alsoInShelf, outside] = [
      await insertProduct(db(), brand.id, { collectionId: shelf.id }),
      await insertProduct(db(), brand.id, { collectionId: shelf.id }),
      await insertProduct(db(), brand.id),
    ];
    const packId = await emptyPack();
    const now = t.clock.now();
    await createPackEditions(
      db(),
      [1, 2].map((serialNumber) => ({ productId: inShelf!.id, serialNumber, packId })),
      now,
    );
    await createPackEditions(
      db(),
      [
        { productId: alsoInShelf!.id, serialNumber: 1, packId },
        { productId: outside!.id, serialNumber: 1, packId },
        { productId: inShelf!.id, serialNumber: 3, packId },
      ],
      now,
    );
    const rows = await queryRows<TEditionToken>(
      db(),
      sql`select product_id, serial_number, collection_id, contract_address, token_id from editions
          where product_id in (${inShelf!.id}, ${alsoInShelf!.id}, ${outside!.id}) order by contract_address, token_id`,
    );
    const shelfAddress = custodialContractAddress(`collection:${shelf.id}`);
    const brandAddress = custodialContractAddress(`brand:${brand.id}`);
    const tokens = rows.map((row) => [row.contract_address, Number(row.token_id), row.product_id, row.serial_number]);
    expect(tokens).toEqual(
      [
        [shelfAddress, 1, inShelf!.id, 1],
        [shelfAddress, 2, inShelf!.id, 2],
        [shelfAddress, 3, alsoInShelf!.id, 1],
        [shelfAddress, 4, inShelf!.id, 3],
        [brandAddress, 1, outside!.id, 1],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[1]) - Number(b[1])),
    );
  });

  it('derives the contract address in SQL exactly as in code (migration 0018 minted earlier editions with it)', async () => {
    const key = `collection:${newId()}`;
    const [row] = await queryRows<{ address: string }>(
      db(),
      sql`select '0x' || substr(encode(sha256(convert_to('cypher custodial contract ' || ${key}::text, 'UTF8')), 'hex'), 1, 40) as address`,
    );
    expect(row!.address).toBe(custodialContractAddress(key));
  });

  it('opening a pack moves its editions from IN_PACK to OWNED, once', async () => {
    const { dropId } = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 1 }],
      editionsPerPack: 2,
    });
    const buyer = await fastBuyer(t);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
      payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    expect(placed.statusCode).toBe(201);
    expect((await editionsOfDrop(dropId)).map((edition) => edition.state)).toEqual(['IN_PACK', 'IN_PACK']);
    const [pack] = await queryRows<{ id: string }>(db(), sql`select id from packs where drop_id = ${dropId}`);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/v1/packs/${pack!.id}/open`,
      headers: bearer(buyer.accessToken),
    });
    expect(opened.statusCode).toBe(200);
    expect((await editionsOfDrop(dropId)).map((edition) => edition.state)).toEqual(['OWNED', 'OWNED']);
  });
});

describe('edition endpoints', () => {
  it('show an opened edition as a token with its owner, traits, metadata and history; a pack still closed shows none', async () => {
    const { brand, collector: buyer, packId, editionIds } = await collectorWithPack(t, { isOpened: false });
    const editionId = editionIds[0]!;

    // Before the pack is opened nobody learns what it holds, its owner included.
    for (const headers of [{}, bearer(buyer.accessToken)]) {
      const closed = await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}`, headers });
      expect(closed.statusCode).toBe(404);
      expect(closed.json()).toEqual({ code: 'EDITION_NOT_FOUND', message: 'We could not find this collectible.' });
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/nfts/${editionId}/metadata.json` })).statusCode).toBe(404);

    await t.app.inject({ method: 'POST', url: `/v1/packs/${packId}/open`, headers: bearer(buyer.accessToken) });
    const edition = (await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}` })).json().data;
    expect(edition).toMatchObject({
      id: editionId,
      state: 'OWNED',
      isLocked: false,
      brand: { id: brand.id },
      collection: null,
      contractAddress: custodialContractAddress(`brand:${brand.id}`),
      tokenId: expect.stringMatching(/^\d+$/),
      owner: { id: buyer.userId },
      figureBaseId: null,
      isCollectionPublic: false,
      isProductPublic: true,
      isBrandPublic: true,
    });

    const history = (await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}/histories` })).json().data
      .items;
    expect(history.map((entry: { kind: string }) => entry.kind)).toEqual(['MINTED', 'PURCHASED', 'OPENED']);
    expect(history[1].actor).toMatchObject({ id: buyer.userId });
    expect(history[2].actor).toMatchObject({ id: buyer.userId });
    const times = history.map((entry: { createdAt: string }) => entry.createdAt);
    expect([...times].sort()).toEqual(times);

    // A feed that grows at its end pages by cursor (architecture 2b): the minting opens the first page.
    const historyPage = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}/histories?${query}` })).json();
    const first = (await historyPage('size=1')).data;
    expect(first.items.map((entry: { kind: string }) => entry.kind)).toEqual(['MINTED', 'PURCHASED']);
    const second = (await historyPage(`size=1&cursor=${first.nextCursor}`)).data;
    expect(second).toMatchObject({ items: [{ kind: 'OPENED' }], nextCursor: null });
    expect((await historyPage('size=2')).data.nextCursor).toBeNull();
    expect(await historyPage('cursor=not-a-cursor')).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'cursor' }],
    });

    const traits = (await t.app.inject({ method: 'GET', url: `/v1/nfts/${editionId}/traits` })).json().data;
    expect(traits.slice(-2)).toEqual([
      { traitType: 'Rarity', value: rarityLabel(edition.product.rarity) },
      { traitType: 'Serial number', value: String(edition.serialNumber) },
    ]);

    const metadata = await t.app.inject({ method: 'GET', url: `/v1/nfts/${editionId}/metadata.json` });
    expect(metadata.statusCode).toBe(200);
    const token = metadata.json();
    expect(token.name).toContain(`#${edition.serialNumber}`);
    expect(token.image).toMatch(/^https?:\/\//);
    expect(token.external_url).toBe(new URL(`/nfts/${editionId}`, t.deps.config.publicUrl).toString());
    expect(token.attributes).toEqual(
      expect.arrayContaining([
        { trait_type: 'Rarity', value: rarityLabel(edition.product.rarity) },
        { trait_type: 'Serial number', value: edition.serialNumber },
        { trait_type: 'Brand', value: edition.brand.name },
      ]),
    );

    expect(edition.product.animationUrl).toBeNull();
    expect(token).not.toHaveProperty('animation_url');
    // A product's video is the token's animation_url, absolute, and on the edition's product.
    await db().execute(sql`update products set animation_url = '/uploads/loop.mp4' where id = ${edition.product.id}`);
    const animated = (await t.app.inject({ method: 'GET', url: `/v1/nfts/${editionId}/metadata.json` })).json();
    expect(animated.animation_url).toBe(new URL('/uploads/loop.mp4', t.deps.config.publicUrl).toString());
    const shown = (await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}` })).json().data;
    expect(shown.product.animationUrl).toBe('/uploads/loop.mp4');

    // The page's properties number as its title does, "1,234" (spec section 5); the token's metadata keeps a number.
    await db().execute(sql`update editions set serial_number = 1234 where id = ${editionId}`);
    const numbered = (await t.app.inject({ method: 'GET', url: `/v1/nfts/${editionId}/traits` })).json().data;
    expect(numbered.at(-1)).toEqual({ traitType: 'Serial number', value: '1,234' });
    const numberedToken = (await t.app.inject({ method: 'GET', url: `/v1/nfts/${editionId}/metadata.json` })).json();
    expect(numberedToken.attributes).toContainEqual({ trait_type: 'Serial number', value: 1234 });

    const unknown = await t.app.inject({ method: 'GET', url: `/v1/editions/${newId()}/histories` });
    expect(unknown.json().code).toBe('EDITION_NOT_FOUND');
  });
});

describe('an edition’s links', () => {
  // Review: the NFT page linked the product and the brand after either was unpublished, pages not found.
  it.each([{ isInCollection: true }, { isInCollection: false }])(
    'say whether its product’s and brand’s pages are public, as those pages answer (in a collection: $isInCollection)',
    async ({ isInCollection }) => {
      const { brand, collection, products, editionIds } = await collectorWithPack(t, { isInCollection });
      const editionId = editionIds[0]!;
      const productId = (
        await queryRows<{ product_id: string }>(db(), sql`select product_id from editions where id = ${editionId}`)
      )[0]!.product_id;
      expect([products.common.id, products.legendary.id]).toContain(productId);
      const statuses = async (changes: { product?: string; collection?: string; brand?: string }) => {
        await db().execute(sql`update products set status = ${changes.product ?? 'PUBLISHED'} where id = ${productId}`);
        await db().execute(sql`update brands set status = ${changes.brand ?? 'PUBLISHED'} where id = ${brand.id}`);
        if (collection) {
          await db().execute(
            sql`update collections set status = ${changes.collection ?? 'PUBLISHED'} where id = ${collection.id}`,
          );
        }
        const links = (await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId}` })).json().data;
        const productPage = await t.app.inject({ method: 'GET', url: `/v1/products/${productId}` });
        const brandPage = await t.app.inject({ method: 'GET', url: `/v1/brands/${brand.id}` });
        // What the answer says is what the pages answer.
        expect(links.isProductPublic).toBe(productPage.statusCode === 200);
        expect(links.isBrandPublic).toBe(brandPage.statusCode === 200);
        return { isProductPublic: links.isProductPublic, isBrandPublic: links.isBrandPublic };
      };
      expect(await statuses({})).toEqual({ isProductPublic: true, isBrandPublic: true });
      expect(await statuses({ product: 'DRAFT' })).toEqual({ isProductPublic: false, isBrandPublic: true });
      expect(await statuses({ brand: 'DRAFT' })).toEqual({ isProductPublic: false, isBrandPublic: false });
      if (collection) {
        expect(await statuses({ collection: 'DRAFT' })).toEqual({ isProductPublic: false, isBrandPublic: true });
      }
    },
  );
});

describe('activity kinds', () => {
  it('are the contract vocabulary: every kind is accepted, an unknown one is refused by the database', async () => {
    await syncActivityKinds(db());
    const stored = await queryRows<{ kind: string }>(db(), sql`select kind from activity_kinds order by kind`);
    expect(stored.map((row) => row.kind)).toEqual([...activityKinds].sort());
    const brand = await insertBrand(db());
    const product = await insertProduct(db(), brand.id);
    const insertKind = (kind: string) =>
      db().execute(sql`insert into product_activities (id, product_id, kind, created_at)
                       values (${newId()}, ${product!.id}, ${kind}, now())`);
    for (const kind of activityKinds) await insertKind(kind);
    await expect(insertKind('TELEPORTED')).rejects.toThrow();
  });
});

/** A pack row to hold editions minted outside a drop's publication (a drop, policy and pack of its own). */
async function emptyPack(): Promise<string> {
  const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 1 }], editionsPerPack: 2 });
  const [pack] = await queryRows<{ id: string }>(db(), sql`select id from packs where drop_id = ${dropId}`);
  return pack!.id;
}
