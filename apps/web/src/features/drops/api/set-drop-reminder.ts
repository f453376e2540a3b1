import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDrop, TDropReminder } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/**
 * `POST /v1/drops/{id}/reminders`: remind me when this round opens (201, or 200 when it was set already: asking
 * twice is harmless, so no idempotency key).
 */
async function setDropReminder(dropId: string, policyId: string): Promise<TDropReminder> {
  return apiRequest<TDropReminder>('POST', `/drops/${encodeURIComponent(dropId)}/reminders`, {
    auth: true,
    body: { policyId },
  });
}

/** The drop's cached viewer part with this reminder in it, so the button turns as the answer arrives. */
export function withReminder(queryClient: ReturnType<typeof useQueryClient>, dropId: string, reminder: TDropReminder) {
  queryClient.setQueryData<TDrop>(queryKeys.drops.detail(dropId), (drop) =>
    drop?.viewer ? { ...drop, viewer: { ...drop.viewer, reminder } } : drop,
  );
}

export function useSetDropReminder(dropId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policyId: string) => setDropReminder(dropId, policyId),
    onSuccess: (reminder) => withReminder(queryClient, dropId, reminder),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.drops.detail(dropId) }),
  });
}
