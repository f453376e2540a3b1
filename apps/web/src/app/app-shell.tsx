import { useEffect, useRef } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { BareLayout } from './bare-layout.tsx';
import { DefaultLayout } from './default-layout.tsx';
import { PageLoading } from './page-loading.tsx';
import { layoutFor } from './route-handle.ts';
import { RouteProgressBar } from './route-progress-bar.tsx';
import { usePageTracking } from './use-page-tracking.ts';
import { useSessionRedirect } from './use-session-redirect.ts';

/**
 * The root route: progress bar, scroll restoration, analytics, the session redirects (account status, signed-in
 * routes), and the layout the current route asks for through its `handle.layout`.
 */
export function AppShell() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  const { redirectTo, isWaitingForStatus } = useSessionRedirect();
  usePageTracking();

  // After a route change, move focus to the new page so screen readers start there (not on the first load).
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  const Layout = layoutFor(matches) === 'bare' ? BareLayout : DefaultLayout;

  return (
    <>
      <RouteProgressBar />
      <ScrollRestoration />
      <Layout>
        {redirectTo ? <Navigate to={redirectTo} replace /> : isWaitingForStatus ? <PageLoading /> : <Outlet />}
      </Layout>
    </>
  );
}
