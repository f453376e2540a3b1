import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPage, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { consolePath, consoleResources, type TConsoleListItem, type TConsoleResource } from './console-resources.ts';

export type TConsoleListParams = {
  page?: number;
  size?: number;
  status?: 'DRAFT' | 'PUBLISHED';
  q?: string;
  brandId?: string;
  licenseId?: string;
  collectionId?: string;
  sort?: string;
  /** Ticket kinds: the marketplace's own too, for a brand manager (a raffle may ask for them). */
  withMarketplace?: boolean;
  /** Products: these only, by id, comma-separated (the ones a form names, whichever page they are on). */
  ids?: string;
};

function withoutEmpty(params: TConsoleListParams): TConsoleListParams {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
}

/**
 * `GET /v1/console/{resource}`: entries the operator may manage, drafts included (a brand manager gets only their
 * brands' entries: the API filters).
 */
async function listConsoleEntries<R extends TConsoleResource>(
  resource: R,
  params: TConsoleListParams,
  signal?: AbortSignal,
): Promise<TPage<TConsoleListItem<R>>> {
  const answer = await apiRequest('GET', consolePath(resource), { query: params, auth: true, signal });
  return ZPage(consoleResources[resource].listItem).parse(answer) as TPage<TConsoleListItem<R>>;
}

function consoleEntriesQueryOptions<R extends TConsoleResource>(resource: R, params: TConsoleListParams) {
  const query = withoutEmpty(params);
  return queryOptions({
    queryKey: queryKeys.console.list(resource, query),
    queryFn: ({ signal }) => listConsoleEntries(resource, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleEntries<R extends TConsoleResource>(
  resource: R,
  params: TConsoleListParams,
  options: { isEnabled?: boolean } = {},
) {
  return useQuery({ ...consoleEntriesQueryOptions(resource, params), enabled: options.isEnabled ?? true });
}
