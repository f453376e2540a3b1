import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRaffleDraw } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `GET /v1/raffles/{roundId}` (public): a raffle round's draw record. The commitment from the moment registration
 * opens; the seed, the entries and the winners once the round is drawn (decision record 0026).
 */
async function getRaffleDraw(roundId: string, signal?: AbortSignal): Promise<TRaffleDraw> {
  return apiRequest<TRaffleDraw>('GET', `/raffles/${encodeURIComponent(roundId)}`, { signal });
}

function raffleDrawQueryOptions(roundId: string) {
  return queryOptions({
    queryKey: queryKeys.drops.raffleDraw(roundId),
    queryFn: ({ signal }) => getRaffleDraw(roundId, signal),
  });
}

/**
 * How often an undrawn round is asked again once registration has opened: the entry count moves while it is open,
 * and the draw is published shortly after it closes.
 */
const UNDRAWN_POLL_MS = 30_000;

function isUndrawnAndOpened(draw: TRaffleDraw | undefined): boolean {
  return draw !== undefined && draw.drawnAt === null && Date.now() >= Date.parse(draw.registrationOpensAt);
}

export function useRaffleDraw(roundId: string) {
  return useQuery({
    ...raffleDrawQueryOptions(roundId),
    refetchInterval: (query) => (isUndrawnAndOpened(query.state.data) ? UNDRAWN_POLL_MS : false),
  });
}
