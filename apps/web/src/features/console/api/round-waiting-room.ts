import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZConsoleWaitingRoom, type TConsoleWaitingRoom, type TWaitingRoomSettings } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { isApiError } from '../../../api/api-error.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const waitingRoomPath = (dropId: string, round: number) =>
  `/console/drops/${encodeURIComponent(dropId)}/rounds/${round}/waiting-room`;

/** `GET /v1/console/drops/:dropId/rounds/:round/waiting-room`: the round's room, or null when it has none (404). */
async function getRoundWaitingRoom(
  dropId: string,
  round: number,
  signal?: AbortSignal,
): Promise<TConsoleWaitingRoom | null> {
  try {
    return ZConsoleWaitingRoom.parse(await apiRequest('GET', waitingRoomPath(dropId, round), { auth: true, signal }));
  } catch (error) {
    if (isApiError(error) && error.code === 'WAITING_ROOM_NOT_FOUND') return null;
    throw error;
  }
}

/** The round's room: read only when the console's drop says it has one, else null without asking (as for raffles). */
export function useRoundWaitingRoom(dropId: string, round: number, hasWaitingRoom: boolean) {
  return useQuery({
    queryKey: queryKeys.console.roundWaitingRoom(dropId, round),
    queryFn: ({ signal }) => getRoundWaitingRoom(dropId, round, signal),
    enabled: hasWaitingRoom,
    placeholderData: hasWaitingRoom ? undefined : null,
    refetchOnWindowFocus: false,
  });
}

/**
 * `PUT` sets the room (created or replaced), `DELETE` removes it; both are refused with WAITING_ROOM_LOCKED once people
 * may join. What the API answers (the room, or none) shows at once; the audit log and the public drop are read again.
 */
function useWaitingRoomChange<TInput>(
  dropId: string,
  round: number,
  send: (input: TInput) => Promise<TConsoleWaitingRoom | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (room) => {
      queryClient.setQueryData(queryKeys.console.roundWaitingRoom(dropId, round), room);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.console.resource('audit-log') }),
        queryClient.invalidateQueries({ queryKey: queryKeys.drops.all }),
      ]);
    },
  });
}

export function useSetRoundWaitingRoom(dropId: string, round: number) {
  return useWaitingRoomChange(dropId, round, async (body: TWaitingRoomSettings) =>
    ZConsoleWaitingRoom.parse(await apiRequest('PUT', waitingRoomPath(dropId, round), { body, auth: true })),
  );
}

export function useRemoveRoundWaitingRoom(dropId: string, round: number) {
  return useWaitingRoomChange(dropId, round, async () => {
    await apiRequest('DELETE', waitingRoomPath(dropId, round), { auth: true });
    return null;
  });
}
