import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMySessions, ZSessionsEnded, type TMySessions, type TSessionsEnded } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/users/sessions`: my sign-ins still going, this one first. */
async function listMySessions(signal?: AbortSignal): Promise<TMySessions> {
  return ZMySessions.parse(await apiRequest('GET', '/users/sessions', { auth: true, signal }));
}

export function useMySessions() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.users.sessions(), queryFn: ({ signal }) => listMySessions(signal) }),
  );
}

/** `DELETE /v1/users/sessions/:id`: that device is signed out at once. */
async function endSession(id: string): Promise<void> {
  await apiRequest('DELETE', `/users/sessions/${encodeURIComponent(id)}`, { auth: true });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    // Read again after a failure too: a lost answer may be of a sign-out that went through, and one already signed
    // out (SESSION_NOT_FOUND) leaves the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.sessions() }),
  });
}

/** `POST /v1/users/sessions/end-others`: every device but this one is signed out. */
async function endOtherSessions(): Promise<TSessionsEnded> {
  return ZSessionsEnded.parse(await apiRequest('POST', '/users/sessions/end-others', { auth: true }));
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.sessions() }),
  });
}
