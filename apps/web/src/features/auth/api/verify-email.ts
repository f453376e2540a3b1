import { queryOptions } from '@tanstack/react-query';
import { ZAccountStatus, type TAccountStatus } from '@cypher/contract';
import { z } from 'zod';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** The account whose address the key verified, and where it stands now. */
const ZVerified = z.object({ userId: z.uuid(), status: ZAccountStatus });

/** `PATCH /users/authentications/email-verifications`: spends the key from the mail link. Needs no sign-in. */
async function verifyEmail(key: string): Promise<{ userId: string; status: TAccountStatus }> {
  return ZVerified.parse(await apiRequest('PATCH', '/users/authentications/email-verifications', { body: { key } }));
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
