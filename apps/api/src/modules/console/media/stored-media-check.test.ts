import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogMessages } from '@cypher/contract';
import { bearer } from '../../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../../testing/catalog-fixtures.ts';
import { dropRequest, oneRound } from '../../../testing/console-drop-fixtures.ts';
import { storeMedia } from '../../../testing/fixture-media.ts';
import { uploadedImage } from '../../../testing/image-fixtures.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { brands } from '../../catalog/catalog.tables.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

function asAdmin(method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) {
  return t.app.inject({ method, url, headers: bearer(admin.accessToken), payload });
}

async function brandCount(): Promise<number> {
  return (await t.database.db.select({ id: brands.id }).from(brands)).length;
}

describe('an image or video address given to the console', () => {
  it('is refused when it names no stored file, field by field, and nothing is written', async () => {
    const brandsBefore = await brandCount();
    const refused = await asAdmin('POST', '/v1/console/brands', {
      name: 'Made Up Images',
      slug: 'made-up-images',
      type: 'ARTIST',
      logoUrl: '/uploads/never-uploaded-logo.webp',
      bannerUrl: '/uploads/never-uploaded-banner.webp',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_REQUEST');
    expect(refused.json().details).toEqual(
      expect.arrayContaining([
        { field: 'logoUrl', message: catalogMessages.imageNotUploaded },
        { field: 'bannerUrl', message: catalogMessages.imageNotUploaded },
      ]),
    );
    expect(await brandCount()).toBe(brandsBefore);
  });

  it('is refused when it names a stored video as a picture, and when an animation names no stored video', async () => {
    const brand = await insertBrand(t.database.db);
    const [video] = await storeMedia(t.storage, ['loop.mp4']);
    const missingVideo = '/uploads/never-uploaded.webm';
    const asPicture = await asAdmin('POST', '/v1/console/products', {
      brandId: brand.id,
      name: 'A video for a picture',
      rarity: 'COMMON',
      imageUrl: video,
    });
    expect(asPicture.statusCode).toBe(400);
    expect(asPicture.json().details).toEqual([{ field: 'imageUrl', message: catalogMessages.imageUrl }]);

    const product = await insertProduct(t.database.db, brand.id);
    const unknownVideo = await asAdmin('PATCH', `/v1/console/products/${product.id}`, { animationUrl: missingVideo });
    expect(unknownVideo.statusCode).toBe(400);
    expect(unknownVideo.json().details).toEqual([{ field: 'animationUrl', message: catalogMessages.videoNotUploaded }]);
    expect(
      (await asAdmin('PATCH', `/v1/console/products/${product.id}`, { animationUrl: video })).json().data.animationUrl,
    ).toBe(video);
  });

  it("is taken when it names an upload: a brand's logo, a drop's picture", async () => {
    const brand = await insertBrand(t.database.db);
    const image = await uploadedImage(t, admin.accessToken, '#3366ff');
    const created = await asAdmin('POST', '/v1/console/brands', {
      name: 'Uploaded Images',
      slug: 'uploaded-images',
      type: 'ARTIST',
      logoUrl: image,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.logoUrl).toBe(image);

    const product = await insertProduct(t.database.db, brand.id);
    const drop = await asAdmin('POST', '/v1/console/drops', {
      ...dropRequest(brand.id, [product.id], t.clock.now(), { rounds: oneRound(t.clock.now(), 10) }),
      imageUrl: image,
    });
    expect(drop.statusCode, drop.body).toBe(201);
    const madeUp = await asAdmin('PUT', `/v1/console/drops/${drop.json().data.id}`, {
      ...dropRequest(brand.id, [product.id], t.clock.now(), { rounds: oneRound(t.clock.now(), 10) }),
      imageUrl: '/uploads/typo.webp',
    });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().details).toEqual([{ field: 'imageUrl', message: catalogMessages.imageNotUploaded }]);
  });

  it('is checked only once the operator is known: a visitor is refused as one (401), not told what is stored', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/v1/console/brands',
      payload: { name: 'Visitor', slug: 'visitor', logoUrl: '/uploads/never-uploaded-logo.webp' },
    });
    expect(visitor.statusCode).toBe(401);
  });
});
