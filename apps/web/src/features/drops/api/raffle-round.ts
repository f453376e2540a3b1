import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TRaffleDraw, TRaffleMine } from '@cypher/contract';
import { isApiError } from '../../../api/api-error.ts';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * A raffle round as the drop page shows it: `GET /v1/raffles/{roundId}` signed in, so the answer carries my entry
 * (`mine`); null when the round is not a raffle (RAFFLE_NOT_FOUND), so the page shows nothing for it.
 */
async function getRaffleRound(roundId: string, signal?: AbortSignal): Promise<TRaffleDraw | null> {
  try {
    return await apiRequest<TRaffleDraw>('GET', `/raffles/${encodeURIComponent(roundId)}`, { auth: true, signal });
  } catch (error) {
    if (isApiError(error) && error.code === 'RAFFLE_NOT_FOUND') return null;
    throw error;
  }
}

/** How often a round whose registration is open (or whose draw is due) is asked again: its count and draw move. */
const RAFFLE_POLL_MS = 30_000;

export function useRaffleRound(roundId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.drops.raffleDraw(roundId ?? ''), 'mine'] as const,
    queryFn: ({ signal }) => getRaffleRound(roundId!, signal),
    enabled: roundId !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.drawnAt === null ? RAFFLE_POLL_MS : false),
  });
}

/**
 * `POST /v1/raffles/{roundId}/entries`: my one entry (a second ask answers the same entry, so no idempotency key is
 * needed); it spends one ticket of the round's kind unless the round is free or I hold its pass.
 */
async function enterRaffle(roundId: string): Promise<TRaffleMine> {
  return apiRequest<TRaffleMine>('POST', `/raffles/${encodeURIComponent(roundId)}/entries`, { auth: true });
}

export function useEnterRaffle(roundId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enterRaffle(roundId),
    // The entry count, my entry and my tickets all moved.
    onSettled: async () => {
      await Promise.all(
        [queryKeys.drops.raffleDraw(roundId), queryKeys.tickets.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
