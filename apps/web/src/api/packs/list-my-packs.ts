import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyPacks, TMyPacksQuery } from '@cypher/contract';
import { apiRequest } from '../client.ts';
import { queryKeys } from '../query-keys.ts';

/**
 * `GET /v1/packs`: my packs grouped by rarity, rarest first, the unopened ones last (spec section 9); with
 * `isOpened: false` only the sealed ones (My Collection). Beside the client because the drops page and My Collection
 * both list them.
 */
async function listMyPacks(query: TMyPacksQuery, signal?: AbortSignal): Promise<TMyPacks> {
  return apiRequest<TMyPacks>('GET', '/packs', { auth: true, query, signal });
}

function myPacksQueryOptions(query: TMyPacksQuery) {
  return queryOptions({ queryKey: queryKeys.packs.list(query), queryFn: ({ signal }) => listMyPacks(query, signal) });
}

export function useMyPacks({ isEnabled = true, ...query }: TMyPacksQuery & { isEnabled?: boolean } = {}) {
  return useQuery({ ...myPacksQueryOptions(query), enabled: isEnabled });
}
