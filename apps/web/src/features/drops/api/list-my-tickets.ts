import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZMyTicket, ZPage, type TMyTicket, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const ZMyTicketsPage = ZPage(ZMyTicket);
/** A person holds a handful of kinds at most: one page holds them all. */
const MY_TICKETS_PAGE_SIZE = 100;

/** `GET /v1/tickets/my`: how many of each kind I hold (0 for kinds I have used up), most held first. */
async function listMyTickets(signal?: AbortSignal): Promise<TPage<TMyTicket>> {
  return ZMyTicketsPage.parse(
    await apiRequest('GET', '/tickets/my', { auth: true, signal, query: { page: 1, size: MY_TICKETS_PAGE_SIZE } }),
  );
}

function myTicketsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.tickets.my({ page: 1, size: MY_TICKETS_PAGE_SIZE }),
    queryFn: ({ signal }) => listMyTickets(signal),
  });
}

/** For a signed-in person only: the page asks visitors to sign in instead of calling this. */
export function useMyTickets() {
  return useQuery(myTicketsQueryOptions());
}
