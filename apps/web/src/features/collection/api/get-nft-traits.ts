import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZNftTrait, type TNftTrait } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/nfts/{id}/traits`: the product's properties, then rarity and serial number. */
async function getNftTraits(id: string, signal?: AbortSignal): Promise<TNftTrait[]> {
  return z.array(ZNftTrait).parse(await apiRequest('GET', `/nfts/${encodeURIComponent(id)}/traits`, { signal }));
}

export function useNftTraits(id: string) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.nfts.traits(id), queryFn: ({ signal }) => getNftTraits(id, signal) }),
  );
}
