import { QueryClient } from '@tanstack/react-query';

/** Spec section 7: data fetching does not retry on error and does not refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
