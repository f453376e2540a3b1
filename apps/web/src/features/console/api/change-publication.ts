import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { consolePath, consoleResources, type TConsoleEntry, type TPublishableResource } from './console-resources.ts';
import { invalidateAfterChange } from './invalidate-after-change.ts';

export type TPublicationAction = 'publish' | 'unpublish';

/** `POST /v1/console/{resource}/:id/publish` and `/unpublish`: both answer the entry with its new status. */
async function changePublication<R extends TPublishableResource>(
  resource: R,
  id: string,
  action: TPublicationAction,
): Promise<TConsoleEntry<R>> {
  const answer = await apiRequest('POST', consolePath(resource, id, action), { auth: true });
  return consoleResources[resource].detail.parse(answer) as TConsoleEntry<R>;
}

export function useChangePublication<R extends TPublishableResource>(resource: R, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TPublicationAction) => changePublication(resource, id, action),
    onSuccess: async (entry) => {
      queryClient.setQueryData(queryKeys.console.detail(resource, id), entry);
      await invalidateAfterChange(queryClient, resource);
    },
  });
}
