/**
 * Route: GET /manifest.webmanifest (site.routes.ts) · Writes: nothing · Reads: BRAND_NAME (config), no table · UI:
 * apps/web/index.html links it · Tests: site.test.ts.
 *
 * `/manifest.webmanifest`: what a phone needs to put the site on its home screen under the brand's name, with the
 * icons of `apps/web/public` (rendered by `apps/web/scripts/render-app-icons.mjs`) and the dark theme's colours. Built
 * here rather than kept in `public/` because the name is BRAND_NAME's, set per deployment.
 */
export function webManifest(brandName: string): string {
  return JSON.stringify({
    name: brandName,
    short_name: brandName,
    description:
      'Collect digital editions from the brands you love, evolve them through fusion, and collaborate with a community of fans.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#0b0b10',
    theme_color: '#0b0b10',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  });
}
