/**
 * Renders public/social-card.png (1200x630, the og:image) from the HTML below in the system Chromium, so the card
 * uses the app's own fonts and colours. Brand-neutral on purpose: one image serves every BRAND_NAME.
 * Run: node apps/web/scripts/render-social-card.mjs   (needs /usr/bin/chromium or CHROMIUM_PATH)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// Inlined as data URLs: a page set from a string may not load file:// fonts.
const fontFile = (pkg, file) => {
  const bytes = readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files', file));
  return `data:font/woff2;base64,${bytes.toString('base64')}`;
};

const html = `<!doctype html><html><head><style>
@font-face { font-family: 'Space Grotesk'; src: url('${fontFile('@fontsource-variable/space-grotesk', 'space-grotesk-latin-wght-normal.woff2')}'); font-weight: 300 700; }
@font-face { font-family: 'Inter'; src: url('${fontFile('@fontsource-variable/inter', 'inter-latin-wght-normal.woff2')}'); font-weight: 100 900; }
* { box-sizing: border-box; margin: 0; }
body { width: 1200px; height: 630px; overflow: hidden; background: #0b0b10; color: #f3f1ec; font-family: Inter, sans-serif; }
.card { position: relative; width: 100%; height: 100%; padding: 72px; display: grid; grid-template-columns: 1.15fr 1fr; align-items: center;
  background: radial-gradient(45% 60% at 78% 45%, rgb(57 231 184 / 0.16), transparent 70%), radial-gradient(40% 50% at 10% 0%, rgb(176 124 255 / 0.14), transparent 70%), #0b0b10; }
.mark { width: 64px; height: 64px; color: #39e7b8; margin-bottom: 36px; }
h1 { font-family: 'Space Grotesk'; font-weight: 600; font-size: 76px; line-height: 1.02; letter-spacing: -0.035em; }
h1 span { color: #39e7b8; }
p { margin-top: 28px; color: #a9a7b3; font-size: 22px; letter-spacing: 0.14em; text-transform: uppercase; font-weight: 500; }
.wall { position: relative; height: 100%; display: grid; place-items: center; }
.edition { position: absolute; width: 230px; padding: 9px; border-radius: 18px; background: #1c1c26; box-shadow: 0 24px 64px rgb(0 0 0 / .55);
  border: 1px solid color-mix(in srgb, var(--r) 55%, transparent); }
.edition div { aspect-ratio: 4 / 5; border-radius: 11px; }
.l { --r: #b07cff; transform: translateX(-50%) rotate(-9deg) translateY(20px) scale(.9); }
.r { --r: #4f9dff; transform: translateX(50%) rotate(9deg) translateY(20px) scale(.9); }
.c { --r: #f6c445; z-index: 1; transform: translateY(-8px); }
.l div { background: radial-gradient(circle at 50% 115%, transparent 0 22%, #b07cff 22.5% 26%, transparent 26.5% 36%, #8b5cf6 36.5% 40%, transparent 40.5% 50%, #6d28d9 50.5% 54%, transparent 54.5%), linear-gradient(160deg, #1a0f33, #2a1457 60%, #120a24); }
.r div { background: conic-gradient(from 210deg at 50% 58%, #39e7b8 0 14%, #4f9dff 14% 30%, transparent 30% 100%), linear-gradient(200deg, #0b1f3a, #0f2f52 55%, #081627); }
.c div { background: radial-gradient(circle at 32% 30%, #f6c445 0 13%, rgb(246 196 69 / .25) 14% 19%, transparent 20%), radial-gradient(120% 60% at 50% 100%, #ff7a59 0 28%, transparent 29%), radial-gradient(140% 70% at 30% 100%, #c2410c 0 34%, transparent 35%), linear-gradient(180deg, #120c35, #2d1663 55%, #4a1d5e); }
</style></head><body><div class="card">
<div>
  <svg class="mark" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="8" fill="none" stroke="currentColor" stroke-width="2.5"/><path d="M16 8.5l6.5 7.5-6.5 7.5-6.5-7.5z" fill="currentColor"/></svg>
  <h1>The next generation of <span>digital collectibles</span></h1>
  <p>Collect · Evolve · Collaborate</p>
</div>
<div class="wall"><div class="edition l"><div></div></div><div class="edition r"><div></div></div><div class="edition c"><div></div></div></div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(here, '../public/social-card.png') });
} finally {
  await browser.close();
}
