import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicUser } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `GET /v1/users/{id}`: a collector's public profile (nickname, photo, background, since when); nothing private. A
 * deleted account, like an unknown id, is 404.
 */
async function getPublicUser(id: string, signal?: AbortSignal): Promise<TPublicUser> {
  return apiRequest<TPublicUser>('GET', `/users/${encodeURIComponent(id)}`, { signal });
}

function publicUserQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.users.detail(id), queryFn: ({ signal }) => getPublicUser(id, signal) });
}

export function usePublicUser(id: string) {
  return useQuery(publicUserQueryOptions(id));
}
