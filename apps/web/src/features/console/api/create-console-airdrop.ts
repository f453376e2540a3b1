import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleAirdrop, type TAirdropRequest, type TConsoleAirdrop } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `POST /v1/console/airdrops` (answered 202): the recipients are written at once and a job delivers the grant to them
 * in batches, each once, with a notification.
 */
async function createConsoleAirdrop(body: TAirdropRequest, idempotencyKey: string): Promise<TConsoleAirdrop> {
  return ZConsoleAirdrop.parse(
    await apiRequest('POST', '/console/airdrops', { body, auth: true, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

/** One airdrop per confirmation: its key goes with every retry of the same one (a timeout, a second click). */
export function useCreateConsoleAirdrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TAirdropRequest; idempotencyKey: string }) =>
      createConsoleAirdrop(body, idempotencyKey),
    onSuccess: (airdrop) => {
      queryClient.setQueryData(queryKeys.console.detail('airdrops', airdrop.id), airdrop);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.list('airdrops'), exact: false }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
        // The pass's or the pool's supply is being given away.
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('passes') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('edition-pools') }),
      ]);
    },
  });
}
