import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPage, ZTicketKind, type TPage, type TTicketKind } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const ZTicketKindsPage = ZPage(ZTicketKind);
/** Kinds on sale are few: one page holds them all. */
const TICKET_KINDS_PAGE_SIZE = 100;

/** `GET /v1/tickets`: the kinds of tickets on sale now, cheapest first. */
async function listTicketKinds(signal?: AbortSignal): Promise<TPage<TTicketKind>> {
  return ZTicketKindsPage.parse(
    await apiRequest('GET', '/tickets', { signal, query: { page: 1, size: TICKET_KINDS_PAGE_SIZE } }),
  );
}

function ticketKindsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.tickets.list({ page: 1, size: TICKET_KINDS_PAGE_SIZE }),
    queryFn: ({ signal }) => listTicketKinds(signal),
    placeholderData: keepPreviousData,
  });
}

export function useTicketKindsOnSale() {
  return useQuery(ticketKindsQueryOptions());
}
