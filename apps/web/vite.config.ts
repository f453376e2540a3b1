import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Everything the API answers on the same origin; `vite dev` forwards it so the app runs as it does in production. */
const apiPrefixes = ['/v1', '/v2', '/docs', '/dev', '/uploads', '/app-config.js'];
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/**
 * In production the API fills `__BRAND_NAME__` and `__PUBLIC_URL__` into index.html as it serves it (so one build
 * serves any brand). The dev server has no API in front of index.html, so it fills them itself.
 */
function devIndexTokens(): Plugin {
  return {
    name: 'cypher-dev-index-tokens',
    apply: 'serve',
    // 'pre': fill the tokens before Vite resolves the URLs in index.html, so `__PUBLIC_URL__/x.png` becomes `/x.png`.
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replaceAll('__BRAND_NAME__', process.env.BRAND_NAME ?? 'Cypher').replaceAll('__PUBLIC_URL__', ''),
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), devIndexTokens()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
