import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRedemption, type TRedeemRequest, type TRedemption } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `POST /v1/redeems`: redeem a code and receive what it grants. It grants something worth money, so it carries an
 * `Idempotency-Key`: a retry of an attempt whose answer was lost sends the same key and gets the first answer back,
 * never a second use of the code.
 */
async function redeemCode(body: TRedeemRequest, idempotencyKey: string): Promise<TRedemption> {
  return ZRedemption.parse(
    await apiRequest('POST', '/redeems', { body, auth: true, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TRedeemRequest; idempotencyKey: string }) =>
      redeemCode(body, idempotencyKey),
    // What a code gives lands in the balance, the tickets, the passes, the collection or my packs (a pack given, with
    // the drop's count of packs given), a notification tells of it, and my redemptions gain a row. Read again after a
    // failure too: an answer lost on the way back (network, 5xx) may be of a code that was redeemed.
    onSettled: async () => {
      await Promise.all(
        [
          queryKeys.redeems.all,
          queryKeys.balances.all,
          queryKeys.tickets.all,
          queryKeys.passes.all,
          queryKeys.editions.all,
          queryKeys.collections.all,
          queryKeys.packs.all,
          queryKeys.drops.all,
          queryKeys.notifications.all,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
