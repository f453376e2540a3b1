import { useEffect, useRef } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useMyUser } from '../api/my-user.ts';
import { DeletionInProgressScreen } from '../features/users/components/deletion-in-progress-screen.tsx';
import { useCountryRestricted } from '../lib/country-restriction.ts';
import { UnsavedChangesGuard } from '../ui/unsaved-changes-guard.tsx';
import { BareLayout } from './bare-layout.tsx';
import { CountryRestrictedScreen } from './country-restricted-screen.tsx';
import { DefaultLayout } from './default-layout.tsx';
import { PageLoading } from './page-loading.tsx';
import { layoutFor } from './route-handle.ts';
import { RouteProgressBar } from './route-progress-bar.tsx';
import { scrollKeyOf } from './scroll-key.ts';
import { usePageTracking } from './use-page-tracking.ts';
import { useSessionRedirect } from './use-session-redirect.ts';
import { useSignOut } from './use-sign-out.ts';

/**
 * The root route: progress bar, scroll restoration, analytics, the session redirects (account status, signed-in
 * routes), the region and deletion-in-progress screens, and the layout the current route asks for through its `handle.layout`.
 * Every page sits inside the one guard of unsaved changes (the router allows a single blocker): the console's forms and
 * the collector's (profile, payout details) ask through it before a move would drop what was typed.
 */
export function AppShell() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  const { redirectTo, isWaitingForStatus } = useSessionRedirect();
  const isCountryRestricted = useCountryRestricted();
  const { user } = useMyUser();
  const { signOut, isPending: isSigningOut } = useSignOut();
  usePageTracking();

  // After a route change, move focus to the new page so screen readers start there (not on the first load).
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  // Spec section 7: a blocked region sees one page, whatever the route.
  if (isCountryRestricted) return <CountryRestrictedScreen />;

  // Spec section 4: during the seven days of a deletion request, the account sees only the way back (or out).
  if (user?.isDeleteRequestedAccount) {
    return (
      <DeletionInProgressScreen
        email={user.email}
        deletionScheduledAt={user.deletionScheduledAt}
        onSignOut={() => void signOut()}
        isSigningOut={isSigningOut}
      />
    );
  }

  const Layout = layoutFor(matches) === 'bare' ? BareLayout : DefaultLayout;

  return (
    <>
      <RouteProgressBar />
      <ScrollRestoration getKey={scrollKeyOf} />
      <UnsavedChangesGuard>
        <Layout>
          {redirectTo ? (
            // The placeholder stays until the page gone to has loaded its code (on a slow phone, a second or two).
            <>
              <Navigate to={redirectTo} replace />
              <PageLoading />
            </>
          ) : isWaitingForStatus ? (
            <PageLoading />
          ) : (
            <Outlet />
          )}
        </Layout>
      </UnsavedChangesGuard>
    </>
  );
}
