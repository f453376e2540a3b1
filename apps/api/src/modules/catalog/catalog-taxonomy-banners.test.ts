import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertBanner, insertCategory, insertTag } from '../../testing/catalog-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /v1/categories', () => {
  it('lists categories in display order, then by name, in pages', async () => {
    const db = t.database.db;
    const third = await insertCategory(db, { name: 'Zeta', sortOrder: 1 });
    const second = await insertCategory(db, { name: 'Beta', sortOrder: 1 });
    const first = await insertCategory(db, { name: 'Omega', sortOrder: 0 });
    const page = (await get('/v1/categories')).json().data;
    expect(page).toMatchObject({ page: 1, size: 100, total: 3 });
    expect(page.items.map((category: { id: string }) => category.id)).toEqual([first.id, second.id, third.id]);
    expect((await get('/v1/categories?size=1&page=3')).json().data.items[0].id).toBe(third.id);
  });
});

describe('GET /v1/tags and /v1/tags/{id}', () => {
  it('lists tags by name with search, and finds one by id or slug', async () => {
    const db = t.database.db;
    const holo = await insertTag(db, { name: 'Holographic' });
    await insertTag(db, { name: 'Genesis' });
    const all = (await get('/v1/tags')).json().data;
    expect(all.items.map((tag: { name: string }) => tag.name)).toEqual(['Genesis', 'Holographic']);
    expect((await get('/v1/tags?q=holo')).json().data).toMatchObject({ total: 1, items: [{ id: holo.id }] });
    expect((await get(`/v1/tags/${holo.id}`)).json().data).toEqual({
      id: holo.id,
      slug: holo.slug,
      name: 'Holographic',
      updatedAt: holo.updatedAt.toISOString(),
    });
    expect((await get(`/v1/tags/${holo.slug}`)).json().data.id).toBe(holo.id);
    expect((await get('/v1/tags/no-such-tag')).statusCode).toBe(404);
  });
});

describe('GET /v1/banners', () => {
  it('shows published banners whose window holds now (by the app clock), in display order', async () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    t.clock.set(now);
    const hour = 60 * 60 * 1000;
    const db = t.database.db;
    const open = await insertBanner(db, { title: 'Open-ended', sortOrder: 2 });
    const current = await insertBanner(db, {
      title: 'Current',
      sortOrder: 1,
      startsAt: new Date(now.getTime() - hour),
      endsAt: new Date(now.getTime() + hour),
    });
    await insertBanner(db, { title: 'Scheduled', startsAt: new Date(now.getTime() + hour) });
    const ended = await insertBanner(db, { title: 'Ended at now', endsAt: now });
    await insertBanner(db, { title: 'Draft', status: 'DRAFT' });

    const page = (await get('/v1/banners')).json().data;
    expect(page.items.map((banner: { id: string }) => banner.id)).toEqual([current.id, open.id]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ title: 'Current', placement: 'HOME', status: 'PUBLISHED' });

    t.clock.set(new Date(now.getTime() - 1));
    const earlier = (await get('/v1/banners')).json().data.items.map((banner: { id: string }) => banner.id);
    expect(earlier).toContain(ended.id);
    expect((await get('/v1/banners?placement=SIDEBAR')).statusCode).toBe(400);
  });
});
