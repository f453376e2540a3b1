import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPage, ZPaymentReview, type TPage, type TPaymentReview, type TPaymentReviewState } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

export type TPaymentReviewsParams = { page?: number; size?: number; state?: TPaymentReviewState };

/**
 * `GET /v1/console/payment-reviews` (admins): payments received that no deposit could take, open ones first and
 * newest first (the API's order), or only the open or the resolved ones; one page per call.
 */
async function listPaymentReviews(params: TPaymentReviewsParams, signal?: AbortSignal): Promise<TPage<TPaymentReview>> {
  const answer = await apiRequest('GET', '/console/payment-reviews', { query: params, auth: true, signal });
  return ZPage(ZPaymentReview).parse(answer);
}

function paymentReviewsQueryOptions(params: TPaymentReviewsParams) {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  return queryOptions({
    queryKey: queryKeys.console.list('payment-reviews', query),
    queryFn: ({ signal }) => listPaymentReviews(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentReviews(params: TPaymentReviewsParams) {
  return useQuery(paymentReviewsQueryOptions(params));
}
