import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZEditionPool, type TEditionPool, type TEditionPoolRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `POST /v1/console/edition-pools`: sets `size` editions of a published product aside to give; minted at once. */
async function createConsoleEditionPool(body: TEditionPoolRequest): Promise<TEditionPool> {
  return ZEditionPool.parse(await apiRequest('POST', '/console/edition-pools', { body, auth: true }));
}

export function useCreateConsoleEditionPool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConsoleEditionPool,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('edition-pools') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
        // The product's editions were minted: its counts changed.
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('products') }),
      ]),
  });
}
