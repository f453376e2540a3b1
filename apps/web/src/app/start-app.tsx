import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { installFieldMessages } from '@cypher/contract';
import { startTransition, StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { createQueryClient } from '../api/query-client.ts';
import { hydrateServerAnswers } from '../api/server-answers.ts';
import { SERVER_PAGE_ELEMENT_ID, TIME_ZONE_COOKIE, type TServerPage, type TServerRender } from '../lib/server-page.ts';
import { ServerRenderContext } from '../lib/server-render.ts';
import { getSession } from '../lib/session.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter, routes } from './router.tsx';

/**
 * The answers a page was rendered with are a visitor's, a moment old: for a visitor they are not asked again for this
 * long after the page loaded (a rush on a drop page would otherwise cost every answer twice). The drop page's live
 * counts and its own refresh keep moving meanwhile. A signed-in person gets their own answers at once.
 */
const SERVER_ANSWERS_FRESH_MS = 30_000;

// Every form's field messages in words, where a schema names none (contract field-messages.ts).
installFieldMessages();

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

/**
 * While React hydrates, the page is rendered with what the server rendered it with; right after, that is cleared as a
 * transition, so the components that read it (clocks, dates, the theme) move to the browser's own values in small
 * slices of work rather than in one long task.
 */
function ServerConditions({
  conditions,
  onHydrated,
  children,
}: {
  conditions: TServerRender;
  onHydrated?: () => void;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState<TServerRender | null>(conditions);
  useEffect(() => {
    onHydrated?.();
    startTransition(() => setCurrent(null));
  }, [onHydrated]);
  return <ServerRenderContext value={current}>{children}</ServerRenderContext>;
}

function keepServerAnswers(queryClient: QueryClient, queries: DehydratedState): void {
  hydrateServerAnswers(queryClient, queries);
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
  options: Pick<RootOptions, 'onUncaughtError' | 'onRecoverableError'> & { onHydrated?: () => void } = {},
): Promise<Root> {
  rememberTimeZone();
  const queryClient = createQueryClient();
  const serverPage = readServerPage();
  if (!serverPage) {
    const { onUncaughtError, onRecoverableError } = options;
    const root = createRoot(container, { onUncaughtError, onRecoverableError });
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
  const { onHydrated, ...rootOptions } = options;
  const app = (
    <StrictMode>
      <ServerConditions conditions={{ now, timeZone, theme }} onHydrated={onHydrated}>
        <AppProviders router={createAppRouter()} queryClient={queryClient} />
      </ServerConditions>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding a phone's main thread
  // for the whole page in one task; the page is already on screen meanwhile.
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app, rootOptions);
  });
  return root!;
}
