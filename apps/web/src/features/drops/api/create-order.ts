import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreatedOrder, TCreateOrderRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `POST /v2/orders`: buys packs of the drop's current round, a pass, or tickets. Money-moving, so it carries an `Idempotency-Key`: a
 * retry of the same attempt sends the same key and gets the same order back, never a second one. A balance payment
 * answers SUCCESSFUL at once; card and Tilia answer PENDING with the provider's checkout.
 */
async function createOrder(body: TCreateOrderRequest, idempotencyKey: string): Promise<TCreatedOrder> {
  return apiRequest<TCreatedOrder>('POST', '/v2/orders', {
    body,
    auth: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TCreateOrderRequest; idempotencyKey: string }) =>
      createOrder(body, idempotencyKey),
    // Whatever the answer, the drop's counts and the buyer's allowance, balance, orders and packs may have moved.
    onSettled: async (_data, _error, { body }) => {
      await Promise.all(
        [
          'dropId' in body
            ? queryKeys.drops.detail(body.dropId)
            : 'passId' in body
              ? queryKeys.passes.all
              : queryKeys.tickets.all,
          queryKeys.drops.lists(),
          queryKeys.balances.all,
          queryKeys.orders.all,
          queryKeys.packs.all,
          queryKeys.notifications.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
