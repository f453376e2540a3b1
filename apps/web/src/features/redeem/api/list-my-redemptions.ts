import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPage, ZRedemption, type TPage, type TRedemption } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const ZRedemptionPage = ZPage(ZRedemption);
export const REDEMPTIONS_PAGE_SIZE = 10;

/** `GET /v1/redeems?page&size`: the codes I redeemed, newest first, each with what it gave. */
async function listMyRedemptions(page: number, signal?: AbortSignal): Promise<TPage<TRedemption>> {
  return ZRedemptionPage.parse(
    await apiRequest('GET', '/redeems', { auth: true, signal, query: { page, size: REDEMPTIONS_PAGE_SIZE } }),
  );
}

function myRedemptionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.redeems.list({ page, size: REDEMPTIONS_PAGE_SIZE }),
    queryFn: ({ signal }) => listMyRedemptions(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyRedemptions(page: number) {
  return useQuery(myRedemptionsQueryOptions(page));
}
