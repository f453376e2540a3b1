import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { uploadedImage } from '../../testing/image-fixtures.ts';
import { dropRequest, oneRound, publishedDrop } from '../../testing/console-drop-fixtures.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { publishInConsole } from '../../testing/console-publication.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * Spec section 9's image choice on every answer that shows one edition (decision record 58): a GENERATIVE edition
 * minted with its own artwork answers it as `imageUrl`, so My Collection, the NFT page, favorites, figure bases and a
 * token's metadata all show the same picture; a STANDARD edition answers its product's thumbnail.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const upload = (colour: string, format?: 'png' | 'jpeg' | 'gif' | 'webp') =>
  uploadedImage(t, admin.accessToken, colour, format);

/** A product of `size` editions, each given its own uploaded artwork in the console; answers the product and images. */
async function generativeProduct(brandId: string, colours: string[]) {
  const product = await insertProduct(t.database.db, brandId);
  await t.database.db.execute(sql`update products set edition_size = ${colours.length} where id = ${product.id}`);
  const images: string[] = [];
  for (const colour of colours) images.push(await upload(colour));
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/v1/console/products/${product.id}/artworks`,
    headers: bearer(admin.accessToken),
    payload: { resourceUris: images },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { product, images };
}

describe('a generative edition', () => {
  it('answers its own artwork as its picture in the edition, My Collection, favorites and token metadata', async () => {
    const brand = await insertBrand(t.database.db);
    const { product, images } = await generativeProduct(brand.id, ['#aa0000', '#00aa00']);
    const plain = await insertProduct(t.database.db, brand.id);
    const now = t.clock.now();
    await publishedDrop(
      t,
      admin.accessToken,
      dropRequest(brand.id, [product.id], now, {
        editionsPerPack: 3,
        contents: [
          { productId: product.id, editionCount: 2 },
          { productId: plain.id, editionCount: 1 },
        ],
        rounds: oneRound(now, 1),
      }),
    );
    const [second, standard] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from editions where (product_id = ${product.id} and serial_number = 2) or product_id = ${plain.id}
          order by product_id = ${plain.id}`,
    );
    // Handed to a collector as an opened pack leaves them (the purchase itself is the orders module's tests').
    const fan = await fastBuyer(t);
    await t.database.db.execute(
      sql`update editions set state = 'OWNED', owner_user_id = ${fan.userId}, acquired_at = now()
          where id in (${second!.id}, ${standard!.id})`,
    );

    const detail = (await t.app.inject({ method: 'GET', url: `/v1/editions/${second!.id}` })).json().data;
    expect(detail).toMatchObject({ type: 'GENERATIVE', resourceUri: images[1], imageUrl: images[1] });
    const plainDetail = (await t.app.inject({ method: 'GET', url: `/v1/editions/${standard!.id}` })).json().data;
    expect(plainDetail).toMatchObject({
      type: 'STANDARD',
      resourceUri: null,
      imageUrl: plainDetail.product.imageThumbnailUrl,
    });

    const mine = (
      await t.app.inject({ method: 'GET', url: '/v1/editions?sort=serial', headers: bearer(fan.accessToken) })
    ).json().data;
    expect(mine.items.map((item: { id: string; imageUrl: string }) => [item.id, item.imageUrl])).toEqual(
      expect.arrayContaining([
        [second!.id, images[1]],
        [standard!.id, plainDetail.product.imageThumbnailUrl],
      ]),
    );

    const favorited = await t.app.inject({
      method: 'POST',
      url: '/v1/favorites',
      headers: bearer(fan.accessToken),
      payload: { targetType: 'EDITION', targetId: second!.id },
    });
    expect(favorited.statusCode, favorited.body).toBeLessThan(300);
    const favorites = (
      await t.app.inject({ method: 'GET', url: '/v1/favorites/my', headers: bearer(fan.accessToken) })
    ).json().data;
    expect(favorites.items[0].edition).toMatchObject({ id: second!.id, imageUrl: images[1] });

    const metadata = (await t.app.inject({ method: 'GET', url: `/v1/nfts/${second!.id}/metadata.json` })).json();
    expect(metadata.image).toMatch(new RegExp(`${images[1]!.replaceAll('.', '\\.')}$`));
  });

  it('is chosen for a fusion by its own artwork, and a generative result is revealed with its own', async () => {
    const brand = await insertBrand(t.database.db);
    const material = await generativeProduct(brand.id, ['#0000aa', '#aaaa00']);
    const result = await generativeProduct(brand.id, ['#00aaaa']);
    // Both editions handed to a collector, as opening a pack does (the purchase is the orders module's tests').
    const fan = await fastBuyer(t);
    const editionIds = await mintedTo(brand.id, material.product.id, material.images.length, fan.userId);

    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/console/fusions',
      headers: bearer(admin.accessToken),
      payload: {
        brandId: brand.id,
        categoryId: null,
        name: 'Two make one',
        description: '',
        imageUrl: '/uploads/fusion.webp',
        beginAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
        endAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
        resultProductId: result.product.id,
        resultSupply: 1,
        slots: [{ name: 'Pair', requiredCount: 2, rule: { kind: 'PRODUCT', productId: material.product.id } }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fusion = await publishInConsole(t, admin.accessToken, 'fusions', created.json().data.id);

    const materials = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/fusions/${fusion.id}/slots/${fusion.slots[0]!.id}/materials`,
        headers: bearer(fan.accessToken),
      })
    ).json().data;
    expect(materials.items.map((item: { serialNumber: number; imageUrl: string }) => item.imageUrl)).toEqual(
      material.images,
    );

    const fused = await t.app.inject({
      method: 'POST',
      url: `/v1/fusions/${fusion.id}/fuse`,
      headers: { ...bearer(fan.accessToken), 'idempotency-key': newId() },
      payload: { slots: [{ slotId: fusion.slots[0]!.id, editionIds }] },
    });
    expect(fused.statusCode, fused.body).toBe(201);
    expect(fused.json().data.edition).toMatchObject({ type: 'GENERATIVE', resourceUri: result.images[0] });
  });
});

/** The product's editions, minted by a drop and handed to `userId` as opening a pack does; their ids by serial number. */
async function mintedTo(brandId: string, productId: string, count: number, userId: string): Promise<string[]> {
  const now = t.clock.now();
  await publishedDrop(
    t,
    admin.accessToken,
    dropRequest(brandId, [productId], now, {
      editionsPerPack: count,
      contents: [{ productId, editionCount: count }],
      rounds: oneRound(now, 1),
    }),
  );
  await t.database.db.execute(
    sql`update editions set state = 'OWNED', owner_user_id = ${userId}, acquired_at = now()
        where product_id = ${productId}`,
  );
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from editions where product_id = ${productId} order by serial_number`,
  );
  return rows.map((row) => row.id);
}
