import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPage, ZTicketMovement, type TPage, type TTicketMovement } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const ZTicketHistoryPage = ZPage(ZTicketMovement);
export const TICKET_HISTORY_PAGE_SIZE = 10;

/** `GET /v1/tickets/my/history?page&size`: every ticket I was given or spent, newest first. */
async function listMyTicketHistory(page: number, signal?: AbortSignal): Promise<TPage<TTicketMovement>> {
  return ZTicketHistoryPage.parse(
    await apiRequest('GET', '/tickets/my/history', {
      auth: true,
      signal,
      query: { page, size: TICKET_HISTORY_PAGE_SIZE },
    }),
  );
}

function ticketHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.tickets.history({ page, size: TICKET_HISTORY_PAGE_SIZE }),
    queryFn: ({ signal }) => listMyTicketHistory(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyTicketHistory(page: number) {
  return useQuery(ticketHistoryQueryOptions(page));
}
