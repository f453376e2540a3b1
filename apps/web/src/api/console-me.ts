import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZConsoleMe, type TConsoleMe } from '@cypher/contract';
import { useSession } from '../lib/session.ts';
import { isApiError } from './api-error.ts';
import { apiRequest } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * `GET /v1/console/me`: the operator's roles and brands, or 403 for a collector. Beside the client rather than in
 * the console feature because the shell asks it too (the account menu shows "Console" to operators only).
 */
export async function getConsoleMe(signal?: AbortSignal): Promise<TConsoleMe> {
  return ZConsoleMe.parse(await apiRequest('GET', '/console/me', { auth: true, signal }));
}

export function consoleMeQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.console.me(),
    queryFn: ({ signal }) => getConsoleMe(signal),
    // Roles change rarely and the header and every console page read them; a reload asks afresh. A collector's 403
    // is an answer too: a page that mounts later (the console) shows it rather than asking again.
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });
}

/** Logged out there is nobody to ask about; the query stays idle. */
export function useConsoleMe() {
  const { isLoggedIn } = useSession();
  return useQuery({ ...consoleMeQueryOptions(), enabled: isLoggedIn });
}

/** True once the API has said this person is an operator; a collector's 403 (or no session) reads as false. */
export function useIsOperator(): boolean {
  const { data } = useConsoleMe();
  return data !== undefined;
}

/** The console's "you are not an operator" answer, told apart from a failure worth retrying. */
export function isNotAnOperator(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}
