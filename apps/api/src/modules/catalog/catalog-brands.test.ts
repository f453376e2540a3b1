import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertBrand, insertCollection, insertLicense } from '../../testing/catalog-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe('GET /v1/brands', () => {
  it('pages through published brands with the one list shape, drafts left out', async () => {
    const prefix = 'Paging';
    for (const n of [1, 2, 3, 4, 5]) await insertBrand(t.database.db, { name: `${prefix} ${n}` });
    await insertBrand(t.database.db, { name: `${prefix} Draft`, status: 'DRAFT' });

    const first = await get(`/v1/brands?q=${prefix}&size=2&page=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ page: 1, size: 2, total: 5 });
    expect(first.json().data.items.map((brand: { name: string }) => brand.name)).toEqual([
      `${prefix} 1`,
      `${prefix} 2`,
    ]);

    const last = (await get(`/v1/brands?q=${prefix}&size=2&page=3`)).json().data;
    expect(last.items.map((brand: { name: string }) => brand.name)).toEqual([`${prefix} 5`]);
    const beyond = (await get(`/v1/brands?q=${prefix}&size=2&page=4`)).json().data;
    expect(beyond).toEqual({ items: [], page: 4, size: 2, total: 5 });
  });

  it('filters by type (in any case) and by featured, and sorts by name or creation time', async () => {
    const prefix = 'Filter';
    await insertBrand(t.database.db, { name: `${prefix} Alpha`, type: 'GAMING', isFeatured: true, createdAt: day(3) });
    await insertBrand(t.database.db, { name: `${prefix} Beta`, type: 'SPORTS', createdAt: day(1) });
    await insertBrand(t.database.db, { name: `${prefix} Gamma`, type: 'GAMING', createdAt: day(2) });
    const names = async (query: string) =>
      (await get(`/v1/brands?q=${prefix}&${query}`)).json().data.items.map((brand: { name: string }) => brand.name);

    expect(await names('type=gaming')).toEqual([`${prefix} Alpha`, `${prefix} Gamma`]);
    expect(await names('type=GAMING&isFeatured=true')).toEqual([`${prefix} Alpha`]);
    expect(await names('isFeatured=false')).toEqual([`${prefix} Beta`, `${prefix} Gamma`]);
    expect(await names('sort=-name')).toEqual([`${prefix} Gamma`, `${prefix} Beta`, `${prefix} Alpha`]);
    expect(await names('sort=createdAt')).toEqual([`${prefix} Beta`, `${prefix} Gamma`, `${prefix} Alpha`]);
    expect(await names('sort=-createdAt')).toEqual([`${prefix} Alpha`, `${prefix} Gamma`, `${prefix} Beta`]);
  });

  it('takes search text literally: % and _ are not wildcards', async () => {
    await insertBrand(t.database.db, { name: 'Percent 100% Club' });
    await insertBrand(t.database.db, { name: 'Percent 1000 Club' });
    const items = (await get('/v1/brands?q=100%25')).json().data.items;
    expect(items.map((brand: { name: string }) => brand.name)).toEqual(['Percent 100% Club']);
  });

  it('answers 400 INVALID_REQUEST to a malformed query', async () => {
    for (const query of ['page=0', 'size=101', 'type=PAINTER', 'isFeatured=yes', 'sort=rarity']) {
      const response = await get(`/v1/brands?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('INVALID_REQUEST');
    }
  });
});

describe('GET /v1/brands/{id}', () => {
  it('finds a published brand by id or by slug', async () => {
    const brand = await insertBrand(t.database.db, { slug: 'lumen-records', name: 'Lumen Records', type: 'ARTIST' });
    const byId = await get(`/v1/brands/${brand.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data).toMatchObject({
      id: brand.id,
      slug: 'lumen-records',
      type: 'ARTIST',
      status: 'PUBLISHED',
    });
    expect((await get('/v1/brands/Lumen-Records')).json().data.id).toBe(brand.id);
  });

  it('answers 404 NOT_FOUND for a draft brand and for an unknown one', async () => {
    const draft = await insertBrand(t.database.db, { status: 'DRAFT' });
    for (const url of [
      `/v1/brands/${draft.id}`,
      `/v1/brands/${draft.slug}`,
      '/v1/brands/0191a7e2-0000-7000-8000-000000000000',
      '/v1/brands/nope',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('GET /v1/licenses', () => {
  it('lists published licenses of published brands, filtered by brand, with the brand summary', async () => {
    const brand = await insertBrand(t.database.db);
    const hidden = await insertBrand(t.database.db, { status: 'DRAFT' });
    const shown = await insertLicense(t.database.db, brand.id, { name: 'B license' });
    await insertLicense(t.database.db, brand.id, { name: 'A draft license', status: 'DRAFT' });
    await insertLicense(t.database.db, hidden.id, { name: 'Under a draft brand' });

    const page = (await get(`/v1/licenses?brandId=${brand.id}`)).json().data;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: shown.id, brand: { id: brand.id, slug: brand.slug } });
    expect((await get(`/v1/licenses?brandId=${hidden.id}`)).json().data.total).toBe(0);
    expect((await get(`/v1/licenses/${shown.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a draft license and 400 for a malformed id', async () => {
    const brand = await insertBrand(t.database.db);
    const draft = await insertLicense(t.database.db, brand.id, { status: 'DRAFT' });
    expect((await get(`/v1/licenses/${draft.id}`)).statusCode).toBe(404);
    expect((await get('/v1/licenses/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('GET /v1/collections and /v1/collections/brands', () => {
  it('lists a brand’s published collections in display order, each with its license when that is published', async () => {
    const brand = await insertBrand(t.database.db);
    const license = await insertLicense(t.database.db, brand.id);
    const draftLicense = await insertLicense(t.database.db, brand.id, { status: 'DRAFT' });
    const second = await insertCollection(t.database.db, brand.id, {
      name: 'Second',
      sortOrder: 2,
      licenseId: draftLicense.id,
    });
    const first = await insertCollection(t.database.db, brand.id, {
      name: 'First',
      sortOrder: 1,
      licenseId: license.id,
    });
    await insertCollection(t.database.db, brand.id, { name: 'Draft', status: 'DRAFT' });

    const page = (await get(`/v1/collections?brandId=${brand.id}`)).json().data;
    expect(page.items.map((collection: { id: string }) => collection.id)).toEqual([first.id, second.id]);
    expect(page.items[0].license).toEqual({ id: license.id, name: license.name, imageUrl: null });
    expect(page.items[1].license).toBeNull();
    const byLicense = (await get(`/v1/collections?licenseId=${license.id}`)).json().data;
    expect(byLicense.items.map((collection: { id: string }) => collection.id)).toEqual([first.id]);
    expect((await get(`/v1/collections?brandId=${brand.id}&sort=-name`)).json().data.items[0].name).toBe('Second');
  });

  it('groups collections under their brand, a page of brands at a time, skipping brands with none to show', async () => {
    const prefix = `Grouped ${Date.now()}`;
    const a = await insertBrand(t.database.db, { name: `${prefix} A`, type: 'FASHION' });
    const b = await insertBrand(t.database.db, { name: `${prefix} B`, type: 'FASHION' });
    const empty = await insertBrand(t.database.db, { name: `${prefix} C`, type: 'FASHION' });
    await insertCollection(t.database.db, a.id, { name: 'A1', sortOrder: 1 });
    await insertCollection(t.database.db, a.id, { name: 'A0', sortOrder: 0 });
    await insertCollection(t.database.db, b.id, { name: 'B0' });
    await insertCollection(t.database.db, empty.id, { name: 'C draft', status: 'DRAFT' });

    const page = (await get('/v1/collections/brands?type=fashion&size=100')).json().data;
    const groups = page.items.filter((group: { brand: { name: string } }) => group.brand.name.startsWith(prefix));
    expect(groups.map((group: { brand: { id: string } }) => group.brand.id)).toEqual([a.id, b.id]);
    expect(groups[0].collections.map((collection: { name: string }) => collection.name)).toEqual(['A0', 'A1']);

    const paged = (await get('/v1/collections/brands?type=fashion&size=1&page=2')).json().data;
    expect(paged).toMatchObject({ page: 2, size: 1, total: page.total });
    expect(paged.items).toHaveLength(1);
  });
});
