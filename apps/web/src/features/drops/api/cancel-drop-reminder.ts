import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDropReminder } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { withReminder } from './set-drop-reminder.ts';

/** `DELETE /v1/drops/{id}/reminders?policyId=` (204): cancels my reminder of that round; again is fine. */
async function cancelDropReminder(dropId: string, policyId: string): Promise<void> {
  await apiRequest('DELETE', `/drops/${encodeURIComponent(dropId)}/reminders`, {
    auth: true,
    query: { policyId },
  });
}

export function useCancelDropReminder(dropId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminder: TDropReminder) => cancelDropReminder(dropId, reminder.policyId),
    // The same round, now offered again; reading the drop again says whether another round's reminder is still set.
    onSuccess: (_answer, reminder) => withReminder(queryClient, dropId, { ...reminder, isSet: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.drops.detail(dropId) }),
  });
}
