import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLicense, TPage } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';
import { getCatalog, withoutEmpty } from './catalog-request.ts';

export type TLicenseListParams = { page?: number; size?: number; brandId?: string; q?: string };

/** `GET /v1/licenses`: published licenses, by brand. */
function listLicenses(params: TLicenseListParams, signal?: AbortSignal): Promise<TPage<TLicense>> {
  return getCatalog('/licenses', params, signal);
}

function licensesQueryOptions(params: TLicenseListParams) {
  const query = withoutEmpty(params);
  return queryOptions({
    queryKey: queryKeys.licenses.list(query),
    queryFn: ({ signal }) => listLicenses(query, signal),
  });
}

export function useLicenses(params: TLicenseListParams, options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...licensesQueryOptions(params), enabled: options.isEnabled ?? true });
}
