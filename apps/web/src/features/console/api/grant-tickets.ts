import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleTicketGrant, type TConsoleTicketGrant, type TGrantTicketsRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { consolePath } from './console-resources.ts';

/**
 * `POST /v1/console/ticket-kinds/:id/grants` with an Idempotency-Key (the API requires one): gives a person tickets.
 * A retry of the same attempt reuses its key, so a grant whose answer was lost is not made twice.
 */
async function grantTickets(
  ticketKindId: string,
  body: TGrantTicketsRequest,
  idempotencyKey: string,
): Promise<TConsoleTicketGrant> {
  const answer = await apiRequest('POST', consolePath('ticket-kinds', ticketKindId, 'grants'), {
    body,
    auth: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return ZConsoleTicketGrant.parse(answer);
}

export function useGrantTickets(ticketKindId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TGrantTicketsRequest; idempotencyKey: string }) =>
      grantTickets(ticketKindId, body, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.console.ticketKindGrants(ticketKindId) }),
        // The operator may be granting to themselves: their own counts are stale too.
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.all }),
      ]),
  });
}
