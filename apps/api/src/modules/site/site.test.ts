import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import FindMyWay from 'find-my-way';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutePaths } from '@cypher/contract';
import { newId } from '../../lib/ids.ts';
import { insertBrand, insertCollection, insertLicense, insertProduct } from '../../testing/catalog-fixtures.ts';
import { fusions } from '../fusions/fusions.tables.ts';
import { insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { passOnSaleInConsole } from '../../testing/pass-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const PUBLIC_URL = 'https://collect.example';
const BRAND_NAME = 'Collect Example';

/** The web app's route table, as React Router matches it. */
function isWebPage(path: string): boolean {
  const router = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true });
  for (const pattern of webRoutePaths) router.on('GET', pattern, () => undefined);
  return router.find('GET', path) !== null;
}

describe('what crawlers read', () => {
  let t: TestApp;
  let published: {
    brandId: string;
    brandType: string;
    productId: string;
    dropId: string;
    passId: string;
    licenseId: string;
    collectionId: string;
    fusionId: string;
  };
  let hidden: string[];

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL, BRAND_NAME } });
    const brand = await insertBrand(t.database.db, { type: 'SPORTS' });
    const product = await insertProduct(t.database.db, brand.id);
    const draftBrand = await insertBrand(t.database.db, { status: 'DRAFT' });
    const productOfDraftBrand = await insertProduct(t.database.db, draftBrand.id);
    const draftProduct = await insertProduct(t.database.db, brand.id, { status: 'DRAFT' });
    const { dropId } = await insertLiveDrop(t.database.db, { rounds: [{ packCount: 2 }] });
    const { pass } = await passOnSaleInConsole(t, (await signUpOperator(t, 'admin')).accessToken);
    const license = await insertLicense(t.database.db, brand.id);
    const draftLicense = await insertLicense(t.database.db, brand.id, { status: 'DRAFT' });
    const collection = await insertCollection(t.database.db, brand.id);
    const draftCollection = await insertCollection(t.database.db, brand.id, { status: 'DRAFT' });
    const fusion = (status: 'DRAFT' | 'PUBLISHED') => ({
      id: newId(),
      brandId: brand.id,
      name: `${status} fusion`,
      description: 'Three make one.',
      imageUrl: '/uploads/fusion.webp',
      beginAt: new Date(Date.now() - 60_000),
      endAt: new Date(Date.now() + 86_400_000),
      resultProductId: product.id,
      resultSupply: 5,
      status,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const [publishedFusion, draftFusion] = [fusion('PUBLISHED'), fusion('DRAFT')];
    await t.database.db.insert(fusions).values([publishedFusion, draftFusion]);
    published = {
      brandId: brand.id,
      brandType: 'sports',
      productId: product.id,
      dropId,
      passId: pass.id,
      licenseId: license.id,
      collectionId: collection.id,
      fusionId: publishedFusion.id,
    };
    hidden = [
      draftBrand.id,
      productOfDraftBrand.id,
      draftProduct.id,
      draftLicense.id,
      draftCollection.id,
      draftFusion.id,
    ];
  });
  afterAll(() => t.close());

  it('robots.txt is a robots file: public pages open, private ones closed, the sitemap at PUBLIC_URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n').filter((line) => line.trim() !== '');
    // Every line is a known directive with a value (what Lighthouse's robots-txt audit checks).
    for (const line of lines) expect(line, line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
    expect(lines[0]).toBe('User-agent: *');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    expect(disallowed).toEqual(expect.arrayContaining(['/console', '/payment', '/account/', '/dev/']));
    for (const open of ['/', '/drops', '/products', '/brands', '/v1/drops', '/uploads/a.webp']) {
      expect(
        disallowed.some((prefix) => open.startsWith(prefix)),
        open,
      ).toBe(false);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('manifest.webmanifest names the site by BRAND_NAME, with icons that exist in the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = response.json<{ name: string; start_url: string; display: string; icons: { src: string }[] }>();
    expect(manifest).toMatchObject({ name: BRAND_NAME, start_url: '/', display: 'standalone' });
    const publicDir = fileURLToPath(new URL('../../../../web/public/', import.meta.url));
    for (const icon of manifest.icons) expect(existsSync(`${publicDir}${icon.src.slice(1)}`), icon.src).toBe(true);
  });

  it('sitemap.xml is a sitemap of the public pages: brands, products, drops, passes, licenses, collections and fusions, at PUBLIC_URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');

    const document = new new Window().DOMParser().parseFromString(response.body, 'application/xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.documentElement.tagName).toBe('urlset');
    expect(document.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = [...document.getElementsByTagName('url')];
    const locs = urls.map((url) => url.getElementsByTagName('loc')[0]?.textContent ?? '');
    for (const loc of locs) {
      const url = new URL(loc);
      expect(url.origin, loc).toBe(PUBLIC_URL);
      expect(isWebPage(url.pathname), loc).toBe(true);
    }
    expect(locs).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/drops`,
        `${PUBLIC_URL}/products`,
        `${PUBLIC_URL}/brands`,
        `${PUBLIC_URL}/brands/${published.brandType}/${published.brandId}`,
        `${PUBLIC_URL}/products/${published.productId}`,
        `${PUBLIC_URL}/drops/${published.dropId}`,
        `${PUBLIC_URL}/pass`,
        `${PUBLIC_URL}/pass/${published.passId}`,
        `${PUBLIC_URL}/licenses/${published.licenseId}`,
        // Session 70's hunt: fusions, tickets and collections' pages were left out.
        `${PUBLIC_URL}/collections/${published.collectionId}`,
        `${PUBLIC_URL}/fusions`,
        `${PUBLIC_URL}/fusions/${published.fusionId}`,
        `${PUBLIC_URL}/tickets`,
      ]),
    );
    for (const id of hidden)
      expect(
        locs.some((loc) => loc.endsWith(id)),
        id,
      ).toBe(false);
    const lastmods = urls.flatMap((url) =>
      [...url.getElementsByTagName('lastmod')].map((node) => node.textContent ?? ''),
    );
    expect(lastmods.length).toBeGreaterThan(0);
    for (const lastmod of lastmods) expect(Number.isNaN(Date.parse(lastmod)), lastmod).toBe(false);
  });
});
