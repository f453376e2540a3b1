import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZConsoleAirdropRecipient,
  ZPage,
  type TAirdropRecipientStatus,
  type TConsoleAirdropRecipient,
  type TPage,
} from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { AIRDROP_REFRESH_MS } from './get-console-airdrop.ts';

type TAirdropRecipientsParams = { page: number; size: number; status?: TAirdropRecipientStatus };

/** `GET /v1/console/airdrops/:id/recipients`: who it reaches and where each stands, one page per call. */
async function listAirdropRecipients(
  id: string,
  params: TAirdropRecipientsParams,
  signal?: AbortSignal,
): Promise<TPage<TConsoleAirdropRecipient>> {
  const path = `/console/airdrops/${encodeURIComponent(id)}/recipients`;
  return ZPage(ZConsoleAirdropRecipient).parse(await apiRequest('GET', path, { query: params, auth: true, signal }));
}

/** Read again with the airdrop while it is being delivered, so each person's state moves as the figures do. */
export function useAirdropRecipients(id: string, params: TAirdropRecipientsParams, isDelivering: boolean) {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
  return useQuery({
    queryKey: queryKeys.console.airdropRecipients(id, query),
    queryFn: ({ signal }) => listAirdropRecipients(id, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: isDelivering ? AIRDROP_REFRESH_MS : false,
  });
}
