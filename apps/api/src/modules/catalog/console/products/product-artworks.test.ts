import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../../config.ts';
import { queryRows } from '../../../../db/query-rows.ts';
import { bearer } from '../../../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../../../testing/catalog-fixtures.ts';
import { uploadedImage } from '../../../../testing/image-fixtures.ts';
import { dropRequest, oneRound, publishedDrop } from '../../../../testing/console-drop-fixtures.ts';
import { raceThroughGate } from '../../../../testing/lock-barrier.ts';
import { signUpOperator } from '../../../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../../../testing/test-app.ts';

/**
 * Decision record 58: a brand manager gives a limited product one uploaded image per edition; the edition numbered n
 * is minted GENERATIVE with the n-th. The list changes only while no edition exists.
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

const put = (productId: string, resourceUris: string[], token = admin.accessToken) =>
  t.app.inject({
    method: 'PUT',
    url: `/v1/console/products/${productId}/artworks`,
    headers: bearer(token),
    payload: { resourceUris },
  });
const get = (productId: string, token = admin.accessToken) =>
  t.app.inject({ method: 'GET', url: `/v1/console/products/${productId}/artworks`, headers: bearer(token) });

async function limitedProduct(editionSize: number | null) {
  const brand = await insertBrand(t.database.db);
  const product = await insertProduct(t.database.db, brand.id);
  await t.database.db.execute(sql`update products set edition_size = ${editionSize} where id = ${product.id}`);
  return { brand, product };
}

describe('PUT /v1/console/products/{id}/artworks', () => {
  it('keeps one uploaded image per edition in serial order, replaced as a whole, and cleared by an empty list', async () => {
    const { product } = await limitedProduct(3);
    expect((await get(product.id)).json().data).toEqual({
      productId: product.id,
      editionSize: 3,
      editionsMade: 0,
      canChange: true,
      artworks: [],
    });
    const images = [await upload('#ff0000'), await upload('#00ff00', 'jpeg'), await upload('#0000ff', 'gif')];
    const saved = await put(product.id, images);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.artworks).toEqual(
      images.map((resourceUri, index) => ({ serialNumber: index + 1, resourceUri })),
    );

    const reordered = [images[2]!, images[0]!, images[1]!];
    expect((await put(product.id, reordered)).statusCode).toBe(200);
    expect((await get(product.id)).json().data.artworks.map((a: { resourceUri: string }) => a.resourceUri)).toEqual(
      reordered,
    );

    expect((await put(product.id, [])).json().data.artworks).toEqual([]);
    // Session 69's console hunt: the audit log named these entries by the product's id alone.
    const logged = await t.app.inject({
      method: 'GET',
      url: `/v1/console/audit-log?entityType=product&entityId=${product.id}`,
      headers: bearer(admin.accessToken),
    });
    const [latest] = logged.json().data.items;
    expect(latest).toMatchObject({ before: { name: product.name }, after: { name: product.name, artworks: [] } });
  });

  it('refuses a count other than the edition size, an open edition, a WebP and an address not uploaded here', async () => {
    const { product } = await limitedProduct(3);
    const image = await upload('#123456');

    const short = await put(product.id, [image, image]);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      code: 'PRODUCT_ARTWORKS_INVALID',
      details: [{ field: 'resourceUris', message: 'Give one artwork per edition: 3, not 2.' }],
    });

    const foreign = await put(product.id, [image, '/uploads/never-uploaded.png', image]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().details).toEqual([
      { field: 'resourceUris.1', message: 'This image was not uploaded here. Upload it again.' },
    ]);

    // Another brand's manager uploaded this one: its address, once known, does not make it this operator's artwork.
    const otherManager = await signUpOperator(t, 'brand_manager', (await insertBrand(t.database.db)).id);
    const othersImage = await uploadedImage(t, otherManager.accessToken, '#abcdef');
    const borrowed = await put(product.id, [image, image, othersImage]);
    expect(borrowed.statusCode).toBe(422);
    expect(borrowed.json().details).toEqual([
      { field: 'resourceUris.2', message: 'This image was not uploaded here. Upload it again.' },
    ]);

    const webp = await put(product.id, [image, await upload('#654321', 'webp'), image]);
    expect(webp.statusCode).toBe(400);
    expect(webp.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(webp.json().details).toContainEqual({
      field: 'resourceUris.1',
      message: 'Upload a PNG, JPEG or GIF image.',
    });

    const outside = await put(product.id, [image, 'https://elsewhere.example/a.png', image]);
    expect(outside.statusCode).toBe(400);

    const open = await limitedProduct(null);
    const refused = await put(open.product.id, [image]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([
      {
        field: 'resourceUris',
        message: 'An open edition cannot be generative: give the product an edition size first.',
      },
    ]);
    // Nothing was kept by any refusal.
    expect((await get(product.id)).json().data.artworks).toEqual([]);
  });

  it("is refused for another brand's manager, and for a product that does not exist", async () => {
    const { product } = await limitedProduct(1);
    const other = await signUpOperator(t, 'brand_manager', (await insertBrand(t.database.db)).id);
    expect((await get(product.id, other.accessToken)).statusCode).toBe(403);
    expect((await put(product.id, [await upload('#111111')], other.accessToken)).statusCode).toBe(403);
    expect((await get('0193a6f4-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });

  it('mints each edition of a published drop GENERATIVE with its artwork, and then keeps the artwork fixed', async () => {
    const { brand, product } = await limitedProduct(3);
    const manager = await signUpOperator(t, 'brand_manager', brand.id);
    const images = await Promise.all(
      ['#aa0000', '#00aa00', '#0000aa'].map((colour) => uploadedImage(t, manager.accessToken, colour)),
    );
    expect((await put(product.id, images, manager.accessToken)).statusCode).toBe(200);
    const plain = await insertProduct(t.database.db, brand.id);

    const now = t.clock.now();
    await publishedDrop(
      t,
      manager.accessToken,
      dropRequest(brand.id, [product.id], now, {
        editionsPerPack: 2,
        contents: [
          { productId: product.id, editionCount: 3 },
          { productId: plain.id, editionCount: 1 },
        ],
        rounds: oneRound(now, 2),
      }),
    );

    const minted = await queryRows<{
      product_id: string;
      serial_number: number;
      type: string;
      resource_uri: string | null;
    }>(
      t.database.db,
      sql`select product_id, serial_number, type, resource_uri from editions
          where product_id in (${product.id}, ${plain.id}) order by product_id = ${plain.id}, serial_number`,
    );
    expect(minted).toEqual([
      { product_id: product.id, serial_number: 1, type: 'GENERATIVE', resource_uri: images[0] },
      { product_id: product.id, serial_number: 2, type: 'GENERATIVE', resource_uri: images[1] },
      { product_id: product.id, serial_number: 3, type: 'GENERATIVE', resource_uri: images[2] },
      { product_id: plain.id, serial_number: 1, type: 'STANDARD', resource_uri: null },
    ]);

    const fixed = await put(product.id, [...images].reverse(), manager.accessToken);
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json()).toMatchObject({
      code: 'PRODUCT_ARTWORKS_FIXED',
      details: [
        {
          field: 'resourceUris',
          message: '3 editions are minted or set aside with this artwork: it can no longer change.',
        },
      ],
    });
    expect((await get(product.id, manager.accessToken)).json().data).toMatchObject({
      editionsMade: 3,
      canChange: false,
    });
  });
});

// Helper G's open question: raised past its artworks, or made open, a generative product would mint its later editions
// without one. The size may go down (the artworks past it are never minted), not up.
describe('PATCH /v1/console/products/{id} of a generative product', () => {
  const patchSize = (productId: string, editionSize: number | null) =>
    t.app.inject({
      method: 'PATCH',
      url: `/v1/console/products/${productId}`,
      headers: bearer(admin.accessToken),
      payload: { editionSize },
    });

  it('refuses a size past its artworks, or an open edition, and allows a lower one', async () => {
    const { product } = await limitedProduct(3);
    expect(
      (await put(product.id, [await upload('#111111'), await upload('#222222'), await upload('#333333')])).statusCode,
    ).toBe(200);
    for (const editionSize of [4, null]) {
      const refused = await patchSize(product.id, editionSize);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'PRODUCT_ARTWORKS_INVALID',
        details: [
          {
            field: 'editionSize',
            message:
              'It has 3 generative artworks, one per edition: the size can be 3 or less until the artwork changes.',
          },
        ],
      });
    }
    expect((await get(product.id)).json().data.editionSize).toBe(3);
    const lowered = await patchSize(product.id, 2);
    expect(lowered.statusCode, lowered.body).toBe(200);
    // Back up to the artworks' count, and past it once they are cleared.
    expect((await patchSize(product.id, 3)).statusCode).toBe(200);
    expect((await put(product.id, [])).statusCode).toBe(200);
    expect((await patchSize(product.id, 10)).statusCode).toBe(200);
  });
});

describe('a replacement racing a drop publication of the product (PostgreSQL)', () => {
  it.runIf(Boolean(testDatabaseUrl()))(
    'is ordered with it on the product lock: minted with the artwork saved first, or refused once editions exist',
    async () => {
      const { brand, product } = await limitedProduct(2);
      const first = [await upload('#101010'), await upload('#202020')];
      const second = [await upload('#303030'), await upload('#404040')];
      expect((await put(product.id, first)).statusCode).toBe(200);
      const now = t.clock.now();
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/console/drops',
        headers: bearer(admin.accessToken),
        payload: dropRequest(brand.id, [product.id], now, {
          editionsPerPack: 2,
          contents: [{ productId: product.id, editionCount: 2 }],
          rounds: oneRound(now, 1),
        }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const dropId = created.json().data.id as string;

      // A gate holds the product as a publication does, until both sides are seen waiting for it.
      const [published, replaced] = await raceThroughGate(
        t.database.pool!.options.connectionString!,
        [{ text: 'select id from products where id = $1 for no key update', values: [product.id] }],
        2,
        () =>
          Promise.all([
            t.app.inject({
              method: 'POST',
              url: `/v1/console/drops/${dropId}/publish`,
              headers: bearer(admin.accessToken),
            }),
            put(product.id, second),
          ]),
      );
      expect(published.statusCode, published.body).toBeLessThan(300);
      const minted = await queryRows<{ resource_uri: string }>(
        t.database.db,
        sql`select resource_uri from editions where product_id = ${product.id} order by serial_number`,
      );
      if (replaced.statusCode === 200) {
        expect(minted.map((row) => row.resource_uri)).toEqual(second);
      } else {
        expect(replaced.json()).toMatchObject({ code: 'PRODUCT_ARTWORKS_FIXED' });
        expect(minted.map((row) => row.resource_uri)).toEqual(first);
        expect((await get(product.id)).json().data.artworks.map((a: { resourceUri: string }) => a.resourceUri)).toEqual(
          first,
        );
      }
    },
    120_000,
  );
});
