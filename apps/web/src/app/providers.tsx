import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { forgetTheSignedOutPerson } from '../api/forget-signed-out-person.ts';
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
      currentPath: () => {
        const { pathname, search, hash } = router.state.location;
        return { pathname, search, hash };
      },
    });
    return () => setNavigator(undefined);
  }, [router]);

  // When a session ends (sign-out, a refused refresh, another tab), everything read as that person leaves the cache
  // with them, so the next person to sign in on this device never sees it, even for a moment.
  useEffect(
    () =>
      subscribeSession(() => {
        if (getSession().isLoggedIn) return;
        forgetTheSignedOutPerson(queryClient);
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children ?? <RouterProvider router={router} />}</ToastProvider>
    </QueryClientProvider>
  );
}
