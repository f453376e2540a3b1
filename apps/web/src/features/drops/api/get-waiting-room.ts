import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { TWaitingRoom } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** After a failed read: 2 s, then 4, 8, 16, 32 and at most a minute between tries. */
const BACKOFF_FIRST_MS = 2_000;
const BACKOFF_MAX_MS = 60_000;
/** Up to this much is added to each wait, so a crowd told the same second does not ask on the same tick. */
const JITTER_MS = 1_000;

/**
 * `GET /v1/drops/{id}/rounds/{round}/waiting-room`: whether the round has a waiting room and when it opens; sent with
 * the session when there is one, for my place, my wait and, once admitted, my admission token.
 */
async function getWaitingRoom(dropId: string, round: number, signal?: AbortSignal): Promise<TWaitingRoom> {
  return apiRequest<TWaitingRoom>('GET', `/drops/${encodeURIComponent(dropId)}/rounds/${round}/waiting-room`, {
    auth: true,
    signal,
  });
}

/**
 * When to ask again. In line, when the API says (`pollAfterSeconds`: half the wait, at most a minute, so a handful of
 * polls whatever the distance), plus `jitterMs` (under a second). Nothing changes by itself for someone who has not
 * joined or whose turn passed: no polling (the page's own clock turns "opens in" into "join"). After failures, an
 * exponential backoff, so a struggling server is not hammered by everyone at once.
 *
 * The answer must stay the same until the query's state changes: TanStack Query asks for it on every render (the
 * page re-renders each second) and restarts its timer whenever the value differs, so a fresh random number each time
 * would keep the poll from ever firing. The jitter is therefore derived from when the last answer arrived.
 */
export function waitingRoomPollMs(room: TWaitingRoom | undefined, failures: number, jitterMs: number): number | false {
  const jitter = Math.abs(Math.round(jitterMs)) % JITTER_MS;
  if (failures > 0) return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (failures - 1)) + jitter;
  const seconds = room?.viewer?.pollAfterSeconds ?? null;
  return seconds === null ? false : seconds * 1_000 + jitter;
}

/** The round's waiting room (`round` null: no round to ask about), polled as waitingRoomPollMs says. */
export function useWaitingRoom(dropId: string, round: number | null, isEnabled: boolean) {
  const failures = useRef(0);
  return useQuery({
    queryKey: queryKeys.drops.waitingRoom(dropId, round ?? 0),
    queryFn: async ({ signal }) => {
      try {
        const room = await getWaitingRoom(dropId, round ?? 0, signal);
        failures.current = 0;
        return room;
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) failures.current += 1;
        throw error;
      }
    },
    enabled: isEnabled && round !== null,
    refetchInterval: (query) =>
      waitingRoomPollMs(query.state.data, failures.current, query.state.dataUpdatedAt + query.state.errorUpdatedAt),
  });
}
