import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMySignIns, ZSignInsEnded, type TMySignIns, type TSignInsEnded } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** `GET /v1/users/sessions`: my sign-ins still going, this one first. */
async function listMySignIns(signal?: AbortSignal): Promise<TMySignIns> {
  return ZMySignIns.parse(await apiRequest('GET', '/users/sessions', { auth: true, signal }));
}

export function useMySignIns() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.users.signIns(), queryFn: ({ signal }) => listMySignIns(signal) }),
  );
}

/** `DELETE /v1/users/sessions/:id`: that device is signed out at once. */
async function endSignIn(id: string): Promise<void> {
  await apiRequest('DELETE', `/users/sessions/${encodeURIComponent(id)}`, { auth: true });
}

export function useEndSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSignIn,
    // Read again after a failure too: a lost answer may be of a sign-out that went through, and one already signed
    // out (SIGN_IN_NOT_FOUND) leaves the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.signIns() }),
  });
}

/** `POST /v1/users/sessions/end-others`: every device but this one is signed out. */
async function endOtherSignIns(): Promise<TSignInsEnded> {
  return ZSignInsEnded.parse(await apiRequest('POST', '/users/sessions/end-others', { auth: true }));
}

export function useEndOtherSignIns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSignIns,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.signIns() }),
  });
}
