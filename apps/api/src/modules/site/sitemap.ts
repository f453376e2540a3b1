import { indexableWebRoutePaths, webPath } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import {
  publicBrandPages,
  publicCollectionPages,
  publicLicensePages,
  publicProductPages,
} from '../catalog/public-page-entries.ts';
import { publicDropPages } from '../drops/public-drop-pages.ts';
import { publicFusionPages } from '../fusions/public-fusion-pages.ts';
import { publicPassPages } from '../passes/public-pass-pages.ts';

/** The protocol's limit for one sitemap file; a catalogue that outgrows it needs a sitemap index. */
const SITEMAP_MAX_URLS = 50_000;

interface SitemapUrl {
  path: string;
  lastModified?: Date;
}

function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

/**
 * The public pages (sitemaps.org protocol 0.9): the indexable pages without parameters, then every published brand,
 * drop, product, pass, license, collection and fusion at its page's address under PUBLIC_URL, each with the time it
 * last changed.
 */
export async function sitemapXml(db: Db, now: Date, publicUrl: string): Promise<string> {
  const fixed: SitemapUrl[] = indexableWebRoutePaths
    .filter((pattern) => !pattern.includes(':'))
    .map((path) => ({ path }));
  let room = SITEMAP_MAX_URLS - fixed.length;
  const brands = await publicBrandPages(db, room);
  room -= brands.length;
  const drops = await publicDropPages(db, now, room);
  room -= drops.length;
  const products = await publicProductPages(db, room);
  room -= products.length;
  const passes = await publicPassPages(db, room);
  room -= passes.length;
  const licenses = await publicLicensePages(db, room);
  room -= licenses.length;
  const collections = await publicCollectionPages(db, room);
  room -= collections.length;
  const fusions = await publicFusionPages(db, room);
  const urls: SitemapUrl[] = [
    ...fixed,
    ...brands.map((brand) => ({
      path: webPath('/brands/:type/:id', { type: brand.type.toLowerCase(), id: brand.id }),
      lastModified: brand.updatedAt,
    })),
    ...drops.map((drop) => ({ path: webPath('/drops/:id', { id: drop.id }), lastModified: drop.updatedAt })),
    ...products.map((product) => ({
      path: webPath('/products/:id', { id: product.id }),
      lastModified: product.updatedAt,
    })),
    ...passes.map((pass) => ({ path: webPath('/pass/:id', { id: pass.id }), lastModified: pass.updatedAt })),
    ...licenses.map((license) => ({
      path: webPath('/licenses/:id', { id: license.id }),
      lastModified: license.updatedAt,
    })),
    ...collections.map((collection) => ({
      path: webPath('/collections/:id', { id: collection.id }),
      lastModified: collection.updatedAt,
    })),
    ...fusions.map((fusion) => ({ path: webPath('/fusions/:id', { id: fusion.id }), lastModified: fusion.updatedAt })),
  ];
  const entries = urls.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
