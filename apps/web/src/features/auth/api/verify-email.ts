import { queryOptions } from '@tanstack/react-query';
import { ZVerifyEmailResponse, type TVerifyEmailResponse } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `PATCH /users/authentications/email-verifications`: spends the key from the mail link. Needs no sign-in. */
async function verifyEmail(key: string): Promise<TVerifyEmailResponse> {
  return ZVerifyEmailResponse.parse(
    await apiRequest('PATCH', '/users/authentications/email-verifications', { body: { key } }),
  );
}

/**
 * A query rather than a mutation on purpose: the key works once, and the page must spend it exactly once even
 * when React StrictMode mounts it twice or the page is revisited. The cache dedupes the in-flight call by key and
 * keeps its answer (success or failure) for as long as the tab lives, so nothing sends the key a second time.
 */
export function verifyEmailQueryOptions(key: string) {
  return queryOptions({
    queryKey: queryKeys.auth.emailVerification(key),
    queryFn: () => verifyEmail(key),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    retryOnMount: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}
