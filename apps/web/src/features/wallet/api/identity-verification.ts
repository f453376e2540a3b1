import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZIdentityVerification,
  ZMyIdentityVerification,
  type TIdentityVerification,
  type TMyIdentityVerification,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const IDENTITY_POLL_INTERVAL_MS = 3_000;
/** After this long the page stops asking and says the check may take a while. */
export const IDENTITY_POLL_GIVE_UP_MS = 120_000;

/** `GET /v1/identity-verifications/my`: none, pending, verified or failed (with the reason). */
async function getMyIdentityVerification(signal?: AbortSignal): Promise<TMyIdentityVerification> {
  return ZMyIdentityVerification.parse(await apiRequest('GET', '/identity-verifications/my', { auth: true, signal }));
}

const myIdentityVerificationQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.identityVerifications.my(),
    queryFn: ({ signal }) => getMyIdentityVerification(signal),
  });

/** Polls while the provider is still checking the ID, and stops once decided or `startedAt` is two minutes old. */
export function useMyIdentityVerification(startedAt: number) {
  return useQuery({
    ...myIdentityVerificationQueryOptions(),
    refetchInterval: (query) => {
      // A first read that failed is not asked again by itself; a later one keeps the last answer and asks on.
      if (query.state.data?.status !== 'pending') return false;
      return Date.now() - startedAt >= IDENTITY_POLL_GIVE_UP_MS ? false : IDENTITY_POLL_INTERVAL_MS;
    },
  });
}

/** `POST /v1/identity-verifications`: the open attempt (or a new one after a failure), with the provider's page. */
async function startIdentityVerification(): Promise<TIdentityVerification> {
  return ZIdentityVerification.parse(await apiRequest('POST', '/identity-verifications', { auth: true }));
}

export function useStartIdentityVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startIdentityVerification,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.identityVerifications.all });
    },
  });
}
