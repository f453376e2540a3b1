import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ZConsoleDropListItem,
  ZPage,
  type TConsoleDropListItem,
  type TDropPublicationStatus,
  type TPage,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { PUBLISHING_REFRESH_MS } from './get-console-drop.ts';

export type TConsoleDropsParams = {
  page?: number;
  size?: number;
  status?: TDropPublicationStatus;
  brandId?: string;
  /** Only drops with a gift round (a pack grant picks from these). */
  hasGiftRound?: boolean;
  /** Drops whose name holds this text; '' for all. */
  q?: string;
};

/** While a listed drop is on sale its sold and held counts move: the list reads them again this often. */
const LIVE_LIST_REFRESH_MS = 15_000;

/**
 * `GET /v1/console/drops`: drafts and published drops of the operator's brands, newest first, with their live counts
 * (a brand manager gets only their brands' drops: the API filters).
 */
async function listConsoleDrops(
  params: TConsoleDropsParams,
  signal?: AbortSignal,
): Promise<TPage<TConsoleDropListItem>> {
  const answer = await apiRequest('GET', '/console/drops', { query: params, auth: true, signal });
  return ZPage(ZConsoleDropListItem).parse(answer);
}

function consoleDropsQueryOptions(params: TConsoleDropsParams) {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
  return queryOptions({
    queryKey: queryKeys.console.list('drops', query),
    queryFn: ({ signal }) => listConsoleDrops(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleDrops(params: TConsoleDropsParams, options: { isEnabled?: boolean } = {}) {
  return useQuery({
    ...consoleDropsQueryOptions(params),
    enabled: options.isEnabled ?? true,
    refetchOnWindowFocus: false,
    // A publication's progress moves every few seconds, a live drop's counts less often than that matters here.
    refetchInterval: (query) => {
      const items = query.state.status === 'error' ? [] : (query.state.data?.items ?? []);
      if (items.some((drop) => drop.publicationStatus === 'PUBLISHING')) return PUBLISHING_REFRESH_MS;
      if (items.some((drop) => drop.publicationStatus === 'PUBLISHED' && drop.status === 'AVAILABLE')) {
        return LIVE_LIST_REFRESH_MS;
      }
      return false;
    },
  });
}
