import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand, insertCategory, insertTag } from '../../../../testing/catalog-fixtures.ts';
import { bearer } from '../../../../testing/auth-helpers.ts';
import { signUpOperator } from '../../../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../../../testing/test-app.ts';

let t: TestApp;
let manager: Awaited<ReturnType<typeof signUpOperator>>;

beforeAll(async () => {
  t = await createTestApp();
  // Every operator reads them (a product form picks from them): a brand manager too.
  const brand = await insertBrand(t.database.db);
  manager = await signUpOperator(t, 'brand_manager', brand.id);
});
afterAll(() => t.close());

async function asManager(url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(manager.accessToken) });
  return { status: response.statusCode, body: response.json() as { data: Record<string, unknown>; code?: string } };
}

// Review (console finding 5): the console edited a category or tag by finding it among the first 100 of the list, so
// the 101st answered "This tag is not here"; it reads one by id now, and its pickers search the lists by name.
describe('console categories and tags, more than a page of them', () => {
  it('reads the 101st tag by id, and finds it by name', async () => {
    const made = [];
    for (let n = 1; n <= 101; n++)
      made.push(await insertTag(t.database.db, { name: `Tag ${String(n).padStart(3, '0')}` }));
    const last = made.at(-1)!;

    const firstPage = await asManager('/v1/console/tags?size=100');
    expect(firstPage.body.data).toMatchObject({ total: 101 });
    expect((firstPage.body.data.items as { id: string }[]).some((tag) => tag.id === last.id)).toBe(false);

    const read = await asManager(`/v1/console/tags/${last.id}`);
    expect(read).toEqual({
      status: 200,
      body: { data: expect.objectContaining({ id: last.id, slug: last.slug, name: 'Tag 101' }) },
    });
    const found = await asManager('/v1/console/tags?q=tag%20101');
    expect(found.body.data).toMatchObject({ total: 1, items: [{ id: last.id }] });
  });

  it('reads a category by id, finds categories by name in any case, and answers 404 for one that is not there', async () => {
    const moons = await insertCategory(t.database.db, { name: 'Moons of Saturn' });
    await insertCategory(t.database.db, { name: 'Rings' });

    expect(await asManager(`/v1/console/categories/${moons.id}`)).toEqual({
      status: 200,
      body: { data: expect.objectContaining({ id: moons.id, slug: moons.slug, name: 'Moons of Saturn' }) },
    });
    const found = await asManager('/v1/console/categories?q=SATURN');
    expect(found.body.data).toMatchObject({ total: 1, items: [{ id: moons.id }] });
    // LIKE's wildcards are taken literally.
    expect((await asManager('/v1/console/categories?q=%25')).body.data).toMatchObject({ total: 0 });

    const missing = '0190a0b0-0000-7000-8000-00000000dead';
    for (const url of [`/v1/console/categories/${missing}`, `/v1/console/tags/${missing}`]) {
      expect(await asManager(url)).toEqual({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'We could not find what you were looking for.' },
      });
    }
    expect((await asManager('/v1/console/tags/not-an-id')).status).toBe(400);
  });

  it('is the console’s: a visitor is asked to sign in', async () => {
    const tag = await insertTag(t.database.db);
    expect((await t.app.inject({ method: 'GET', url: `/v1/console/tags/${tag.id}` })).statusCode).toBe(401);
  });
});
