import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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

/** The key of route-preloads.json under which the app itself is listed (src/app/boot.tsx, which main.tsx loads). */
const APP_KEY = '(app)';

/**
 * Writes `dist/.vite/route-preloads.json`: for each route of src/app/router.tsx, the JavaScript and CSS files its page
 * needs beyond the entry's and the app's, and under `(app)` those of the app itself (src/app/boot.tsx: React, the
 * router, the shell), which the small entry loads. The API puts them in a page's HTML: as preload hints, so the
 * browser fetches the code alongside the entry instead of after the entry has run and asked for it; and for a page it
 * rendered on the server, the style sheets inside the HTML, since that page paints before any script runs.
 */
function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'cypher-route-preloads',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const routerFile = path.join(root, 'src/app/router.tsx');
      const routerSource = fs.readFileSync(routerFile, 'utf8');
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const collect = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFileName.get(fileName)?.imports ?? []) collect(imported, into);
      };
      const entryFiles = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) collect(chunk.fileName, entryFiles);
      const listed = (files: Set<string>, without: Set<string>) => {
        const scripts = [...files].filter((file) => !without.has(file));
        const styles = scripts.flatMap((file) => [...(byFileName.get(file)?.viteMetadata?.importedCss ?? [])]);
        return { scripts: scripts.map((file) => `/${file}`), styles: styles.map((file) => `/${file}`) };
      };
      const routes: Record<string, { scripts: string[]; styles: string[] }> = {};
      const appChunk = chunks.find((chunk) => chunk.facadeModuleId === path.join(root, 'src/app/boot.tsx'));
      const appFiles = new Set<string>();
      if (appChunk) collect(appChunk.fileName, appFiles);
      routes[APP_KEY] = listed(appFiles, entryFiles);
      const loadedFirst = new Set([...entryFiles, ...appFiles]);
      for (const [, pattern, modulePath] of routerSource.matchAll(
        /'([^']+)':\s*page\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g,
      )) {
        const moduleId = path.resolve(path.dirname(routerFile), modulePath!);
        const page = chunks.find((chunk) => chunk.facadeModuleId === moduleId);
        if (!page) continue;
        const files = new Set<string>();
        collect(page.fileName, files);
        routes[pattern!] = listed(files, loadedFirst);
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-preloads.json',
        source: `${JSON.stringify(routes, null, 2)}\n`,
      });
    },
  };
}

/**
 * Preloads the font a page's first paint draws its headings with (the display family's latin subset; the interface
 * uses the device's own fonts, decision record 39): a page rendered on the server paints before the style sheet's
 * font would otherwise have been found, and a title drawn in a fallback font first would move what is below it.
 */
function firstPaintFonts(): Plugin {
  return {
    name: 'cypher-first-paint-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.values(bundle ?? {})
          .filter((item) => item.type === 'asset' && /-latin-wght-normal-[\w-]+\.woff2$/.test(item.fileName))
          .map((item) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${item.fileName}`, crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
  };
}

const PRECOMPRESSED = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `x.br` (brotli, quality 11) and `x.gz` (gzip, level 9) beside every text file of the build above 1 KB, so
 * the API serves them as they are (@fastify/static's `preCompressed`) instead of compressing each request. A
 * compressed copy that saves less than a tenth is not written. index.html is left out: the API fills in its tokens and
 * compresses it as it sends it.
 */
function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'cypher-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler: async () => {
        const files = (fs.readdirSync(outDir, { recursive: true }) as string[]).filter((file) =>
          PRECOMPRESSED.test(file),
        );
        await Promise.all(
          files.map(async (file) => {
            const source = await fs.promises.readFile(path.join(outDir, file));
            if (source.length < 1024) return;
            const brotli = zlib.brotliCompressSync(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            });
            const gzip = zlib.gzipSync(source, { level: 9 });
            for (const [extension, compressed] of [
              ['.br', brotli],
              ['.gz', gzip],
            ] as const) {
              if (compressed.length < source.length * 0.9) {
                await fs.promises.writeFile(path.join(outDir, file + extension), compressed);
              }
            }
          }),
        );
      },
    },
  };
}

/**
 * Two builds (package.json's `build`): the browser's app into dist, then `--ssr`: src/entry-server.tsx into
 * dist/.ssr/entry-server.js, the server's render of the public pages that the API loads (docs/decisions/0038). The
 * server build carries its packages (React, the router, TanStack Query) inside it, so the API needs nothing of the web
 * app's at run time but this folder, and React runs its production build whatever NODE_ENV the API has.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: isSsrBuild ? [react()] : [react(), devIndexTokens(), routePreloads(), firstPaintFonts(), precompressBuild()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  ...(isSsrBuild
    ? {
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true, target: 'node' as const },
        build: { outDir: 'dist/.ssr', emptyOutDir: true, target: 'node20', copyPublicDir: false },
      }
    : { build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' } }),
}));
