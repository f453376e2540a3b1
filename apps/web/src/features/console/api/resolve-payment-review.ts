import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZPaymentReview, type TPaymentReview } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** The held payment by its provider and the provider's event id, as the API names it. */
export type TPaymentReviewKey = Pick<TPaymentReview, 'provider' | 'eventId'>;

/**
 * `POST /v1/console/payment-reviews/{provider}/{eventId}/resolve` (admins): records what was done about the payment,
 * in the operator's words. Nothing is refunded here: the refund is made in the provider's dashboard.
 */
async function resolvePaymentReview({ provider, eventId }: TPaymentReviewKey, note: string): Promise<TPaymentReview> {
  const answer = await apiRequest(
    'POST',
    `/console/payment-reviews/${encodeURIComponent(provider)}/${encodeURIComponent(eventId)}/resolve`,
    { auth: true, body: { note } },
  );
  return ZPaymentReview.parse(answer);
}

export function useResolvePaymentReview(key: TPaymentReviewKey) {
  const queryClient = useQueryClient();
  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('payment-reviews') }),
      queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
    ]);
  return useMutation({
    mutationFn: (note: string) => resolvePaymentReview(key, note),
    onSuccess: invalidate,
    // Someone else may have resolved it first (409): what is on screen is stale either way.
    onError: invalidate,
  });
}
