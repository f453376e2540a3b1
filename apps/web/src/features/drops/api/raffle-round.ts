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

/** How often a round whose registration is open (or whose draw is due) is asked again: its count and draws move. */
const RAFFLE_POLL_MS = 30_000;

/**
 * Whether the round's raffle will have a second draw: the places not bought in the winners' purchase window go to it,
 * and its winners buy from the window's end until the round's. A window that lasts the round leaves it no time, and
 * the API then records a second draw of no places at the round's end. `roundEndsAt` null: not known, so there may be.
 */
export function hasSecondDrawToCome(raffle: TRaffleDraw, roundEndsAt: string | null): boolean {
  if (raffle.secondDraw !== null) return false;
  if (!raffle.rules || roundEndsAt === null) return true;
  return Date.parse(raffle.rules.purchaseWindowEndsAt) < Date.parse(roundEndsAt);
}

/**
 * When to ask for the round's raffle again, if at all: every 30 s until the first draw (the entry count moves, and the
 * draw is due). After it, the record carries every entry's handle and the round is selling, so only a signed-in
 * entrant the first draw left on the waiting list asks again, for the second draw: from the first winners' window's
 * end, when it is held, not all through the window (a review of session 53 found every viewer of the drop page asking
 * every 30 s through the sale).
 */
function raffleRefetchDelay(raffle: TRaffleDraw, roundEndsAt: string | null, now: number): number | false {
  if (raffle.drawnAt === null) return RAFFLE_POLL_MS;
  const isWaiting = raffle.mine != null && raffle.mine.wonIn === null;
  if (!isWaiting || !hasSecondDrawToCome(raffle, roundEndsAt)) return false;
  const windowEndsAt = raffle.rules ? Date.parse(raffle.rules.purchaseWindowEndsAt) : now;
  return Math.max(RAFFLE_POLL_MS, windowEndsAt - now + 2_000);
}

/** The round's raffle, asked again as raffleRefetchDelay says. */
export function useRaffleRound(roundId: string | null, roundEndsAt: string | null) {
  return useQuery({
    queryKey: [...queryKeys.drops.raffleDraw(roundId ?? ''), 'mine'] as const,
    queryFn: ({ signal }) => getRaffleRound(roundId!, signal),
    enabled: roundId !== null,
    refetchInterval: (query) => {
      const raffle = query.state.data;
      return raffle ? raffleRefetchDelay(raffle, roundEndsAt, Date.now()) : false;
    },
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
