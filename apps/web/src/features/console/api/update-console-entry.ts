import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { ifMatchHeaders } from './if-match.ts';
import {
  consolePath,
  consoleResources,
  type TConsoleEntry,
  type TConsoleResource,
  type TConsoleUpdateBody,
} from './console-resources.ts';
import { invalidateAfterChange } from './invalidate-after-change.ts';

/**
 * `PATCH /v1/console/{resource}/:id`: sends only what changed (a PATCH leaves what it does not mention alone), made
 * from the entry's `version` as loaded: refused with ENTRY_CHANGED once someone has changed it, so a field two
 * operators both edited is not silently put back to the first one's value.
 */
async function updateConsoleEntry<R extends TConsoleResource>(
  resource: R,
  id: string,
  version: string | undefined,
  body: TConsoleUpdateBody<R>,
): Promise<TConsoleEntry<R>> {
  const headers = ifMatchHeaders(version);
  const answer = await apiRequest('PATCH', consolePath(resource, id), { body, auth: true, headers });
  return consoleResources[resource].detail.parse(answer) as TConsoleEntry<R>;
}

export function useUpdateConsoleEntry<R extends TConsoleResource>(
  resource: R,
  id: string,
  version: string | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TConsoleUpdateBody<R>) => updateConsoleEntry(resource, id, version, body),
    onSuccess: async (entry) => {
      // The answer is the entry as it now is: show it at once, then refresh everything that lists it.
      queryClient.setQueryData(queryKeys.console.detail(resource, id), entry);
      await invalidateAfterChange(queryClient, resource);
    },
  });
}
