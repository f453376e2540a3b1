import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFigureBase, ZPage, type TFigureBase, type TFigureBaseListQuery, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const ZFigureBasePage = ZPage(ZFigureBase);

/** `GET /v1/figure-base-collections`: bases of public collections, with how many slots I have filled when signed in. */
async function listFigureBases(
  query: TFigureBaseListQuery,
  isSignedIn: boolean,
  signal?: AbortSignal,
): Promise<TPage<TFigureBase>> {
  return ZFigureBasePage.parse(
    await apiRequest('GET', '/figure-base-collections', { auth: isSignedIn, query, signal }),
  );
}

export function useFigureBases(query: TFigureBaseListQuery, isSignedIn: boolean) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.figureBases.list({ ...query, isSignedIn }),
      queryFn: ({ signal }) => listFigureBases(query, isSignedIn, signal),
    }),
  );
}
