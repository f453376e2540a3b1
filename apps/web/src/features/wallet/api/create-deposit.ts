import { useMutation } from '@tanstack/react-query';
import { ZCreateDepositResponse, type TCreateDepositRequest, type TCreateDepositResponse } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';

/**
 * `POST /v1/deposits`: records the deposit and opens the provider's hosted checkout. Money-moving, so it carries an
 * `Idempotency-Key`: a retry of the same attempt sends the same key and gets the same deposit back.
 */
async function createDeposit(body: TCreateDepositRequest, idempotencyKey: string): Promise<TCreateDepositResponse> {
  return ZCreateDepositResponse.parse(
    await apiRequest('POST', '/deposits', { body, auth: true, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export function useCreateDeposit() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TCreateDepositRequest; idempotencyKey: string }) =>
      createDeposit(body, idempotencyKey),
  });
}
