import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZConsoleTicketGrantEntry, ZPage, type TConsoleTicketGrantEntry, type TPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

type TTicketGrantsParams = { page: number; size: number };

/** `GET /v1/console/ticket-kinds/:id/grants`: the grants made of a kind, newest first, one page per call. */
async function listTicketGrants(
  id: string,
  params: TTicketGrantsParams,
  signal?: AbortSignal,
): Promise<TPage<TConsoleTicketGrantEntry>> {
  const path = `/console/ticket-kinds/${encodeURIComponent(id)}/grants`;
  return ZPage(ZConsoleTicketGrantEntry).parse(await apiRequest('GET', path, { query: params, auth: true, signal }));
}

export function useTicketGrants(id: string, params: TTicketGrantsParams) {
  return useQuery({
    queryKey: [...queryKeys.console.ticketKindGrants(id), params],
    queryFn: ({ signal }) => listTicketGrants(id, params, signal),
    placeholderData: keepPreviousData,
  });
}
