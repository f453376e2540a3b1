import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTiliaPaymentMethod, type TAddTiliaPaymentMethodRequest, type TTiliaPaymentMethod } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/tilia/payment-methods`. */
async function listTiliaPaymentMethods(signal?: AbortSignal): Promise<TTiliaPaymentMethod[]> {
  return z.array(ZTiliaPaymentMethod).parse(await apiRequest('GET', '/tilia/payment-methods', { auth: true, signal }));
}

export function useTiliaPaymentMethods(isEnabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: queryKeys.tiliaPaymentMethods.lists(),
      queryFn: ({ signal }) => listTiliaPaymentMethods(signal),
    }),
    enabled: isEnabled,
  });
}

/** `POST /v1/tilia/payment-methods`. */
async function addTiliaPaymentMethod(body: TAddTiliaPaymentMethodRequest): Promise<TTiliaPaymentMethod> {
  return ZTiliaPaymentMethod.parse(await apiRequest('POST', '/tilia/payment-methods', { body, auth: true }));
}

export function useAddTiliaPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTiliaPaymentMethod,
    // Read again after a failure too: a lost answer (network, 5xx) may be of a change that went through.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tiliaPaymentMethods.all }),
  });
}

/** `DELETE /v1/tilia/payment-methods/:id`. */
async function deleteTiliaPaymentMethod(id: string): Promise<void> {
  await apiRequest('DELETE', `/tilia/payment-methods/${encodeURIComponent(id)}`, { auth: true });
}

export function useDeleteTiliaPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTiliaPaymentMethod,
    // Read again after a failure too: a lost answer (network, 5xx) may be of a change that went through.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tiliaPaymentMethods.all }),
  });
}
