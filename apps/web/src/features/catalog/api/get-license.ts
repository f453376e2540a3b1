import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLicense } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog } from './catalog-request.ts';

/** `GET /v1/licenses/:id`: a published license with its brand. */
function getLicense(id: string, signal?: AbortSignal): Promise<TLicense> {
  return getCatalog(`/licenses/${encodeURIComponent(id)}`, undefined, signal);
}

function licenseQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.licenses.detail(id), queryFn: ({ signal }) => getLicense(id, signal) });
}

export function useLicense(id: string) {
  return useQuery(licenseQueryOptions(id));
}
