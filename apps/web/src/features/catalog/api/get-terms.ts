import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTermsDocument, TTermsType } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog } from './catalog-request.ts';

/** `GET /v1/terms/:type`: the newest version in effect of the terms of service, privacy or cookie policy. */
function getTerms(type: TTermsType, signal?: AbortSignal): Promise<TTermsDocument> {
  return getCatalog(`/terms/${type}`, undefined, signal);
}

function termsQueryOptions(type: TTermsType) {
  return queryOptions({
    queryKey: queryKeys.terms.byType(type),
    queryFn: ({ signal }) => getTerms(type, signal),
    staleTime: 30 * 60_000,
  });
}

export function useTerms(type: TTermsType) {
  return useQuery(termsQueryOptions(type));
}
