import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWaitingRoom } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `POST /v1/drops/{id}/rounds/{round}/waiting-room`: join the round's waiting room (201), or find my entry (200):
 * one entry per person, so asking twice is harmless and needs no idempotency key. Joining again after my turn passed
 * unused puts me at the back of the line.
 */
async function joinWaitingRoom(dropId: string, round: number): Promise<TWaitingRoom> {
  return apiRequest<TWaitingRoom>('POST', `/drops/${encodeURIComponent(dropId)}/rounds/${round}/waiting-room`, {
    auth: true,
  });
}

export function useJoinWaitingRoom(dropId: string, round: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => joinWaitingRoom(dropId, round),
    // The answer is the room with my place in it: shown at once, and polled from there.
    onSuccess: (room) => queryClient.setQueryData(queryKeys.drops.waitingRoom(dropId, round), room),
  });
}
