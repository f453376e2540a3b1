import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyUser } from '@cypher/contract';
import { sessionGeneration, setUserInfo, useSession } from '../lib/session.ts';
import { apiRequest } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * `GET /v1/users/my`: the signed-in user's own record. It lives beside the client rather than in a feature
 * because the shell (status redirects, account menu) and several features read it.
 */
export async function getMyUser(signal?: AbortSignal): Promise<TMyUser> {
  const askedIn = sessionGeneration();
  const user = await apiRequest<TMyUser>('GET', '/users/my', { auth: true, signal });
  // Spec section 3: the user record is kept in storage with the tokens, and cleared with them. An answer that
  // arrives after a sign-out (or someone else's sign-in) must not bring the record back.
  if (sessionGeneration() === askedIn) setUserInfo(user);
  return user;
}

function myUserQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.users.my(),
    queryFn: ({ signal }) => getMyUser(signal),
    // Read by the shell, the header and pages at once; each mounting must not ask again. What changes the user
    // invalidates this key, and a reload asks afresh.
    staleTime: 5 * 60_000,
    // A failed read is not asked again because another reader mounts: the shell shows its placeholder while the user
    // is pending and the page under it reads the user too, so each mount asked again, which made the read pending
    // again and took the page away: a loop of requests (130 in a second and a half, in a test) whenever the API
    // failed it. The pages' Try again (refetch) and whatever invalidates the user still ask.
    retryOnMount: false,
  });
}

export interface MyUserState {
  /** Undefined while logged out or until the first answer. */
  user: TMyUser | undefined;
  /** Logged in and waiting for the first answer. */
  isLoading: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/** Spec section 6: the my-user request is made only when logged in. Logged out, there is no user, cached or not. */
export function useMyUser(): MyUserState {
  const { isLoggedIn } = useSession();
  const query = useQuery({ ...myUserQueryOptions(), enabled: isLoggedIn });
  return {
    user: isLoggedIn ? query.data : undefined,
    isLoading: isLoggedIn && query.isPending,
    error: isLoggedIn ? query.error : null,
    refetch: query.refetch,
  };
}
