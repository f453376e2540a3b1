import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { canonicalPagePath, pageHead, pageHeadHtml, webRoutePaths, type TPageMeta } from '@cypher/contract';
import type { TConfig } from '../config.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { isApiPath } from './error-handler.ts';
import { loadServerRenderer, withPageHead, withRenderedPage } from './server-render.ts';

/** The key under which route-preloads.json lists the app's own files (the not-found screen is among them). */
const APP_ROUTE_HINTS = '(app)';

/** The head of an address that names nothing: search engines are told not to list it. */
const NO_INDEX = '<meta name="robots" content="noindex">';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The browser's runtime configuration: what the web app may know, and nothing secret. */
function webAppConfig(config: TConfig) {
  return {
    brandName: config.brandName,
    publicUrl: config.publicUrl,
    environment: config.environment,
    // Prices in CYP are shown to visitors too (a drop's rounds), who have no balances to learn the unit from.
    cypMinorUnits: config.wallet.cypMinorUnits,
    ...(config.web.sentryDsn ? { sentryDsn: config.web.sentryDsn } : {}),
    ...(config.web.tagManagerId ? { tagManagerId: config.web.tagManagerId } : {}),
    ...(config.web.gaMeasurementId ? { gaMeasurementId: config.web.gaMeasurementId } : {}),
    ...(config.web.amplitudeApiKey ? { amplitudeApiKey: config.web.amplitudeApiKey } : {}),
  };
}

/**
 * The web app's route table (the contract's `webRoutePaths`), matched the way React Router matches it: without regard
 * to case, with or without a trailing slash. Answers the route's pattern, or null.
 */
function webPageMatcher() {
  const pages = FindMyWay({ caseSensitive: false, ignoreTrailingSlash: true });
  for (const pattern of webRoutePaths) pages.on('GET', pattern, () => undefined, { pattern });
  return (url: string): string | null => {
    const match = pages.find('GET', url.split('?')[0] ?? url);
    return match ? (match.store as { pattern: string }).pattern : null;
  };
}

/**
 * `<link>` hints for the code of each route's page and of the app itself (what apps/web/vite.config.ts wrote to
 * `.vite/route-preloads.json`), so the browser fetches it alongside the small entry script instead of after the entry
 * has run and asked for it. Empty when the build has no such file. A page rendered on the server paints before any
 * script runs (its scripts are asked for after its first paint), so it gets no script hints, and its style sheets come
 * inside it: a dozen small sheets would each hold the first paint for a request (the CSP allows inline styles). Each
 * sits beside a disabled `<link>` of the same address, which the browser does not fetch and which tells the app's
 * loader (Vite's) that the sheet is already there.
 */
function routeCodeHints(webDistDir: string): (pattern: string, isRendered: boolean) => string {
  const file = path.join(webDistDir, '.vite/route-preloads.json');
  if (!fs.existsSync(file)) return () => '';
  const routes = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { scripts: string[]; styles: string[] }>;
  const app = routes[APP_ROUTE_HINTS] ?? { scripts: [], styles: [] };
  const inlineStyle = (href: string) => {
    const sheet = path.join(webDistDir, href);
    if (!fs.existsSync(sheet)) return `<link rel="stylesheet" crossorigin href="${href}">`;
    const css = fs.readFileSync(sheet, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`;
  };
  const hints = (isRendered: boolean) =>
    new Map(
      Object.entries(routes).map(([pattern, route]) => {
        const styles = new Set([...app.styles, ...route.styles]);
        const scripts = new Set([...app.scripts, ...route.scripts]);
        if (isRendered) return [pattern, [...styles].map(inlineStyle).join('')];
        return [
          pattern,
          [
            ...[...styles].map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
            ...[...scripts].map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
          ].join(''),
        ];
      }),
    );
  const [shellHints, renderedHints] = [hints(false), hints(true)];
  return (pattern, isRendered) => (isRendered ? renderedHints : shellHints).get(pattern) ?? '';
}

/**
 * Sessions live in the browser's storage, which belongs to one origin: someone who opened the site at another host
 * name (127.0.0.1 instead of localhost, an old domain) would come back from a provider's checkout to PUBLIC_URL and
 * find themselves signed out. So pages are served only at PUBLIC_URL's host; other hosts are sent there.
 */
/**
 * The shell of a page the browser renders, with that page's address as its canonical link and og:url: index.html
 * names the home page, and a crawler that runs no script (or runs it later) would take every such page for a copy of
 * the home page. The title and description stay the site's until the page's own script sets them, unless the page
 * shows one thing (withSubjectHead).
 */
function namingItsPage(indexHtml: string, publicUrl: string, url: string): string {
  const address = escapeHtml(`${publicUrl}${canonicalPagePath(new URL(url, 'http://page.invalid').pathname)}`);
  return indexHtml
    .replace(/(<link rel="canonical" href=")[^"]*/, (_, start: string) => `${start}${address}`)
    .replace(/(<meta property="og:url" content=")[^"]*/, (_, start: string) => `${start}${address}`);
}

/**
 * The shell of a page that shows one thing, with the head its page sets in the browser (its PageMeta, built by the
 * same contract functions): the thing's title, description and picture, or "Fusion not found" with `noindex`.
 */
function withSubjectHead(shell: string, meta: TPageMeta, config: TConfig, url: string): string {
  const site = {
    brandName: config.brandName,
    publicUrl: config.publicUrl,
    path: new URL(url, 'http://page.invalid').pathname,
  };
  return withPageHead(shell, pageHeadHtml(pageHead(meta, site)));
}

function isOtherHost(request: FastifyRequest, publicHost: string): boolean {
  return request.host.toLowerCase() !== publicHost;
}

/**
 * Serves the built web app on the API's port: hashed assets cached for a year (and sent precompressed when the
 * browser accepts brotli or gzip), `index.html` with the brand filled in for every address of the web app's route
 * table, and the app's not-found screen with HTTP 404 and `noindex` for any other address. The public pages the
 * build's server entry renders (`/`, a drop, a product, a brand, an NFT, and the not-found screen) come with their
 * HTML and data in it (server-render.ts), with 404 when what they show is that their address names nothing (a drop
 * that does not exist); any other page, or one that cannot be rendered, is the shell the browser renders, with the
 * head of the one thing it shows, and 404 and `noindex` when that thing does not exist (`subjectMetaFor`). A page
 * asked for at another host than PUBLIC_URL's is redirected there. Without a build, the API still runs.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: TConfig,
  /** `<link>` hints for the head of the page at `url` (preloads of its largest picture and data), or nothing. */
  headHintsFor: (url: string, log: FastifyBaseLogger) => Promise<string> = async () => '',
  /** The time pages are rendered at and kept by (tests move it). */
  clock: Clock = systemClock,
  /**
   * What the page at `url`, drawn by the browser, says about the one thing its address names, or that it names
   * nothing (`isNotFound`: a 404); null when it names no one thing (modules/site/page-subjects.ts).
   */
  subjectMetaFor: (url: string, log: FastifyBaseLogger) => Promise<TPageMeta | null> = async () => null,
) {
  const configScript = `window.__APP_CONFIG__ = ${JSON.stringify(webAppConfig(config)).replace(/</g, '\\u003c')};\n`;
  app.get('/app-config.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(configScript),
  );

  const indexPath = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ webDistDir: config.webDistDir }, 'web app is not built; serving the API only');
    return { sendPage: null };
  }
  const indexHtml = fs
    .readFileSync(indexPath, 'utf8')
    .replaceAll('__BRAND_NAME__', escapeHtml(config.brandName))
    .replaceAll('__PUBLIC_URL__', escapeHtml(config.publicUrl));

  // The file server's catch-all route takes every GET no other route took, API addresses included (an id past the
  // router's 100 characters, a path no route has): those are the API's not-found, not a file to look for, which
  // past the file system's 4,096 characters answered 403 FORBIDDEN. A path with a NUL character names no file either
  // (the file server refused it as 403): it goes to the not-found handler, which sends a page's address its page.
  app.addHook('onRoute', (route) => {
    if (route.url !== '/*') return;
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [
      ...hooks,
      (request, reply, done) => {
        if (isApiPath(request.url) || namesNulCharacter(request.url)) return void reply.callNotFound();
        // `//drops` or `/drops//x` (an address joined with one slash too many) names no file: the file server refused
        // it as a bare JSON 403 (session 79's hunt). It goes to the address it meant, on this host.
        const meant = withoutEmptySegments(request.url);
        if (meant !== null) return void reply.redirect(meant, 301);
        done();
      },
    ];
  });
  await app.register(fastifyStatic, {
    root: config.webDistDir,
    index: false,
    wildcard: true,
    allowedPath: (pathName) => pathName !== '/index.html',
    // The build's own folders (.vite's route hints, .ssr's server entry) are not the browser's.
    dotfiles: 'ignore',
    // The build writes `.br` and `.gz` beside each text asset (apps/web/vite.config.ts); a browser that accepts one
    // gets it as it is, with no compression work per request.
    preCompressed: true,
    setHeaders: (response, filePath) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const routeOf = webPageMatcher();
  const codeHintsFor = routeCodeHints(config.webDistDir);
  const renderPage = await loadServerRenderer(app, config, webAppConfig(config), clock);
  const publicHost = new URL(config.publicUrl).host.toLowerCase();
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isOtherHost(request, publicHost)) return reply.redirect(`${config.publicUrl}${request.url}`, 302);
    const route = routeOf(request.url);
    const rendered = renderPage ? await renderPage(request, route) : null;
    // A page asked for at an address that is not its own (a brand under another brand type): its canonical one.
    if (rendered?.redirectTo !== undefined) return reply.redirect(rendered.redirectTo, 301);
    if (rendered) {
      // Its HTML follows the theme and time zone cookies (server-render.ts). A page that shows its address names
      // nothing (a drop that does not exist, the not-found screen) is a 404, so it is not listed as a page.
      return reply
        .code(route === null ? 404 : (rendered.status ?? 200))
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie')
        .send(withRenderedPage(indexHtml, rendered, codeHintsFor(route ?? APP_ROUTE_HINTS, true)));
    }
    // A page whose address names nothing is a 404 with the page's own shell: the browser still draws its not-found.
    const subjectMeta = route === null ? null : await subjectMetaFor(request.url, request.log);
    const isPage = route !== null && subjectMeta?.isNotFound !== true;
    // Named by its own address either way: a not-found one said the home page was its canonical address.
    const namedShell = namingItsPage(indexHtml, config.publicUrl, request.url);
    const shell = subjectMeta ? withSubjectHead(namedShell, subjectMeta, config, request.url) : namedShell;
    // A subject's head says `noindex` itself when it names nothing.
    const notFoundHints = subjectMeta ? '' : NO_INDEX;
    const hints = isPage
      ? `${await headHintsFor(request.url, request.log)}${codeHintsFor(route, false)}`
      : notFoundHints;
    return reply
      .code(isPage ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(hints ? shell.replace('</head>', () => `${hints}\n  </head>`) : shell);
  };
  // The static plugin treats `/` as a directory listing (and refuses it), so the home page gets its own route.
  app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
  return { sendPage };
}

/**
 * `//drops` -> `/drops`, `/drops//x` -> `/drops/x`: the address with each run of slashes made one, or null when it has
 * none. A backslash counts as a slash (browsers read `/\evil.example` as `//evil.example`, another site: the review of
 * session 79), so the address sent is never one a browser would take for another host.
 */
function withoutEmptySegments(url: string): string | null {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!/\/\/|\\/.test(pathPart)) return null;
  return `${pathPart.replace(/[/\\]+/g, '/')}${queryAt === -1 ? '' : url.slice(queryAt)}`;
}

/** `/drops/%00`: a NUL character in the path, which no file's name and no record's id can hold. */
function namesNulCharacter(url: string): boolean {
  return /%00/.test(url.split('?')[0] ?? url);
}
