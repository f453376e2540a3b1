import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/query-rows.ts';
import { insertBrand, insertProduct } from '../../../testing/catalog-fixtures.ts';
import { insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { storeMedia } from '../../../testing/fixture-media.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;

beforeAll(async () => {
  t = await createTestApp();
  await storeMedia(t.storage, ['vela.png', 'a.png', 'b.png', 'banner.webp']);
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

async function asAdmin<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(admin.accessToken),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as { data: T; code?: string; details?: unknown } };
}
const visitor = (url: string) => t.app.inject({ method: 'GET', url });

async function auditOf(entityType: string, entityId: string) {
  const { body } = await asAdmin<{
    items: { action: string; before: unknown; after: unknown; actor: { id: string } }[];
  }>('GET', `/v1/console/audit-log?entityType=${entityType}&entityId=${entityId}`);
  return body.data.items;
}

describe('an admin builds a catalogue entry by entry, and the public sees it once published', () => {
  it('creates a brand, license, collection and product as drafts, publishes them, and a visitor then finds them', async () => {
    const brand = await asAdmin<{ id: string; status: string }>('POST', '/v1/console/brands', {
      slug: 'Solar-Sails',
      name: 'Solar Sails',
      type: 'ENTERTAINMENT',
      tagline: 'Out past the heliopause.',
      websiteUrl: '',
    });
    expect(brand.status).toBe(201);
    expect(brand.body.data).toMatchObject({
      slug: 'solar-sails',
      status: 'DRAFT',
      publishedAt: null,
      websiteUrl: null,
    });
    const brandId = brand.body.data.id;
    expect((await visitor(`/v1/brands/${brandId}`)).statusCode).toBe(404);

    const license = (
      await asAdmin<{ id: string }>('POST', '/v1/console/licenses', { brandId, name: 'Solar Sails: The Series' })
    ).body.data;
    const collection = (
      await asAdmin<{ id: string; license: { id: string } }>('POST', '/v1/console/collections', {
        brandId,
        name: 'Crew',
        licenseId: license.id,
      })
    ).body.data;
    expect(collection.license.id).toBe(license.id);
    const category = (await asAdmin<{ id: string }>('POST', '/v1/console/categories', { slug: 'crew', name: 'Crew' }))
      .body.data;
    const tag = (await asAdmin<{ id: string }>('POST', '/v1/console/tags', { slug: 'pilot', name: 'Pilot' })).body.data;

    const created = await asAdmin<{ id: string; license: { id: string }; imageThumbnailUrl: string; tags: unknown[] }>(
      'POST',
      '/v1/console/products',
      {
        brandId,
        collectionId: collection.id,
        categoryId: category.id,
        tagIds: [tag.id],
        name: 'Captain Vela',
        rarity: 'LEGENDARY',
        imageUrl: '/uploads/vela.png',
        properties: [{ traitType: 'Rank', value: 'Captain' }],
        editionSize: 10,
      },
    );
    expect(created.status).toBe(201);
    const product = created.body.data;
    expect(product.license.id).toBe(license.id);
    expect(product.imageThumbnailUrl).toBe('/uploads/vela.png');
    expect(product.tags).toEqual([{ id: tag.id, slug: 'pilot', name: 'Pilot' }]);

    for (const path of [
      `brands/${brandId}`,
      `licenses/${license.id}`,
      `collections/${collection.id}`,
      `products/${product.id}`,
    ]) {
      const published = await asAdmin<{ status: string; publishedAt: string }>('POST', `/v1/console/${path}/publish`);
      expect(published.status, path).toBe(200);
      expect(published.body.data.status).toBe('PUBLISHED');
    }

    const seen = await visitor(`/v1/products/${product.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({
      name: 'Captain Vela',
      rarity: 'LEGENDARY',
      brand: { id: brandId, slug: 'solar-sails' },
      collection: { id: collection.id },
      license: { id: license.id },
      category: { id: category.id },
      properties: [{ traitType: 'Rank', value: 'Captain' }],
    });
    expect((await visitor('/v1/brands/solar-sails')).json().data.status).toBe('PUBLISHED');
    expect((await visitor(`/v1/products?brandId=${brandId}`)).json().data.total).toBe(1);

    await asAdmin('POST', `/v1/console/brands/${brandId}/unpublish`);
    expect((await visitor(`/v1/products/${product.id}`)).statusCode).toBe(404);
  });

  // Session 69's console hunt: "Leave empty to use the collection's license" held only at creation; a product moved
  // into a collection stayed without a license, and off the license's page.
  it('gives a product left without a license its collection’s, when an edit sets its collection or license', async () => {
    const brandId = (
      await asAdmin<{ id: string }>('POST', '/v1/console/brands', {
        slug: 'tide-works',
        name: 'Tide Works',
        type: 'ENTERTAINMENT',
      })
    ).body.data.id;
    const license = (await asAdmin<{ id: string }>('POST', '/v1/console/licenses', { brandId, name: 'Tides' })).body
      .data;
    const collection = (
      await asAdmin<{ id: string }>('POST', '/v1/console/collections', {
        brandId,
        name: 'Shore',
        licenseId: license.id,
      })
    ).body.data;
    const product = (
      await asAdmin<{ id: string; license: null }>('POST', '/v1/console/products', {
        brandId,
        name: 'Driftwood',
        rarity: 'COMMON',
        imageUrl: '/uploads/vela.png',
      })
    ).body.data;
    expect(product.license).toBeNull();
    const licenseOf = async (changes: object) => {
      const saved = await asAdmin<{ license: { id: string } | null }>(
        'PATCH',
        `/v1/console/products/${product.id}`,
        changes,
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return saved.body.data.license?.id ?? null;
    };
    expect(await licenseOf({ collectionId: collection.id })).toBe(license.id);
    expect(await licenseOf({ licenseId: null })).toBe(license.id);
    // An edit touching neither leaves the license as saved; out of the collection, an empty license is none.
    expect(await licenseOf({ collectionId: null, licenseId: null })).toBeNull();
    expect(await licenseOf({ name: 'Driftwood, polished' })).toBeNull();
  });
});

describe('a published brand’s slug changed', () => {
  async function publishedBrand(slug: string, name: string) {
    const created = await asAdmin<{ id: string }>('POST', '/v1/console/brands', { slug, name, type: 'ARTIST' });
    expect(created.status).toBe(201);
    await asAdmin('POST', `/v1/console/brands/${created.body.data.id}/publish`);
    return created.body.data.id;
  }
  const renameSlug = async (id: string, slug: string) => {
    const renamed = await asAdmin<{ slug: string }>('PATCH', `/v1/console/brands/${id}`, { slug });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.slug).toBe(slug);
  };
  const brandAt = async (slug: string) => {
    const response = await visitor(`/v1/brands/${slug}`);
    return response.statusCode === 200 ? (response.json() as { data: { id: string; slug: string } }).data : null;
  };

  it('is still found at each slug it went by, whatever the case, with its current slug in the answer', async () => {
    const id = await publishedBrand('aurora-works', 'Aurora Works');
    await renameSlug(id, 'aurora-studio');
    await renameSlug(id, 'aurora-house');
    for (const slug of ['aurora-works', 'AURORA-WORKS', 'aurora-studio', 'aurora-house']) {
      expect(await brandAt(slug), slug).toMatchObject({ id, slug: 'aurora-house' });
    }
    // Taking a slug back leaves the others it went by working.
    await renameSlug(id, 'aurora-works');
    for (const slug of ['aurora-works', 'aurora-studio', 'aurora-house']) {
      expect(await brandAt(slug), slug).toMatchObject({ id, slug: 'aurora-works' });
    }
  });

  it('gives the slug to a brand that takes it: a brand going by a slug wins over one that went by it', async () => {
    const first = await publishedBrand('night-shift', 'Night Shift');
    await renameSlug(first, 'night-shift-records');
    // The slug is free to take, and until the brand that took it is published, the old link keeps its brand.
    const taker = await asAdmin<{ id: string }>('POST', '/v1/console/brands', {
      slug: 'night-shift',
      name: 'Night Shift Films',
      type: 'ENTERTAINMENT',
    });
    expect(taker.status).toBe(201);
    expect(await brandAt('night-shift')).toMatchObject({ id: first });
    await asAdmin('POST', `/v1/console/brands/${taker.body.data.id}/publish`);
    expect(await brandAt('night-shift')).toMatchObject({ id: taker.body.data.id, slug: 'night-shift' });
    expect(await brandAt('night-shift-records')).toMatchObject({ id: first });

    // Given up again, the slug leads to the brand that gave it up last.
    await renameSlug(taker.body.data.id, 'night-shift-films');
    expect(await brandAt('night-shift')).toMatchObject({ id: taker.body.data.id, slug: 'night-shift-films' });
  });

  it('keeps no slug a brand gave up while a draft: a working name is never a public link', async () => {
    const created = await asAdmin<{ id: string }>('POST', '/v1/console/brands', {
      slug: 'project-owl',
      name: 'Project Owl',
      type: 'ARTIST',
    });
    const id = created.body.data.id;
    await renameSlug(id, 'owl-records');
    await asAdmin('POST', `/v1/console/brands/${id}/publish`);
    expect(await brandAt('owl-records')).toMatchObject({ id });
    expect(await brandAt('project-owl')).toBeNull();
    const kept = await queryRows<{ slug: string }>(
      t.database.db,
      sql`select slug from brand_previous_slugs where brand_id = ${id}`,
    );
    expect(kept).toEqual([]);

    // Published, its slug is public: a change from now on keeps it.
    await renameSlug(id, 'owl-house');
    expect(await brandAt('owl-records')).toMatchObject({ id, slug: 'owl-house' });
  });

  it('keeps the slug it was published by when renamed after an unpublishing, and none of the draft names after it', async () => {
    const id = await publishedBrand('harbor-lights', 'Harbor Lights');
    await asAdmin('POST', `/v1/console/brands/${id}/unpublish`);
    await renameSlug(id, 'harbor-working');
    await renameSlug(id, 'harbor-lights-studio');
    await asAdmin('POST', `/v1/console/brands/${id}/publish`);
    // Published again, its old link finds it; the working name the public never saw does not.
    expect(await brandAt('harbor-lights')).toMatchObject({ id, slug: 'harbor-lights-studio' });
    expect(await brandAt('harbor-working')).toBeNull();

    // A brand published without the console's publish (as the demo data is) keeps its slug the same way.
    const seeded = await insertBrand(t.database.db, { slug: 'tide-pool', status: 'PUBLISHED' });
    await asAdmin('POST', `/v1/console/brands/${seeded.id}/unpublish`);
    await renameSlug(seeded.id, 'tide-pool-records');
    await asAdmin('POST', `/v1/console/brands/${seeded.id}/publish`);
    expect(await brandAt('tide-pool')).toMatchObject({ id: seeded.id, slug: 'tide-pool-records' });

    const kept = await queryRows<{ slug: string }>(
      t.database.db,
      sql`select slug from brand_previous_slugs where brand_id in (${id}, ${seeded.id}) order by slug`,
    );
    expect(kept.map((row) => row.slug)).toEqual(['harbor-lights', 'tide-pool']);
  });

  it('is not shown at an old slug once unpublished, and a slug left unchanged is not kept', async () => {
    const id = await publishedBrand('quiet-hours', 'Quiet Hours');
    await renameSlug(id, 'quiet-hours-live');
    expect(
      (await asAdmin('PATCH', `/v1/console/brands/${id}`, { slug: 'quiet-hours-live', name: 'Quiet Hours Live' }))
        .status,
    ).toBe(200);
    const kept = await queryRows<{ slug: string }>(
      t.database.db,
      sql`select slug from brand_previous_slugs where brand_id = ${id} order by slug`,
    );
    expect(kept.map((row) => row.slug)).toEqual(['quiet-hours']);

    await asAdmin('POST', `/v1/console/brands/${id}/unpublish`);
    expect((await visitor('/v1/brands/quiet-hours')).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('records create, update, publish and unpublish with who, before and after; repeating a publish records nothing', async () => {
    const brandId = (
      await asAdmin<{ id: string }>('POST', '/v1/console/brands', { slug: 'audited', name: 'Audited', type: 'SPORTS' })
    ).body.data.id;
    const productId = (
      await asAdmin<{ id: string }>('POST', '/v1/console/products', {
        brandId,
        name: 'Before',
        rarity: 'COMMON',
        imageUrl: '/uploads/a.png',
      })
    ).body.data.id;
    await asAdmin('PATCH', `/v1/console/products/${productId}`, { name: 'After', imageUrl: '/uploads/b.png' });
    await asAdmin('POST', `/v1/console/products/${productId}/publish`);
    await asAdmin('POST', `/v1/console/products/${productId}/publish`);
    await asAdmin('POST', `/v1/console/products/${productId}/unpublish`);

    const entries = await auditOf('product', productId);
    expect(entries.map((entry) => entry.action)).toEqual(['unpublish', 'publish', 'update', 'create']);
    expect(entries.every((entry) => entry.actor.id === admin.userId)).toBe(true);
    const [unpublish, publish, update, create] = entries;
    expect(create).toMatchObject({ before: null, after: { name: 'Before', status: 'DRAFT' } });
    expect(update).toMatchObject({
      before: { name: 'Before', imageUrl: '/uploads/a.png' },
      after: { name: 'After', imageUrl: '/uploads/b.png', imageThumbnailUrl: '/uploads/b.png' },
    });
    expect(publish).toMatchObject({ before: { status: 'DRAFT' }, after: { status: 'PUBLISHED' } });
    expect(unpublish).toMatchObject({ before: { status: 'PUBLISHED' }, after: { status: 'DRAFT', publishedAt: null } });
  });

  it('records nothing and keeps updatedAt when an edit changes nothing; a change records the whole entry on both sides', async () => {
    const brandId = (
      await asAdmin<{ id: string }>('POST', '/v1/console/brands', { slug: 'same', name: 'Same', type: 'ARTIST' })
    ).body.data.id;
    const created = async (path: string, payload: object) =>
      (await asAdmin<{ id: string }>('POST', `/v1/console/${path}`, payload)).body.data.id;
    const entries: [entityType: string, path: string, id: string, sameFields: object, change: object][] = [
      ['brand', 'brands', brandId, { name: 'Same', tagline: null }, { tagline: 'Changed' }],
      [
        'license',
        'licenses',
        await created('licenses', { brandId, name: 'Same license' }),
        { name: 'Same license' },
        { name: 'Changed license' },
      ],
      [
        'collection',
        'collections',
        await created('collections', { brandId, name: 'Same collection' }),
        { name: 'Same collection', licenseId: null },
        { name: 'Changed collection' },
      ],
      [
        'product',
        'products',
        await created('products', { brandId, name: 'Same product', rarity: 'RARE', imageUrl: '/uploads/a.png' }),
        { name: 'Same product', rarity: 'RARE', tagIds: [] },
        { rarity: 'EPIC' },
      ],
      [
        'category',
        'categories',
        await created('categories', { slug: 'same-category', name: 'Same category' }),
        { slug: 'same-category', name: 'Same category' },
        { name: 'Changed category' },
      ],
      [
        'tag',
        'tags',
        await created('tags', { slug: 'same-tag', name: 'Same tag' }),
        { slug: 'same-tag', name: 'Same tag' },
        { name: 'Changed tag' },
      ],
      [
        'banner',
        'banners',
        await created('banners', { title: 'Same banner', imageUrl: '/uploads/a.png', linkUrl: '/products' }),
        { title: 'Same banner', linkUrl: '/products' },
        { title: 'Changed banner' },
      ],
    ];
    for (const [entityType, path, id, sameFields, change] of entries) {
      const loaded = await asAdmin('GET', `/v1/console/${path}/${id}`);
      t.clock.advance(1_000);
      const unchanged = await asAdmin('PATCH', `/v1/console/${path}/${id}`, sameFields);
      expect(unchanged.status, entityType).toBe(200);
      expect(unchanged.body.data, entityType).toEqual(loaded.body.data);
      expect((await asAdmin('GET', `/v1/console/${path}/${id}`)).body.data, entityType).toEqual(loaded.body.data);
      expect(await auditOf(entityType, id), entityType).toHaveLength(1);

      t.clock.advance(1_000);
      const changed = await asAdmin('PATCH', `/v1/console/${path}/${id}`, change);
      expect(changed.body.data, entityType).not.toEqual(loaded.body.data);
      const [update] = await auditOf(entityType, id);
      expect(update, entityType).toMatchObject({
        action: 'update',
        before: loaded.body.data,
        after: changed.body.data,
      });
    }
  });

  it('pages newest first and can be narrowed to one kind of entity', async () => {
    const { body } = await asAdmin<{ items: { entityType: string }[]; total: number; size: number }>(
      'GET',
      '/v1/console/audit-log?entityType=brand&size=2',
    );
    expect(body.data.size).toBe(2);
    expect(body.data.total).toBeGreaterThanOrEqual(2);
    expect(body.data.items.every((entry) => entry.entityType === 'brand')).toBe(true);
  });
});

describe('conflicts and invalid changes', () => {
  it('answers a taken slug with 409 SLUG_ALREADY_EXISTS whatever its case, and writes nothing', async () => {
    const first = await asAdmin('POST', '/v1/console/brands', { slug: 'twin', name: 'Twin One', type: 'ARTIST' });
    expect(first.status).toBe(201);
    const second = await asAdmin('POST', '/v1/console/brands', { slug: 'TWIN', name: 'Twin Two', type: 'ARTIST' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      code: 'SLUG_ALREADY_EXISTS',
      message: 'This slug is already taken. Please choose another one.',
    });
    expect((await asAdmin('GET', '/v1/console/brands?q=Twin%20Two')).body.data).toMatchObject({ total: 0 });

    const tag = await asAdmin('POST', '/v1/console/tags', { slug: 'twin', name: 'Twin' });
    expect(tag.status).toBe(201);
    expect((await asAdmin('POST', '/v1/console/tags', { slug: 'twin', name: 'Other' })).body.code).toBe(
      'SLUG_ALREADY_EXISTS',
    );
    expect((await asAdmin('POST', '/v1/console/tags', { slug: 'other', name: 'TWIN' })).body.code).toBe(
      'NAME_ALREADY_EXISTS',
    );
  });

  it('lets exactly one of several simultaneous creates claim a slug; the others get 409', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        asAdmin('POST', '/v1/console/categories', { slug: 'contested', name: `Contested ${index}` }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(
      responses
        .filter((response) => response.status === 409)
        .every((response) => response.body.code === 'SLUG_ALREADY_EXISTS'),
    ).toBe(true);
    const created = await auditOf(
      'category',
      responses.find((response) => response.status === 201)!.body.data.id as string,
    );
    expect(created).toHaveLength(1);
  });

  it('answers a taken name within a brand with 409 NAME_ALREADY_EXISTS, on create and on rename', async () => {
    const brandId = (
      await asAdmin<{ id: string }>('POST', '/v1/console/brands', { slug: 'names', name: 'Names', type: 'FASHION' })
    ).body.data.id;
    const product = { brandId, rarity: 'COMMON', imageUrl: '/uploads/a.png' };
    await asAdmin('POST', '/v1/console/products', { ...product, name: 'Scarf' });
    const other = (await asAdmin<{ id: string }>('POST', '/v1/console/products', { ...product, name: 'Hat' })).body
      .data;
    expect((await asAdmin('POST', '/v1/console/products', { ...product, name: 'scarf' })).body.code).toBe(
      'NAME_ALREADY_EXISTS',
    );
    const renamed = await asAdmin('PATCH', `/v1/console/products/${other.id}`, { name: 'SCARF' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe('NAME_ALREADY_EXISTS');
    expect(await auditOf('product', other.id)).toHaveLength(1);
  });

  it('speaks of a single edition in the singular when it keeps a product’s rarity and size', async () => {
    const { dropId } = await insertLiveDrop(t.database.db, {
      now: t.clock.now(),
      rounds: [{ packCount: 1 }],
      editionsPerPack: 2,
    });
    // Two products, one edition each.
    const [single] = await queryRows<{ product_id: string }>(
      t.database.db,
      sql`select product_id from drop_contents where drop_id = ${dropId} and edition_count = 1 limit 1`,
    );
    const changed = await asAdmin('PATCH', `/v1/console/products/${single!.product_id}`, {
      rarity: 'LEGENDARY',
      editionSize: null,
    });
    expect(changed.body).toMatchObject({
      code: 'PRODUCT_EDITIONS_EXIST',
      details: [
        { field: 'rarity', message: '1 edition has this rarity: it can no longer change.' },
        {
          field: 'editionSize',
          message: '1 edition is minted or set aside: the size can only be lowered now, to 1 or more.',
        },
      ],
    });
  });

  it('keeps a product’s rarity, and its edition size at least its editions, once editions exist', async () => {
    const { products } = await insertLiveDrop(t.database.db, { now: t.clock.now(), rounds: [{ packCount: 10 }] });
    const { common } = products;
    const [minted] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select max(serial_number)::int as n from editions where product_id = ${common.id}`,
    );
    const editions = minted!.n;
    const changed = await asAdmin('PATCH', `/v1/console/products/${common.id}`, {
      rarity: 'LEGENDARY',
      editionSize: editions - 1,
    });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({
      code: 'PRODUCT_EDITIONS_EXIST',
      details: [
        { field: 'rarity', message: `${editions} editions have this rarity: it can no longer change.` },
        {
          field: 'editionSize',
          message: `${editions} editions are minted or set aside: the size can only be lowered now, to ${editions} or more.`,
        },
      ],
    });
    // Review of session 36: a Legendary "edition of 10" became 100,000, then open, mid-drop, with one Save each.
    const sizeBefore = (await asAdmin<{ editionSize: number }>('GET', `/v1/console/products/${common.id}`)).body.data
      .editionSize;
    for (const editionSize of [sizeBefore + 1, 100_000, null]) {
      const grown = await asAdmin('PATCH', `/v1/console/products/${common.id}`, { editionSize });
      expect([grown.status, grown.body.code], String(editionSize)).toEqual([409, 'PRODUCT_EDITIONS_EXIST']);
    }
    // The same rarity again, or a size lowered that still holds them, are changes it can take.
    expect(
      (await asAdmin('PATCH', `/v1/console/products/${common.id}`, { rarity: 'COMMON', editionSize: editions })).status,
    ).toBe(200);
    const leftOf = async (id: string) =>
      (
        await asAdmin<{ items: { id: string; editionsLeft: number | null }[] }>(
          'GET',
          `/v1/console/products?brandId=${common.brandId}`,
        )
      ).body.data.items.find((item) => item.id === id)?.editionsLeft;
    expect(await leftOf(common.id)).toBe(0);
    // A product without editions takes any rarity and size.
    const fresh = await insertProduct(t.database.db, common.brandId, { rarity: 'COMMON' });
    expect(
      (await asAdmin('PATCH', `/v1/console/products/${fresh.id}`, { rarity: 'EPIC', editionSize: 1 })).status,
    ).toBe(200);
    expect(await leftOf(fresh.id)).toBe(1);
    expect((await asAdmin('PATCH', `/v1/console/products/${fresh.id}`, { editionSize: null })).status).toBe(200);
    expect(await leftOf(fresh.id)).toBeNull();
  });

  it('refuses empty and unknown changes, bad slugs and links, and references to nothing', async () => {
    const brandId = (
      await asAdmin<{ id: string }>('POST', '/v1/console/brands', { slug: 'strict', name: 'Strict', type: 'GAMING' })
    ).body.data.id;
    const cases: [string, string, object, string][] = [
      ['PATCH', `/v1/console/brands/${brandId}`, {}, 'INVALID_REQUEST'],
      ['PATCH', `/v1/console/brands/${brandId}`, { status: 'PUBLISHED' }, 'INVALID_REQUEST'],
      ['POST', '/v1/console/brands', { slug: 'Not a slug!', name: 'X', type: 'GAMING' }, 'INVALID_REQUEST'],
      [
        'POST',
        '/v1/console/products',
        { brandId, name: 'X', rarity: 'COMMON', imageUrl: 'javascript:alert(1)' },
        'INVALID_REQUEST',
      ],
      [
        'POST',
        '/v1/console/banners',
        { title: 'X', imageUrl: '/uploads/a.png', linkUrl: '//evil.example' },
        'INVALID_REQUEST',
      ],
      [
        'POST',
        '/v1/console/products',
        { brandId, name: 'X', rarity: 'COMMON', imageUrl: '/uploads/a.png', categoryId: brandId },
        'RELATED_ITEM_NOT_FOUND',
      ],
      [
        'POST',
        '/v1/console/licenses',
        { brandId: '0191a7e2-0000-7000-8000-000000000000', name: 'Orphan' },
        'RELATED_ITEM_NOT_FOUND',
      ],
      ['PATCH', '/v1/console/products/0191a7e2-0000-7000-8000-000000000000', { name: 'Ghost' }, 'NOT_FOUND'],
    ];
    for (const [method, url, payload, code] of cases) {
      const response = await asAdmin(method as 'POST', url, payload);
      expect(response.body.code, `${method} ${url} ${JSON.stringify(payload)}`).toBe(code);
    }
  });
});

describe('banners', () => {
  it('are created as drafts, scheduled, published, and shown to visitors only within their window', async () => {
    const startsAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const created = await asAdmin<{ id: string; status: string }>('POST', '/v1/console/banners', {
      title: 'Launch week',
      imageUrl: '/uploads/banner.webp',
      linkUrl: '/products',
      startsAt,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    await asAdmin('POST', `/v1/console/banners/${id}/publish`);
    const ids = async () =>
      (await visitor('/v1/banners?size=100')).json().data.items.map((banner: { id: string }) => banner.id);
    expect(await ids()).not.toContain(id);
    t.clock.advance(120_000);
    expect(await ids()).toContain(id);

    const backwards = await asAdmin('PATCH', `/v1/console/banners/${id}`, { endsAt: '2000-01-01T00:00:00.000Z' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details).toEqual([{ field: 'endsAt', message: 'The end must come after the start.' }]);
    const listed = await asAdmin<{ items: { id: string }[] }>('GET', '/v1/console/banners?status=PUBLISHED&size=100');
    expect(listed.body.data.items.map((banner) => banner.id)).toContain(id);
  });
});
