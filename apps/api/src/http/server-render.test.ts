import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responsiveImages, uploadSrcSet } from '@cypher/contract';
import { brandPreviousSlugs } from '../modules/catalog/catalog.tables.ts';
import { bearer } from '../testing/auth-helpers.ts';
import { insertBanner, insertBrand, insertProduct } from '../testing/catalog-fixtures.ts';
import { collectorWithPack } from '../testing/collection-fixtures.ts';
import { insertLiveDrop } from '../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { SERVER_ENTRY } from './server-render.ts';

const PUBLIC_URL = 'http://localhost:3000';
const host = 'localhost:3000';
const webFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

/**
 * A web build as the API finds it, with the real server entry: index.html is the web app's own (its tokens and
 * page-meta markers), and `.ssr/entry-server.js` is apps/web/src/entry-server.tsx itself (the test runner compiles it,
 * as Vite does for the build), or `entry` when a test gives one. The home and drop pages' style sheet is named in
 * the route hints, as the build's plugin writes them.
 */
function webBuild(
  entry = `export * from ${JSON.stringify(pathToFileURL(path.join(webFolder, 'src/entry-server.tsx')).href)};\n`,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-web-ssr-'));
  fs.copyFileSync(path.join(webFolder, 'index.html'), path.join(dir, 'index.html'));
  fs.mkdirSync(path.join(dir, path.dirname(SERVER_ENTRY)), { recursive: true });
  fs.writeFileSync(path.join(dir, SERVER_ENTRY), entry);
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets/drop-detail-page-Cd34.css'), '._name_x1{font-size:2rem}');
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, '.vite/route-preloads.json'),
    JSON.stringify({
      '/drops/:id': { scripts: ['/assets/drop-detail-page-Ab12.js'], styles: ['/assets/drop-detail-page-Cd34.css'] },
    }),
  );
  return dir;
}

/** The content of `<meta property|name="key">` in a page's HTML. */
function metaOf(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
}

/** What the page hands the browser for its hydration. */
function serverPageOf(html: string) {
  const data = /<script type="application\/json" id="server-page">(.*?)<\/script>/s.exec(html)?.[1];
  return data
    ? (JSON.parse(data) as {
        now: number;
        theme: string;
        queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
      })
    : null;
}

describe('public pages rendered on the server', () => {
  let t: TestApp;
  let distDir: string;
  let drop: Awaited<ReturnType<typeof insertLiveDrop>>;
  let nft: Awaited<ReturnType<typeof collectorWithPack>>;

  beforeAll(async () => {
    distDir = webBuild();
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL } });
    drop = await insertLiveDrop(t.database.db, {
      now: t.clock.now(),
      name: 'Midnight Atelier: First Light',
      rounds: [{ packCount: 5, price: 1_250 }],
    });
    await insertBanner(t.database.db, { title: 'The Atelier opens tonight' });
    nft = await collectorWithPack(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it('sends a drop’s page with its name, artwork, price and dates in the HTML, for a preview made without JavaScript', async () => {
    const page = await get(`/drops/${drop.dropId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    expect(html).toContain('<h1');
    expect(html).toContain('Midnight Atelier: First Light');
    expect(html).toContain(`<title>Midnight Atelier: First Light · ${drop.brand.name} | Cypher</title>`);
    expect(metaOf(html, 'og:title')).toBe(`Midnight Atelier: First Light · ${drop.brand.name} | Cypher`);
    expect(metaOf(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/drop.webp`);
    expect(metaOf(html, 'twitter:image')).toBe(`${PUBLIC_URL}/uploads/drop.webp`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:url')).toBe(`${PUBLIC_URL}/drops/${drop.dropId}`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/drops/${drop.dropId}">`);
    expect(metaOf(html, 'twitter:label1')).toBe('Price');
    expect(metaOf(html, 'twitter:data1')).toBe('$12.50 a pack');
    expect(metaOf(html, 'twitter:label2')).toBe('On sale until');
    expect(metaOf(html, 'twitter:data2')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
    // One title and one of each social tag: index.html's defaults gave way to the page's own.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('<noscript>');
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    // The page's style sheet comes inside it, not merely preloaded: the HTML paints styled without another request.
    expect(html).toContain(
      '<style>._name_x1{font-size:2rem}</style><link rel="stylesheet" crossorigin href="/assets/drop-detail-page-Cd34.css" disabled>',
    );
    // Its scripts are asked for once it has painted (apps/web/src/main.tsx), so none is hinted.
    expect(html).not.toContain('/assets/drop-detail-page-Ab12.js');

    // The data the HTML was made from, for the browser's hydration: the drop as a visitor reads it.
    const serverPage = serverPageOf(html);
    expect(serverPage?.theme).toBe('dark');
    expect(serverPage?.now).toBe(t.clock.now().getTime());
    const answered = serverPage?.queries.queries.find((query) => JSON.stringify(query.queryKey).includes(drop.dropId));
    expect(answered?.state.data).toMatchObject({
      id: drop.dropId,
      name: 'Midnight Atelier: First Light',
      viewer: null,
    });
  });

  it('renders every page signed out: a session sent along changes nothing and reaches no read', async () => {
    const page = await get(`/drops/${drop.dropId}`, { ...bearer(nft.collector.accessToken), cookie: 'session=x' });
    expect(page.body).toContain('Sign in to buy');
    const answered = serverPageOf(page.body)?.queries.queries.find((query) =>
      JSON.stringify(query.queryKey).includes(drop.dropId),
    );
    expect(answered?.state.data).toMatchObject({ viewer: null });
  });

  it('sends the home page with the banners, the live drop and the products', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The Atelier opens tonight');
    expect(page.body).toContain('Midnight Atelier: First Light');
    expect(page.body).toContain(drop.products.legendary.name);
    expect(page.body).toContain('<title>The next generation of digital collectibles | Cypher</title>');
    expect(metaOf(page.body, 'og:image')).toBe(`${PUBLIC_URL}/social-card.png`);
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
  });

  it('sends a product’s page with its name, picture and rarity', async () => {
    const product = drop.products.legendary;
    const page = await get(`/products/${product.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(product.name);
    expect(metaOf(page.body, 'og:type')).toBe('product');
    expect(metaOf(page.body, 'og:title')).toBe(`${product.name} · ${drop.brand.name} | Cypher`);
    expect(metaOf(page.body, 'og:image')).toBe(`${PUBLIC_URL}/uploads/product.webp`);
    expect(metaOf(page.body, 'twitter:label1')).toBe('Rarity');
    expect(metaOf(page.body, 'twitter:data1')).toBe('Legendary');
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products/${product.id}">`);
  });

  it('sends a brand’s page, by id or by its typed address, with one canonical address', async () => {
    const brand = await insertBrand(t.database.db, { name: 'Maison Nocturne', type: 'FASHION' });
    await insertProduct(t.database.db, brand.id, { name: 'Velvet Hour' });
    for (const url of [`/brands/${brand.id}`, `/brands/fashion/${brand.id}/`]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('Maison Nocturne');
      expect(page.body, url).toContain('Velvet Hour');
      expect(metaOf(page.body, 'og:title'), url).toBe('Maison Nocturne | Cypher');
      expect(page.body, url).toContain(`<link rel="canonical" href="${PUBLIC_URL}/brands/fashion/${brand.id}">`);
    }
  });

  it('sends a brand’s page whose banner, its largest paint, is preloaded as its hero picks it, not as uploaded', async () => {
    const brand = await insertBrand(t.database.db, { name: 'Maison Lumen', bannerUrl: '/uploads/lumen-banner.jpg' });
    const html = (await get(`/brands/${brand.id}`)).body;
    const head = html.slice(0, html.indexOf('</head>'));
    const srcset = uploadSrcSet('/uploads/lumen-banner.jpg', responsiveImages.heroBanner.largestVariant)!;
    const sizes = responsiveImages.heroBanner.sizes;
    // The same candidates and sizes as the <img> (and as the hint a page served unrendered gets, site/page-preloads.ts),
    // so the browser uses what it preloaded; the original is neither preloaded nor a candidate.
    expect(head).toContain(
      `<link rel="preload" as="image" imageSrcSet="${srcset}" imageSizes="${sizes}" fetchPriority="high"/>`,
    );
    expect(html).toContain(`srcSet="${srcset}" sizes="${sizes}"`);
    expect(head).not.toContain('href="/uploads/lumen-banner.jpg"');
  });

  it('sends a brand’s page at a slug it went by before, with its one canonical address', async () => {
    const brand = await insertBrand(t.database.db, { name: 'Maison Minuit', slug: 'maison-minuit', type: 'FASHION' });
    await t.database.db
      .insert(brandPreviousSlugs)
      .values({ slug: 'minuit-paris', brandId: brand.id, replacedAt: t.clock.now() });
    const page = await get('/brands/minuit-paris');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Maison Minuit');
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/brands/fashion/${brand.id}">`);
  });

  it('answers 301 with the brand’s canonical address when the address names another brand type, query kept', async () => {
    const brand = await insertBrand(t.database.db, { name: 'Maison Aurore', type: 'FASHION' });
    const answer = await get(`/brands/music/${brand.id}?rarity=rare`);
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe(`/brands/fashion/${brand.id}?rarity=rare`);
    expect(answer.body).not.toContain('Maison Aurore');
  });

  it('sends a collectible’s page with its name, number and picture', async () => {
    const [editionId] = nft.editionIds;
    // The spec's address ends in a slash; the canonical one, as every page's, does not.
    const page = await get(`/nfts/${editionId}/`);
    expect(page.statusCode).toBe(200);
    const title = /<meta property="og:title" content="([^"]*)">/.exec(page.body)?.[1];
    expect(title).toMatch(new RegExp(`^.+ #\\d+ · ${nft.brand.name} \\| Cypher$`));
    expect(page.body).toContain(title!.split(' · ')[0]);
    expect(metaOf(page.body, 'og:image')).toBe(`${PUBLIC_URL}/uploads/product.webp`);
    expect(metaOf(page.body, 'twitter:label1')).toBe('Edition');
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/nfts/${editionId}">`);

    // The same page from a product's pages: its own preview, and the one canonical address.
    const fromProduct = await get(`/products/nfts/${editionId}/`);
    expect(fromProduct.statusCode).toBe(200);
    expect(metaOf(fromProduct.body, 'og:title')).toBe(title);
    expect(fromProduct.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/nfts/${editionId}">`);
  });

  it('paints a page in the theme its cookie names', async () => {
    const light = await get('/', { cookie: 'other=1; cypher_theme=light' });
    expect(light.body).toContain('<html lang="en" data-theme="light">');
    expect(serverPageOf(light.body)?.theme).toBe('light');
    expect((await get('/')).body).toContain('<html lang="en">');
  });

  it('answers 404 with the page’s “not found” and noindex for a drop, product, brand or collectible that is not there', async () => {
    const unknown = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    for (const [url, title] of [
      [`/drops/${unknown}`, 'Drop not found'],
      ['/drops/not-a-drop', 'Drop not found'],
      [`/products/${unknown}`, 'Product not found'],
      ['/brands/no-such-brand', 'Brand not found'],
      [`/brands/fashion/${unknown}`, 'Brand not found'],
      [`/nfts/${unknown}`, 'Collectible not found'],
      [`/products/nfts/${unknown}`, 'Collectible not found'],
    ] as const) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.body, url).toContain(`<title>${title} | Cypher</title>`);
      expect(page.body, url).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(page.body, url).toContain('<meta name="robots" content="noindex">');
      // The answer travels with the page, so the browser's hydration shows the same "not found".
      const answers = serverPageOf(page.body)?.queries.queries ?? [];
      expect(
        answers.map((query) => (query.state as { error?: { status?: number } }).error?.status),
        url,
      ).toEqual([url.includes('not-a-drop') ? 400 : 404]);
    }
    const found = await get(`/drops/${drop.dropId}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).not.toContain('name="robots"');
  });

  it('answers 404 with the app’s not-found screen and noindex for an address outside the app', async () => {
    for (const url of ['/no/such/page', `/drops/${drop.dropId}/nowhere`]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).toContain('<title>Page not found | Cypher</title>');
      expect(page.body, url).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(page.body, url).toContain('<meta name="robots" content="noindex">');
      expect(serverPageOf(page.body), url).not.toBeNull();
    }
    // A file that is not there is not worth a render: the shell, still a 404 that is not listed.
    const file = await get('/assets/index-Gone12.js');
    expect(file.statusCode).toBe(404);
    expect(file.body).toContain('<div id="root"></div>');
    expect(file.body).toContain('<meta name="robots" content="noindex">');
  });

  it('answers a page’s address with a NUL character with the page, not the API’s JSON', async () => {
    for (const [url, title] of [
      ['/drops/%00', 'Drop not found'],
      ['/nfts/abc%00', 'Collectible not found'],
      ['/%00', 'Page not found'],
    ] as const) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.body, url).toContain(`<title>${title} | Cypher</title>`);
    }
    // In the query it is the page's to read (the web app leaves it out of a search): the page, with 200.
    for (const url of ['/products?q=%00', '/?ref=%00']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
    // The API's own addresses still refuse it, field by field.
    const api = await get('/v1/drops/%00');
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: 'id' }] });
  });

  it('sends the pages it does not render as the shell, with 200, those that need a session too', async () => {
    for (const url of ['/drops', '/account/security', '/console/drops']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body, url).not.toContain('name="robots"');
      expect(serverPageOf(page.body), url).toBeNull();
    }
  });

  it('does not serve the build’s server entry or its hints', async () => {
    for (const url of [`/${SERVER_ENTRY}`, '/.vite/route-preloads.json']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<div id="root"></div>');
    }
  });
});

describe('a page the server cannot render', () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = webBuild(
      `export function createPageRenderer() {
        return {
          pages: ['/', '/drops/:id'],
          conditions: () => ({ theme: 'dark', timeZone: null }),
          render: async () => { throw new Error('a component broke'); },
        };
      }\n`,
    );
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('is sent as the client-rendered shell, never as an error', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<title>The next generation of digital collectibles | Cypher</title>');
  });
});

describe('rendered pages kept for a second', () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = webBuild();
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL, PUBLIC_RESPONSE_CACHE_MS: '1000' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the same page to everyone for a second, then renders it again', async () => {
    const brand = await insertBrand(t.database.db, { name: 'First Edition House' });
    const visit = () => t.app.inject({ method: 'GET', url: `/brands/${brand.id}`, headers: { host } });
    const [first, concurrent] = await Promise.all([visit(), visit()]);
    expect(first.body).toContain('First Edition House');
    expect(concurrent.body).toBe(first.body);
    await insertProduct(t.database.db, brand.id, { name: 'Late Arrival' });
    expect((await visit()).body).toBe(first.body);

    t.clock.advance(1_001);
    expect((await visit()).body).toContain('Late Arrival');
  });
});

describe('a visitor from a blocked country', () => {
  let t: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = webBuild();
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL, BLOCKED_COUNTRIES: 'XX' } });
    await insertBanner(t.database.db, { title: 'Only where we sell' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('gets the shell, which shows the region page, and none of the data the API would refuse them', async () => {
    const visit = (country: string) =>
      t.app.inject({ method: 'GET', url: '/', headers: { host, 'cf-ipcountry': country } });
    const blocked = await visit('XX');
    expect(blocked.statusCode).toBe(200);
    expect(blocked.body).toContain('<div id="root"></div>');
    expect(blocked.body).not.toContain('Only where we sell');
    expect((await visit('FR')).body).toContain('Only where we sell');
  });
});
