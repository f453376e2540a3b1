import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responsiveImages, uploadSrcSet } from '@cypher/contract';
import { insertBanner, insertBrand } from '../../testing/catalog-fixtures.ts';
import { insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** A build with the route map Vite writes (apps/web/vite.config.ts). */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-web-dist-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, '.vite/route-preloads.json'),
    JSON.stringify({
      '/': { scripts: ['/assets/home-page-A1.js'], styles: ['/assets/home-page-A1.css'] },
      '/drops/:id': { scripts: ['/assets/drop-detail-page-B2.js'], styles: [] },
      '/brands/:type/:id': { scripts: ['/assets/brand-detail-page-C3.js'], styles: [] },
    }),
  );
  return dir;
}

describe('preload hints in a page’s HTML', () => {
  let t: TestApp;
  let distDir: string;
  let dropId: string;

  beforeAll(async () => {
    distDir = fakeWebBuild();
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir, PUBLIC_URL: 'http://localhost:3000' } });
    await insertBanner(t.database.db, { sortOrder: 0 });
    ({ dropId } = await insertLiveDrop(t.database.db, { rounds: [{ packCount: 2 }] }));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const page = async (url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } })).body;

  it('the home page preloads its code, its banner read and the first banner at the size the page will pick', async () => {
    const html = await page('/');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-A1.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-page-A1.css">');
    expect(head).toContain(
      '<link rel="preload" as="fetch" href="/v1/banners?placement=HOME&size=10" crossorigin="anonymous">',
    );
    const srcset = uploadSrcSet('/uploads/banner.webp', responsiveImages.homeBanner.largestVariant)!;
    expect(head).toContain(
      `<link rel="preload" as="image" href="/uploads/banner.webp" imagesrcset="${srcset}" imagesizes="${responsiveImages.homeBanner.sizes}" fetchpriority="high">`,
    );
  });

  it('a drop’s page preloads its code and its artwork; an unknown drop or address gets no image hint', async () => {
    const html = await page(`/drops/${dropId}`);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/drop-detail-page-B2.js">');
    // Only the variants, each at its own width: the original (an upload of up to 2400 px) is no candidate, so a
    // high-density screen never downloads it for a 620 px picture.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/uploads/drop.webp" imagesrcset="/uploads/drop.webp?w=320 320w, ' +
        '/uploads/drop.webp?w=480 480w, /uploads/drop.webp?w=640 640w, /uploads/drop.webp?w=800 800w, ' +
        '/uploads/drop.webp?w=1080 1080w, /uploads/drop.webp?w=1280 1280w" ' +
        `imagesizes="${responsiveImages.pageArtwork.sizes}" fetchpriority="high">`,
    );

    expect(await page('/drops/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).not.toContain('as="image"');
    expect(await page('/drops/not-a-uuid')).not.toContain('as="image"');
    expect(await page('/no-such-page')).not.toContain('preload');
  });

  it('a brand’s page preloads its banner, the hero’s largest paint, as the hero will pick it, at any of its addresses', async () => {
    const brand = await insertBrand(t.database.db, {
      slug: 'maison-hero',
      type: 'FASHION',
      bannerUrl: '/uploads/maison-banner.jpg',
    });
    const srcset = uploadSrcSet('/uploads/maison-banner.jpg', responsiveImages.heroBanner.largestVariant)!;
    expect(srcset).toContain('/uploads/maison-banner.jpg?w=1280 1280w');
    const hint =
      `<link rel="preload" as="image" href="/uploads/maison-banner.jpg" imagesrcset="${srcset}" ` +
      `imagesizes="${responsiveImages.heroBanner.sizes}" fetchpriority="high">`;
    for (const url of [
      `/brands/${brand.id}`,
      `/brands/fashion/${brand.id}`,
      '/brands/maison-hero',
      '/brands/fashion/maison-hero/',
    ]) {
      expect(await page(url), url).toContain(hint);
    }

    const withoutBanner = await insertBrand(t.database.db, { slug: 'plain-brand' });
    expect(await page(`/brands/${withoutBanner.id}`)).not.toContain('as="image"');
    const draft = await insertBrand(t.database.db, { status: 'DRAFT', bannerUrl: '/uploads/secret.jpg' });
    expect(await page(`/brands/${draft.id}`)).not.toContain('as="image"');
    expect(await page('/brands/no-such-brand')).not.toContain('as="image"');
  });
});
