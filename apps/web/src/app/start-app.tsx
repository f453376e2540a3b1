import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { createQueryClient } from '../api/query-client.ts';
import {
  SERVER_PAGE_ELEMENT_ID,
  ServerRenderContext,
  TIME_ZONE_COOKIE,
  type TServerPage,
} from '../lib/server-render.ts';
import { getSession } from '../lib/session.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter, routes } from './router.tsx';

/**
 * The answers a page was rendered with are a visitor's, a moment old: for a visitor they are not asked again for this
 * long after the page loaded (a rush on a drop page would otherwise cost every answer twice). The drop page's live
 * counts and its own refresh keep moving meanwhile. A signed-in person gets their own answers at once.
 */
const SERVER_ANSWERS_FRESH_MS = 30_000;

function readServerPage(): TServerPage | null {
  const data = document.getElementById(SERVER_PAGE_ELEMENT_ID)?.textContent;
  if (!data) return null;
  try {
    return JSON.parse(data) as TServerPage;
  } catch {
    return null;
  }
}

function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The router loads a page's code the first time its route is visited; hydration must render the page the server
 * rendered, not a loading state, so the code of the routes this address matches is loaded first (the HTML already
 * asked for it with modulepreload hints).
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

function keepServerAnswers(queryClient: QueryClient, queries: DehydratedState): void {
  hydrate(queryClient, queries);
  if (getSession().isLoggedIn) return;
  const fromServer = new Set(queries.queries.map((query) => query.queryHash));
  const freshUntil = Date.now() + SERVER_ANSWERS_FRESH_MS;
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      // Compared with the answer's own time (the server's clock): fresh until freshUntil by this browser's clock.
      staleTime: (query) => (fromServer.has(query.queryHash) ? Math.max(0, freshUntil - query.state.dataUpdatedAt) : 0),
    },
  });
}

/**
 * Starts the web app in `container`: hydrates the HTML the server rendered for this address when there is some
 * (the five public pages of docs/decisions/0038-pages-rendered-on-the-server.md), renders it in the browser otherwise.
 */
export async function startApp(
  container: HTMLElement,
  options: Pick<RootOptions, 'onUncaughtError' | 'onRecoverableError'> = {},
): Promise<Root> {
  rememberTimeZone();
  const queryClient = createQueryClient();
  const serverPage = readServerPage();
  if (!serverPage) {
    const root = createRoot(container, options);
    root.render(
      <StrictMode>
        <AppProviders router={createAppRouter()} queryClient={queryClient} />
      </StrictMode>,
    );
    return root;
  }
  keepServerAnswers(queryClient, serverPage.queries);
  await loadMatchedRoutes();
  const { now, timeZone, theme } = serverPage;
  return hydrateRoot(
    container,
    <StrictMode>
      <ServerRenderContext value={{ now, timeZone, theme }}>
        <AppProviders router={createAppRouter()} queryClient={queryClient} />
      </ServerRenderContext>
    </StrictMode>,
    options,
  );
}
