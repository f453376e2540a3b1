/**
 * The server's render of the public pages (docs/decisions/0038-pages-rendered-on-the-server.md). Vite builds this
 * file into dist/.ssr/entry-server.js (package.json's build); the API loads it at start (apps/api/src/http/
 * server-render.ts) and asks it for the HTML of `/`, a drop, a product, a brand, an NFT and of any address outside the
 * route table (the not-found screen). The page is rendered by
 * the same components the browser runs, signed out, with the same fetchers answered by the API in process: rendered,
 * the queries it asked for are fetched, and it is rendered again until it asks for nothing new. Its answers go into
 * the HTML beside it, so the browser's hydration finds the same data and renders the same markup.
 */
import { Writable } from 'node:stream';
import { skipToken, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server.node';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { pageHead, pageHeadHtml, type TPageMeta, type TWebRoutePath } from '@cypher/contract';
import { setApiTransport } from './api/client.ts';
import { createQueryClient } from './api/query-client.ts';
import { dehydrateServerAnswers, isMissingAnswer, keepMissingAnswer } from './api/server-answers.ts';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { THEME_COOKIE } from './app/theme.ts';
import { appConfig, readAppConfig } from './config.ts';
import { TIME_ZONE_COOKIE, type TServerPage, type TServerRender } from './lib/server-page.ts';
import { ServerRenderContext } from './lib/server-render.ts';
import { CanonicalRedirectCollector } from './ui/canonical-redirect.tsx';
import { PageMetaCollector } from './ui/page-meta.tsx';

/** The pages rendered on the server: the public pages people share and search engines list. */
const serverRenderedPages = [
  '/',
  '/drops/:id',
  '/products/:id',
  '/brands/:id',
  '/brands/:type/:id',
  '/nfts/:id',
  // The same NFT page reached from a product's pages (spec section 2): shared, it previews as /nfts/:id does, and
  // names that address as its canonical one.
  '/products/nfts/:id',
] as const satisfies readonly TWebRoutePath[];

/** A page that still asks for new data after this many renders is not rendered on the server (its HTML is the shell). */
const MAX_RENDERS = 5;
/** A render that has not finished by then is abandoned; the page is served as the client-rendered shell. */
const RENDER_TIMEOUT_MS = 5_000;

/** What the render of a page depends on besides its address and the data: what the browser told in cookies. */
export type TRenderConditions = Pick<TServerRender, 'theme' | 'timeZone'>;

export interface TRenderedPage {
  /** The page's title, description, canonical link and social tags, for <head>. */
  head: string;
  /** The markup inside `#root`. */
  html: string;
  /** The JSON of TServerPage, safe inside a `<script type="application/json">`. */
  data: string;
  theme: TServerRender['theme'];
  /** Set when the address asked for is not the page's canonical one: the API answers 301 to it, with no page. */
  redirectTo?: string;
  /** 404 when the page shows that its address names nothing (the not-found screen, a drop that does not exist). */
  status: 200 | 404;
}

export interface TPageRenderer {
  pages: readonly TWebRoutePath[];
  /** The theme and time zone a request's cookies ask for (the API keeps rendered pages per address and these). */
  conditions(cookieHeader: string | undefined): TRenderConditions;
  render(url: string, conditions: TRenderConditions, now: Date): Promise<TRenderedPage>;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function knownTimeZone(zone: string | undefined): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/**
 * React's streaming renderer for Node, read to the end once everything is ready (what a crawler needs, and a page
 * whose data was fetched before the render has nothing left to stream). Any error fails the whole render.
 */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const timer = setTimeout(
      () => stream.abort(new Error(`the render took over ${RENDER_TIMEOUT_MS} ms`)),
      RENDER_TIMEOUT_MS,
    );
    sink.on('finish', () => {
      clearTimeout(timer);
      if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      // An error inside a Suspense boundary would be rendered again in the browser: not a page worth sending.
      onError: (error) => {
        failure ??= error;
      },
    });
  });
}

/** A query a component asked for that is enabled for a visitor and has no answer yet. */
function isToFetch(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const options = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  const enabled = typeof options.enabled === 'function' ? options.enabled(query) : (options.enabled ?? true);
  return enabled && query.options.queryFn !== undefined && query.options.queryFn !== skipToken;
}

/**
 * Fetches what the last render asked for. A query that fails is dropped and not asked again: the next render shows
 * it loading, as the browser will before it asks itself (an error shown here would not match the browser's render).
 * An answer that the address names nothing is kept, and travels with a page that shows it as its "not found"
 * (api/server-answers.ts), which the API sends with 404.
 */
async function fetchAskedFor(queryClient: QueryClient, attempted: Set<string>): Promise<boolean> {
  const asked = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => !attempted.has(query.queryHash) && isToFetch(query));
  if (asked.length === 0) return false;
  for (const query of asked) attempted.add(query.queryHash);
  await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
  for (const query of asked) if (isMissingAnswer(query)) keepMissingAnswer(queryClient, query.queryKey);
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' && !isMissingAnswer(query) });
  return true;
}

/**
 * Called once by the API: the browser's configuration (what /app-config.js gives it, so the server renders the same
 * brand and addresses) and a fetch answered by the API in process, without a session.
 */
export function createPageRenderer(options: { config: unknown; fetch: typeof fetch }): TPageRenderer {
  Object.assign(appConfig, readAppConfig(options.config));
  setApiTransport(options.fetch);
  const handler = createStaticHandler(routes);

  return {
    pages: serverRenderedPages,
    conditions: (cookieHeader) => ({
      theme: cookieValue(cookieHeader, THEME_COOKIE) === 'light' ? 'light' : 'dark',
      timeZone: knownTimeZone(cookieValue(cookieHeader, TIME_ZONE_COOKIE)),
    }),
    async render(url, conditions, now) {
      const address = new URL(url, appConfig.publicUrl || 'http://localhost');
      const context = await handler.query(new Request(address));
      if (context instanceof Response) throw new Error(`the router answered ${context.status} for ${url}`);
      if (context.errors) throw new Error(`the router could not match ${url}`);
      const router = createStaticRouter(handler.dataRoutes, context);
      const queryClient = createQueryClient();
      const rendering: TServerRender = { ...conditions, now: now.getTime() };
      let meta: TPageMeta = {};
      let redirectTo: string | undefined;
      const page = () => (
        <StrictMode>
          <ServerRenderContext value={rendering}>
            <PageMetaCollector value={(pageMeta) => (meta = pageMeta)}>
              <CanonicalRedirectCollector value={(to) => (redirectTo = to)}>
                <AppProviders router={router} queryClient={queryClient}>
                  <StaticRouterProvider router={router} context={context} hydrate={false} />
                </AppProviders>
              </CanonicalRedirectCollector>
            </PageMetaCollector>
          </ServerRenderContext>
        </StrictMode>
      );

      const attempted = new Set<string>();
      let html = '';
      const renderOnce = async () => {
        meta = {};
        redirectTo = undefined;
        html = await renderToHtml(page());
      };
      for (let renders = 1; ; renders += 1) {
        await renderOnce();
        if (!(await fetchAskedFor(queryClient, attempted))) break;
        if (renders === MAX_RENDERS) throw new Error(`${url} still asked for data after ${MAX_RENDERS} renders`);
      }
      // A page that is there keeps its other parts' "not found" answers out of its HTML, as any failed read: those
      // parts show loading and the browser asks for them itself.
      if (!meta.isNotFound && queryClient.getQueryCache().getAll().some(isMissingAnswer)) {
        queryClient.removeQueries({ predicate: isMissingAnswer });
        await renderOnce();
      }

      if (redirectTo !== undefined) {
        queryClient.clear();
        return { head: '', html: '', data: '', theme: conditions.theme, redirectTo, status: 200 };
      }
      const serverPage: TServerPage = { ...rendering, queries: dehydrateServerAnswers(queryClient) };
      queryClient.clear();
      const head = pageHead(meta, {
        brandName: appConfig.brandName,
        publicUrl: appConfig.publicUrl,
        path: address.pathname,
      });
      // What React puts ahead of the markup when it renders less than a whole document (the preload of an image marked
      // fetchPriority="high", the page's largest paint) belongs in <head>; hydration does not look for it in #root.
      const preamble = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';
      return {
        head: `${pageHeadHtml(head)}${preamble}`,
        html: html.slice(preamble.length),
        data: JSON.stringify(serverPage).replace(/</g, '\\u003c'),
        theme: conditions.theme,
        status: meta.isNotFound ? 404 : 200,
      };
    },
  };
}
