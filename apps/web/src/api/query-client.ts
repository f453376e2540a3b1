import { QueryClient } from '@tanstack/react-query';

/**
 * Spec section 7: data fetching does not retry on error and does not refetch on window focus. An action (a purchase,
 * a check-in, a redemption) is sent when asked or fails at once: by default TanStack Query holds one asked for while
 * the browser is offline and sends it on reconnect, so a purchase the person had given up on (its spinner never
 * ending, the dialog closed, another page open) was paid minutes later. Failing, it says the server could not be
 * reached, and the person decides again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
