import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZOperatorGrant, ZPage, type TOperatorGrant, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/console/operators` (admins): who holds which role, for which brand. */
async function listOperatorGrants(page: number, signal?: AbortSignal): Promise<TPage<TOperatorGrant>> {
  const answer = await apiRequest('GET', '/console/operators', { query: { page, size: 50 }, auth: true, signal });
  return ZPage(ZOperatorGrant).parse(answer);
}

function operatorGrantsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.console.list('operators', { page }),
    queryFn: ({ signal }) => listOperatorGrants(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOperatorGrants(page: number) {
  return useQuery(operatorGrantsQueryOptions(page));
}
