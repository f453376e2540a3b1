import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsoleDrop, type TConsoleDrop, type TConsoleDropRequest } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { isApiError } from '../../../api/api-error.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { ifMatchHeaders } from './if-match.ts';
import { invalidateAfterDropChange } from './invalidate-after-drop-change.ts';

/**
 * `PUT /v1/console/drops/:id`: the whole draft replaced (rounds, whitelists and contents included), so what is sent
 * is the form as it stands, made from the draft's `version`. Refused with DROP_ALREADY_PUBLISHED once someone has
 * published it, and with ENTRY_CHANGED once someone has changed it.
 */
async function updateConsoleDrop(
  id: string,
  version: string | undefined,
  body: TConsoleDropRequest,
): Promise<TConsoleDrop> {
  const headers = ifMatchHeaders(version);
  return ZConsoleDrop.parse(
    await apiRequest('PUT', `/console/drops/${encodeURIComponent(id)}`, { body, auth: true, headers }),
  );
}

export function useUpdateConsoleDrop(id: string, version: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TConsoleDropRequest) => updateConsoleDrop(id, version, body),
    onSuccess: (drop) => invalidateAfterDropChange(queryClient, drop),
    // Published meanwhile (another operator, another tab): the page reads it again and shows it read-only.
    onError: (error) =>
      isApiError(error) && error.code === 'DROP_ALREADY_PUBLISHED'
        ? queryClient.invalidateQueries({ queryKey: queryKeys.console.detail('drops', id) })
        : undefined,
  });
}
