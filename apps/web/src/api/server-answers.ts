/**
 * The answers a page rendered on the server was made with, as they travel beside its HTML to the browser's hydration
 * (docs/decisions/0038-pages-rendered-on-the-server.md): every successful read and, on a page that shows its address
 * names nothing (a drop that does not exist), the read that said so. That one is an answer, not a failure: the page
 * shows its "not found" on both sides and the server sends it with 404. Other failures are not kept: the page shows
 * that part loading and the browser asks for it itself.
 */
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { TFieldError } from '@cypher/contract';
import { ApiError, namesNothing } from './api-error.ts';

/** A read the page shows as "not found". */
export function isMissingAnswer(query: Query): boolean {
  return query.state.status === 'error' && namesNothing(query.state.error);
}

/**
 * Keeps a "not found" answer where it is. A query in error with no data is asked again when a component mounts
 * (TanStack Query's `retryOnMount`), and until that answer comes it reads as loading: the server's render and the
 * browser's hydration would show the skeleton, not the answer. The server has just asked; the browser asks again when
 * the page is loaded again, or once the answer has left its cache (five minutes after the page is left).
 */
export function keepMissingAnswer(queryClient: QueryClient, queryKey: QueryKey): void {
  queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
}

interface TPlainApiError {
  name: 'ApiError';
  status: number;
  code: string;
  message: string;
  details?: TFieldError[];
}

/** The answers to put beside the HTML; an ApiError as its fields (JSON keeps neither an Error's message nor its class). */
export function dehydrateServerAnswers(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || isMissingAnswer(query),
  });
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!(error instanceof ApiError)) return query;
      const plain: TPlainApiError = {
        name: 'ApiError',
        status: error.status,
        code: error.code,
        message: error.message,
      };
      if (error.details) plain.details = error.details;
      return { ...query, state: { ...query.state, error: plain } };
    }),
  };
}

function isPlainApiError(value: unknown): value is TPlainApiError {
  const error = value as Partial<TPlainApiError> | null;
  return (
    error?.name === 'ApiError' &&
    typeof error.status === 'number' &&
    typeof error.code === 'string' &&
    typeof error.message === 'string'
  );
}

/** The browser's side of dehydrateServerAnswers: the answers in its cache, a "not found" as the ApiError it was. */
export function hydrateServerAnswers(queryClient: QueryClient, state: DehydratedState): void {
  const queries = state.queries.map((query) => {
    const error: unknown = query.state.error;
    if (!isPlainApiError(error)) return query;
    keepMissingAnswer(queryClient, query.queryKey);
    const revived = new ApiError(error.status, error.code, error.message, error.details);
    return { ...query, state: { ...query.state, error: revived } };
  });
  hydrate(queryClient, { ...state, queries });
}
