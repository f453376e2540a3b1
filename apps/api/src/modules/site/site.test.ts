import fs, { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
const host = 'collect.example';

/** A web build with the web app's own index.html and no server entry: every page is the shell the browser renders. */
function shellOnlyWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-site-web-'));
  fs.copyFileSync(fileURLToPath(new URL('../../../../web/index.html', import.meta.url)), path.join(dir, 'index.html'));
  return dir;
}

/** What a link preview or a crawler that runs no script reads in a page's head. */
function headOf(html: string) {
  const document = new new Window().DOMParser().parseFromString(html, 'text/html');
  const tags = (selector: string) => [...document.querySelectorAll(selector)].map((tag) => tag.getAttribute('content'));
  return {
    titles: [...document.querySelectorAll('title')].map((title) => title.textContent),
    description: tags('meta[name="description"]'),
    ogTitle: tags('meta[property="og:title"]'),
    ogDescription: tags('meta[property="og:description"]'),
    ogImage: tags('meta[property="og:image"]'),
    twitterTitle: tags('meta[name="twitter:title"]'),
    twitterDescription: tags('meta[name="twitter:description"]'),
    twitterImage: tags('meta[name="twitter:image"]'),
    robots: tags('meta[name="robots"]'),
  };
}

/** The web app's route table, as React Router matches it. */
function isWebPage(path: string): boolean {
  const router = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true });
  for (const pattern of webRoutePaths) router.on('GET', pattern, () => undefined);
  return router.find('GET', path) !== null;
}

describe('what crawlers read', () => {
  let t: TestApp;
  let webDistDir: string;
  let published: {
    brandId: string;
    brandName: string;
    passBrandName: string;
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
    webDistDir = shellOnlyWebBuild();
    t = await createTestApp({ env: { PUBLIC_URL, BRAND_NAME, WEB_DIST_DIR: webDistDir } });
    const brand = await insertBrand(t.database.db, { type: 'SPORTS' });
    const product = await insertProduct(t.database.db, brand.id);
    const draftBrand = await insertBrand(t.database.db, { status: 'DRAFT' });
    const productOfDraftBrand = await insertProduct(t.database.db, draftBrand.id);
    const draftProduct = await insertProduct(t.database.db, brand.id, { status: 'DRAFT' });
    const { dropId } = await insertLiveDrop(t.database.db, { rounds: [{ packCount: 2 }] });
    const { brand: passBrand, pass } = await passOnSaleInConsole(t, (await signUpOperator(t, 'admin')).accessToken);
    const license = await insertLicense(t.database.db, brand.id);
    const draftLicense = await insertLicense(t.database.db, brand.id, { status: 'DRAFT' });
    const collection = await insertCollection(t.database.db, brand.id);
    const draftCollection = await insertCollection(t.database.db, brand.id, { status: 'DRAFT' });
    const fusion = (status: 'DRAFT' | 'PUBLISHED') => ({
      id: newId(),
      brandId: brand.id,
      name: `${status} fusion`,
      description: 'Three make one: "fire" & <ice>.',
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
      brandName: brand.name,
      passBrandName: passBrand.name,
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
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  const getPage = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

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

  // A pass or a fusion page shared in a chat previewed as the home page: the shell the browser renders them from kept
  // index.html's title, description and social card.
  it("sends a pass or a fusion page's shell with its own title, description and picture, as its page says", async () => {
    for (const { url, title, description, image } of [
      {
        url: `/pass/${published.passId}`,
        title: `Season Pass · ${published.passBrandName} | ${BRAND_NAME}`,
        description: 'Early access to every drop this season.',
        image: `${PUBLIC_URL}/uploads/season-pass.png`,
      },
      {
        url: `/fusions/${published.fusionId}`,
        title: `PUBLISHED fusion · ${published.brandName} | ${BRAND_NAME}`,
        description: 'Three make one: "fire" & <ice>.',
        image: `${PUBLIC_URL}/uploads/fusion.webp`,
      },
    ]) {
      const response = await getPage(url);
      expect(response.statusCode, url).toBe(200);
      expect(headOf(response.body), url).toEqual({
        titles: [title],
        description: [description],
        ogTitle: [title],
        ogDescription: [description],
        ogImage: [image],
        twitterTitle: [title],
        twitterDescription: [description],
        twitterImage: [image],
        robots: [],
      });
      expect(response.body, url).toContain(`<link rel="canonical" href="${PUBLIC_URL}${url}">`);
      // Written as text, never as markup: a brand's words cannot add tags to the page.
      expect(response.body, url).not.toContain('<ice>');
    }
  });

  // Session 75's note: with a run in the address the shell said "Choose materials", and the page then "Fusion" while
  // it read the run (the outcome is the fuser's own: a visitor's read cannot name it).
  it("titles a fusion's slots page by the screen it opens on: choosing, or a run being read", async () => {
    for (const [url, screen] of [
      [`/fusions/${published.fusionId}/slots`, 'Choose materials'],
      [`/fusions/${published.fusionId}/slots?run=0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b`, 'Fusion'],
      [`/fusions/${published.fusionId}/slots?run=`, 'Choose materials'],
    ] as const) {
      const response = await getPage(url);
      expect(response.statusCode, url).toBe(200);
      expect(headOf(response.body).titles, url).toEqual([`${screen} · PUBLISHED fusion | ${BRAND_NAME}`]);
    }
  });

  it('titles an unknown fusion\'s 404 "Fusion not found", as its page does, with noindex', async () => {
    const missing = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    for (const url of [`/fusions/${missing}`, `/fusions/${missing}/slots`, '/fusions/not-an-id']) {
      const response = await getPage(url);
      expect(response.statusCode, url).toBe(404);
      const head = headOf(response.body);
      expect(head.titles, url).toEqual([`Fusion not found | ${BRAND_NAME}`]);
      expect(head.ogTitle, url).toEqual([`Fusion not found | ${BRAND_NAME}`]);
      expect(head.robots, url).toEqual(['noindex']);
    }
  });
});
