import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZConsoleRaffle, type TConsoleRaffle, type TSetRaffleRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { isApiError } from '../../../api/api-error.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const rafflePath = (dropId: string, round: number) =>
  `/console/drops/${encodeURIComponent(dropId)}/rounds/${round}/raffle`;

/** `GET /v1/console/drops/:dropId/rounds/:round/raffle`: the round's raffle, or null when it is no raffle (404). */
async function getRoundRaffle(dropId: string, round: number, signal?: AbortSignal): Promise<TConsoleRaffle | null> {
  try {
    return ZConsoleRaffle.parse(await apiRequest('GET', rafflePath(dropId, round), { auth: true, signal }));
  } catch (error) {
    if (isApiError(error) && error.code === 'RAFFLE_NOT_FOUND') return null;
    throw error;
  }
}

/**
 * The round's raffle: read only when the console's drop says it has one (`isRaffle`), else null without asking, so a
 * drop's page does not send (and the browser log) a 404 for every round that is no raffle. A raffle made or changed
 * here shows at once from the answer (useRaffleChange), before the drop is read again.
 */
export function useRoundRaffle(dropId: string, round: number, isRaffle: boolean) {
  return useQuery({
    queryKey: queryKeys.console.roundRaffle(dropId, round),
    queryFn: ({ signal }) => getRoundRaffle(dropId, round, signal),
    enabled: isRaffle,
    placeholderData: isRaffle ? undefined : null,
    refetchOnWindowFocus: false,
  });
}

/**
 * `PUT .../raffle` makes the round a raffle or changes it (refused with RAFFLE_REGISTRATION_OPENED once registration
 * has opened), `POST .../raffle/draw` draws it (RAFFLE_NOT_CLOSED before registration closes). Both answer the raffle
 * as it now stands, which shows at once; the audit log and the public drop (the round is now a raffle) are read again.
 */
function useRaffleChange(dropId: string, round: number, send: (body?: TSetRaffleRequest) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body?: TSetRaffleRequest) => ZConsoleRaffle.parse(await send(body)),
    onSuccess: (raffle) => {
      queryClient.setQueryData(queryKeys.console.roundRaffle(dropId, round), raffle);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.drops.all }),
      ]);
    },
    // Registration opened meanwhile: the raffle is read again, and shows read-only.
    onError: (error) =>
      isApiError(error) && error.code === 'RAFFLE_REGISTRATION_OPENED'
        ? queryClient.invalidateQueries({ queryKey: queryKeys.console.roundRaffle(dropId, round) })
        : undefined,
  });
}

export function useSetRoundRaffle(dropId: string, round: number) {
  return useRaffleChange(dropId, round, (body) => apiRequest('PUT', rafflePath(dropId, round), { body, auth: true }));
}

export function useDrawRoundRaffle(dropId: string, round: number) {
  return useRaffleChange(dropId, round, () => apiRequest('POST', `${rafflePath(dropId, round)}/draw`, { auth: true }));
}
