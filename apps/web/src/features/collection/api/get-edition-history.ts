import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZEditionHistoryEntry, type TEditionHistoryEntry } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/editions/{id}/histories`: what happened to the edition, oldest first, starting with its minting. */
async function getEditionHistory(id: string, signal?: AbortSignal): Promise<TEditionHistoryEntry[]> {
  return z
    .array(ZEditionHistoryEntry)
    .parse(await apiRequest('GET', `/editions/${encodeURIComponent(id)}/histories`, { signal }));
}

export function useEditionHistory(id: string) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.editions.history(id), queryFn: ({ signal }) => getEditionHistory(id, signal) }),
  );
}
