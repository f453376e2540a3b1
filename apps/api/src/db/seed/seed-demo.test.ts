import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, logIn } from '../../testing/auth-helpers.ts';
import { demoAccounts } from './seed-demo-accounts.ts';
import { seedDemo, seedDemoIfEmpty } from './seed-demo.ts';

let t: TestApp;
let seedMilliseconds = 0;
beforeAll(async () => {
  t = await createTestApp();
  const startedAt = Date.now();
  await seedDemo({ database: t.database, clock: t.clock, storage: t.storage });
  seedMilliseconds = Date.now() - startedAt;
});
afterAll(() => t.close());

const get = (url: string, headers = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the demo seed on a fresh database', () => {
  it('writes 30 published products across every rarity, commons most plentiful, in well under ten seconds', async () => {
    expect((await get('/v1/products?size=1')).json().data.total).toBe(30);
    const counts = (await get('/v1/products/rarities')).json().data as { rarity: string; count: number }[];
    const countOf = (rarity: string) => counts.find((entry) => entry.rarity === rarity)?.count ?? 0;
    expect(counts.every((entry) => entry.count > 0)).toBe(true);
    expect(countOf('COMMON')).toBeGreaterThan(countOf('RARE'));
    expect(countOf('RARE')).toBeGreaterThan(countOf('LEGENDARY'));
    expect(seedMilliseconds).toBeLessThan(10_000);
  });

  it('writes at least four brands of different types, featured ones among them, each with licenses and collections', async () => {
    const brands = (await get('/v1/brands')).json().data.items as {
      id: string;
      type: string;
      isFeatured: boolean;
      logoUrl: string;
    }[];
    expect(brands.length).toBeGreaterThanOrEqual(4);
    expect(new Set(brands.map((brand) => brand.type)).size).toBeGreaterThanOrEqual(4);
    expect(brands.some((brand) => brand.isFeatured)).toBe(true);
    const grouped = (await get('/v1/collections/brands')).json().data;
    expect(grouped.total).toBe(brands.length);
    expect((await get('/v1/licenses')).json().data.total).toBeGreaterThanOrEqual(brands.length);
    expect((await get('/v1/categories')).json().data.total).toBeGreaterThan(0);
    expect((await get('/v1/tags')).json().data.total).toBeGreaterThan(0);
  });

  it('shows at least three banners now, and has product activities to page through', async () => {
    expect((await get('/v1/banners')).json().data.total).toBeGreaterThanOrEqual(3);
    const legendary = (await get('/v1/products?rarity=LEGENDARY')).json().data.items as { id: string; name: string }[];
    const nebula = legendary.find((product) => product.name === 'Nebula Core')!;
    const activities = (await get(`/v1/products/${nebula.id}/activities?size=20`)).json().data;
    expect(activities.items).toHaveLength(20);
    expect(activities.nextCursor).toEqual(expect.any(String));
  });

  it('stores generated artwork that is served as images, a rarity frame per product', async () => {
    const product = (await get('/v1/products?size=1')).json().data.items[0] as {
      id: string;
      imageUrl: string;
      imageThumbnailUrl: string;
    };
    for (const url of [product.imageUrl, product.imageThumbnailUrl]) {
      const image = await get(url);
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
    const detail = (await get(`/v1/products/${product.id}`)).json().data;
    expect(detail.properties.map((property: { traitType: string }) => property.traitType)).toContain('Frame');
  });

  it('makes the demo admin (who can use the console) and the demo collector (who cannot), both able to sign in', async () => {
    const adminLogin = await logIn(t, demoAccounts.admin.email, demoAccounts.admin.password);
    expect(adminLogin.statusCode).toBe(200);
    const adminToken = adminLogin.json().data.accessToken;
    expect((await get('/v1/users/my', bearer(adminToken))).json().data).toMatchObject({
      status: 'ACTIVE',
      nickname: 'Operator',
      isEmailVerified: true,
    });
    expect((await get('/v1/console/me', bearer(adminToken))).json().data).toMatchObject({
      isAdmin: true,
      roles: ['admin'],
    });

    const fanLogin = await logIn(t, demoAccounts.collector.email, demoAccounts.collector.password);
    expect(fanLogin.statusCode).toBe(200);
    const fanToken = fanLogin.json().data.accessToken;
    expect((await get('/v1/users/my', bearer(fanToken))).json().data.status).toBe('ACTIVE');
    expect((await get('/v1/console/me', bearer(fanToken))).statusCode).toBe(403);
  });

  it('counts as seeded afterwards, so a restart does not seed twice', async () => {
    expect(await seedDemoIfEmpty({ database: t.database, clock: t.clock, storage: t.storage })).toBe(false);
  });
});
