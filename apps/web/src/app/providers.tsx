import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { queryKeys } from '../api/query-keys.ts';
import { setNavigator } from '../lib/navigator.ts';
import { getSession, subscribeSession } from '../lib/session.ts';
import { ToastProvider } from '../ui/toast-provider.tsx';

type AppRouter = ReturnType<typeof createBrowserRouter>;

interface AppProvidersProps {
  router: AppRouter;
  queryClient: QueryClient;
  /** The server renders through its own static router provider (entry-server.tsx); the browser's is the default. */
  children?: ReactNode;
}

/** Everything the pages rely on, outermost first. Tests pass a memory router and a fresh query client. */
export function AppProviders({ router, queryClient, children }: AppProvidersProps) {
  // The refresh queue runs outside React; when a session cannot be refreshed it navigates through this router.
  useEffect(() => {
    setNavigator({
      navigate: (to, options) => void router.navigate(to, options),
      currentPath: () => ({ pathname: router.state.location.pathname, search: router.state.location.search }),
    });
    return () => setNavigator(undefined);
  }, [router]);

  // When a session ends (sign-out, a refused refresh, another tab), its user record leaves the cache with it, so
  // the next person to sign in on this device never sees it.
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSession().isLoggedIn) return;
        // Removed, not reset: a reset would refetch at once for observers that have not re-rendered as logged out.
        // The console's answers (roles, drafts) belong to the operator who signed out, so they go too.
        // So do the person's money, orders, packs and notifications.
        for (const queryKey of [
          queryKeys.users.my(),
          queryKeys.console.all,
          queryKeys.balances.all,
          queryKeys.orders.all,
          queryKeys.packs.all,
          queryKeys.notifications.all,
          queryKeys.passes.my(),
          // My check-ins, streak and redeemed codes.
          queryKeys.attendance.all,
          queryKeys.redeems.all,
        ]) {
          void queryClient.cancelQueries({ queryKey });
          queryClient.removeQueries({ queryKey });
        }
        // A drop carries the signed-in viewer's whitelist state and allowance: read it again as a visitor.
        void queryClient.invalidateQueries({ queryKey: queryKeys.drops.all });
        // So does a pass: it says how many of it the viewer holds.
        void queryClient.invalidateQueries({ queryKey: queryKeys.passes.all });
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children ?? <RouterProvider router={router} />}</ToastProvider>
    </QueryClientProvider>
  );
}
