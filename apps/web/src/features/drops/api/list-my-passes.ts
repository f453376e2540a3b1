import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyPasses } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/passes/my`: the passes I hold, each with how many (`held`). Signed in only. */
async function listMyPasses(signal?: AbortSignal): Promise<TMyPasses> {
  return apiRequest<TMyPasses>('GET', '/passes/my', { auth: true, signal });
}

function myPassesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.passes.my(), queryFn: ({ signal }) => listMyPasses(signal) });
}

export function useMyPasses(options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...myPassesQueryOptions(), enabled: options.isEnabled ?? true });
}
