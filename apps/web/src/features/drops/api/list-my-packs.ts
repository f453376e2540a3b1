import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyPacks } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/packs`: my packs grouped by rarity, rarest first, the unopened ones last (spec section 9). */
async function listMyPacks(signal?: AbortSignal): Promise<TMyPacks> {
  return apiRequest<TMyPacks>('GET', '/packs', { auth: true, signal });
}

function myPacksQueryOptions() {
  return queryOptions({ queryKey: queryKeys.packs.lists(), queryFn: ({ signal }) => listMyPacks(signal) });
}

export function useMyPacks({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...myPacksQueryOptions(), enabled: isEnabled });
}
