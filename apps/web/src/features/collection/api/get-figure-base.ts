import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFigureBaseDetail, type TFigureBaseDetail } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `GET /v1/figure-base-collections/{id}`: a base with its slots; signed in, also what stands in each and my editions
 * that fit. The session is sent when there is one (the same address answers visitors).
 */
async function getFigureBase(id: string, isSignedIn: boolean, signal?: AbortSignal): Promise<TFigureBaseDetail> {
  return ZFigureBaseDetail.parse(
    await apiRequest('GET', `/figure-base-collections/${encodeURIComponent(id)}`, { auth: isSignedIn, signal }),
  );
}

export function useFigureBase(id: string, isSignedIn: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.figureBases.detail(id), { isSignedIn }],
      queryFn: ({ signal }) => getFigureBase(id, isSignedIn, signal),
    }),
  );
}
