import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../api/client.ts';

const ZTiliaCheckout = z.object({ checkoutUrl: z.string().nullable() });

/**
 * `POST /v1/orders/{id}/tilia`: a Tilia checkout for a pending order (its packs stay held; asked again, the API
 * answers the same checkout). Money-moving, so it carries an `Idempotency-Key` like every payment request.
 */
async function payOrderWithTilia(id: string, idempotencyKey: string): Promise<{ checkoutUrl: string | null }> {
  return ZTiliaCheckout.parse(
    await apiRequest('POST', `/orders/${encodeURIComponent(id)}/tilia`, {
      auth: true,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export function usePayOrderWithTilia() {
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      payOrderWithTilia(id, idempotencyKey),
  });
}
