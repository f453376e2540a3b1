import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConsoleMe } from '@cypher/contract';
import { isApiError } from './api-error.ts';
import { apiRequest } from './client.ts';
import { useMyUser } from './my-user.ts';
import { queryKeys } from './query-keys.ts';

/**
 * `GET /v1/console/me`: the operator's roles and brands, or 403 for a collector. Beside the client rather than in
 * the console feature because the shell asks it too (the account menu shows "Console" to operators only).
 */
async function getConsoleMe(signal?: AbortSignal): Promise<TConsoleMe> {
  return apiRequest<TConsoleMe>('GET', '/console/me', { auth: true, signal });
}

function consoleMeQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.console.me(),
    queryFn: ({ signal }) => getConsoleMe(signal),
    // Roles change rarely and the header and every console page read them; a reload asks afresh. A 403 (a role
    // revoked since the user record was read) is an answer too: a page that mounts later shows it, not asking again.
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

/**
 * Asked of operators only: the user record's `isOperator` says who they are, so a collector's pages do not send a
 * request bound to fail (a 403 the browser logs as an error). Until the record answers, and logged out, it stays
 * idle (pending): read `useMyUser` first to tell "not asked" from "asking".
 */
export function useConsoleMe() {
  const isOperator = useIsOperator();
  return useQuery({ ...consoleMeQueryOptions(), enabled: isOperator });
}

/** True for someone the user record calls an operator; a collector (or no session) reads as false, asking nothing. */
export function useIsOperator(): boolean {
  return useMyUser().user?.isOperator === true;
}

/** The console's "you are not an operator" answer, told apart from a failure worth retrying. */
export function isNotAnOperator(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}
