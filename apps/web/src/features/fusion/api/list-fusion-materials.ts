import { queryOptions, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TFusionMaterial, TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** A slot takes at most ten editions: the first hundred that fit leave plenty to choose from. */
const MATERIALS_PAGE = { page: 1, size: 100 };

/**
 * `GET /v1/fusions/{id}/slots/{slotId}/materials?page&size` (signed in): my editions that fit the slot, the protected
 * ones (on a figure base, locked, on offer) included with the reason, so they can be shown and not chosen.
 */
async function listFusionMaterials(
  fusionId: string,
  slotId: string,
  signal?: AbortSignal,
): Promise<TPage<TFusionMaterial>> {
  return apiRequest<TPage<TFusionMaterial>>(
    'GET',
    `/fusions/${encodeURIComponent(fusionId)}/slots/${encodeURIComponent(slotId)}/materials`,
    { query: MATERIALS_PAGE, auth: true, signal },
  );
}

function fusionMaterialsQueryOptions(fusionId: string, slotId: string) {
  return queryOptions({
    queryKey: queryKeys.fusions.materials(fusionId, slotId),
    queryFn: ({ signal }) => listFusionMaterials(fusionId, slotId, signal),
  });
}

export function useFusionMaterials(fusionId: string, slotId: string) {
  return useQuery(fusionMaterialsQueryOptions(fusionId, slotId));
}

const itemsOf = (results: UseQueryResult<TPage<TFusionMaterial>>[]) => results.map((result) => result.data?.items);

/**
 * Every slot's materials at once, by slot in the order given (undefined while a slot's are not read yet): the same
 * reads, under the same keys, as each slot's own, so asking here sends no more requests.
 */
export function useEverySlotMaterials(fusionId: string, slotIds: readonly string[]) {
  return useQueries({
    queries: slotIds.map((slotId) => fusionMaterialsQueryOptions(fusionId, slotId)),
    // A module-level combine keeps its answer's identity until a slot's read changes (TanStack re-runs it only then).
    combine: itemsOf,
  });
}
