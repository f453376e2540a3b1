import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TConfig } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import { isRestrictedCountry } from './country-restriction.ts';
import { readInProcess } from './in-process-read.ts';

/**
 * Pages rendered on the server (docs/decisions/0038-pages-rendered-on-the-server.md). The web build writes its
 * server entry (apps/web/src/entry-server.tsx) here, beside the browser's files; a build without it (an older one, a
 * test's fixture) serves every page as the client-rendered shell, as before.
 */
export const SERVER_ENTRY = '.ssr/entry-server.js';

/** What the entry answers for a page (apps/web/src/entry-server.tsx has the full description). */
export interface TRenderedPage {
  head: string;
  html: string;
  data: string;
  theme: 'dark' | 'light';
  /** The page's canonical address when the one asked for is not it: answered with 301 instead of the page. */
  redirectTo?: string;
  /** 404 when the page shows that its address names nothing (absent from an older build's entry: 200). */
  status?: 200 | 404;
}

interface TRenderConditions {
  theme: 'dark' | 'light';
  timeZone: string | null;
}

interface TPageRenderer {
  pages: readonly string[];
  conditions(cookieHeader: string | undefined): TRenderConditions;
  render(url: string, conditions: TRenderConditions, now: Date): Promise<TRenderedPage>;
}

interface TServerEntry {
  createPageRenderer(options: { config: unknown; fetch: typeof fetch }): TPageRenderer;
}

/** Distinct pages kept at most (address, theme and time zone); past it the oldest go first. */
const MAX_KEPT_PAGES = 1_000;

/**
 * The page's API reads, answered in process through the whole HTTP pipeline (validation, serialisation, and the
 * public answers kept for a second: decision record 18), as a visitor: no Authorization and no cookie ever goes,
 * and nothing but GET. The server's render never makes a signed-in call.
 */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`the server's render only reads; it asked ${method} ${url}`);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      if (name !== 'authorization' && name !== 'cookie') headers[name] = value;
    });
    const answer = await readInProcess(app, url, headers);
    const contentType = answer.headers['content-type'];
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };
}

/**
 * Loads the web build's server entry and answers a function that renders one of its pages for a request, or null
 * when there is no entry. A rendered page is kept and sent again for `publicResponseCacheMs` (the second public
 * reads promise, decision record 18): a rush on a drop's page costs one render a second per instance, and
 * concurrent requests for a page being rendered wait for that render. Its HTML carries the moment it was made,
 * which the browser's hydration uses, so a page a second old is still matched exactly.
 */
export async function loadServerRenderer(
  app: FastifyInstance,
  config: TConfig,
  browserConfig: unknown,
  clock: Clock,
): Promise<((request: FastifyRequest, route: string | null) => Promise<TRenderedPage | null>) | null> {
  const entryFile = path.join(config.webDistDir, SERVER_ENTRY);
  if (!fs.existsSync(entryFile)) {
    app.log.info({ entryFile }, 'the web build has no server entry; every page is rendered in the browser');
    return null;
  }
  const entry = (await import(pathToFileURL(entryFile).href)) as TServerEntry;
  const renderer = entry.createPageRenderer({ config: browserConfig, fetch: inProcessFetch(app) });
  const pages = new Set(renderer.pages);
  const kept = new Map<string, { page: Promise<TRenderedPage | null>; until: number }>();

  const renderFresh = async (request: FastifyRequest, conditions: TRenderConditions): Promise<TRenderedPage | null> => {
    const startedAt = performance.now();
    try {
      const page = await renderer.render(request.url, conditions, clock.now());
      request.log.debug(
        { url: request.url, ms: Math.round(performance.now() - startedAt) },
        'page rendered on the server',
      );
      return page;
    } catch (error) {
      // A page that cannot be rendered here still works: the browser renders it, as it did before.
      request.log.warn(
        { err: error, url: request.url },
        'the page could not be rendered on the server; serving the client-rendered page',
      );
      return null;
    }
  };

  return async (request, route) => {
    // An address outside the route table gets the app's not-found screen (answered 404); a file's address (a script
    // of an older build, a missing upload) is not worth a render, and gets the shell.
    if (route === null ? isFileAddress(request.url) : !pages.has(route)) return null;
    // The restricted-country page is the browser's to show (spec section 7); the server reads nothing for it.
    if (isRestrictedCountry(request, config.countryRestriction)) return null;
    const conditions = renderer.conditions(request.headers.cookie);
    if (config.publicResponseCacheMs <= 0) return renderFresh(request, conditions);
    const key = `${request.url}\n${conditions.theme}\n${conditions.timeZone ?? ''}`;
    const now = clock.now().getTime();
    const found = kept.get(key);
    if (found && found.until > now) return found.page;
    if (found) kept.delete(key);
    if (kept.size >= MAX_KEPT_PAGES) kept.delete(kept.keys().next().value!);
    const entryKept = { page: renderFresh(request, conditions), until: Number.POSITIVE_INFINITY };
    kept.set(key, entryKept);
    // Kept from the moment it is ready (a failure is not kept).
    void entryKept.page.then((page) => {
      if (page) entryKept.until = clock.now().getTime() + config.publicResponseCacheMs;
      else if (kept.get(key) === entryKept) kept.delete(key);
    });
    return entryKept.page;
  };
}

/** `/assets/index-Ab12.js`, `/favicon.ico`: a last segment with an extension. No page of the app has one. */
function isFileAddress(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * index.html with a page's own head between the `page-meta` markers, in place of the site's default title,
 * description, canonical link and social tags (a rendered page's, or the shell's of a page that shows one thing).
 */
export function withPageHead(indexHtml: string, head: string): string {
  const metaStart = indexHtml.indexOf('<!-- page-meta -->');
  const metaEnd = indexHtml.indexOf('<!-- /page-meta -->');
  return metaStart >= 0 && metaEnd > metaStart
    ? `${indexHtml.slice(0, metaStart)}${head}${indexHtml.slice(metaEnd + '<!-- /page-meta -->'.length)}`
    : indexHtml.replace(/<title>[^<]*<\/title>/, () => head);
}

/**
 * index.html with a rendered page in it: the page's head (withPageHead), `hints` before </head>, the markup in #root
 * and its data after it, and the theme on <html>. Its notice that the app needs JavaScript goes: this page reads
 * without it.
 */
export function withRenderedPage(indexHtml: string, page: TRenderedPage, hints: string): string {
  return (
    withPageHead(indexHtml, page.head)
      .replace(/<html([^>]*)>/, (tag, attributes: string) =>
        page.theme === 'light' ? `<html${attributes} data-theme="${escapeAttribute(page.theme)}">` : tag,
      )
      // Replacers, not replacement strings: the page's own text may hold `$&` or `$'`.
      .replace('</head>', () => `${hints}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${page.html}</div><script type="application/json" id="server-page">${page.data}</script>`,
      )
      .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
  );
}
