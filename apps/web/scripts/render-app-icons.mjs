/**
 * Renders the app's icons from public/favicon.svg: favicon.ico (16 and 32 px, for browsers and tools that ask for it
 * by that name whatever the page links), apple-touch-icon.png (180 px, a home-screen icon on iOS, which rounds its
 * corners itself, so the square is filled to the edge) and icon-192.png, icon-512.png (the web manifest's).
 * Drawn by the system Chromium, as the social card is (render-social-card.mjs).
 * Run: node apps/web/scripts/render-app-icons.mjs   (needs /usr/bin/chromium or CHROMIUM_PATH)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// Full bleed for icons a platform masks itself: the same mark on a square of the page's dark background.
const fullBleed = favicon.replace('<rect width="32" height="32" rx="8"', '<rect width="32" height="32"');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage({ deviceScaleFactor: 1 });

/** The SVG drawn at `size` px square, transparent where it draws nothing. */
async function png(svg, size) {
  await page.setViewportSize({ width: size, height: size });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

/** An ICO file holding PNG images (read by every browser since Windows Vista's format change). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, bytes }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(bytes.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += bytes.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.bytes)]);
}

const sizes = [16, 32];
const icoImages = await Promise.all(sizes.map(async (size) => ({ size, bytes: await png(favicon, size) })));
writeFileSync(path.join(publicDir, 'favicon.ico'), ico(icoImages));
writeFileSync(path.join(publicDir, 'apple-touch-icon.png'), await png(fullBleed, 180));
writeFileSync(path.join(publicDir, 'icon-192.png'), await png(fullBleed, 192));
writeFileSync(path.join(publicDir, 'icon-512.png'), await png(fullBleed, 512));
await browser.close();
