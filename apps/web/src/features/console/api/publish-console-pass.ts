import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZConsolePass, type TConsolePass } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { consolePath } from './console-resources.ts';
import { invalidateAfterChange } from './invalidate-after-change.ts';

/**
 * `POST /v1/console/passes/:id/publish`: a draft becomes public and its supply is issued, once (PASS_ALREADY_PUBLISHED
 * after). Answers the pass as the console shows it.
 */
async function publishConsolePass(id: string): Promise<TConsolePass> {
  return ZConsolePass.parse(await apiRequest('POST', consolePath('passes', id, 'publish'), { auth: true }));
}

export function usePublishConsolePass(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishConsolePass(id),
    onSuccess: async (pass) => {
      queryClient.setQueryData(queryKeys.console.detail('passes', id), pass);
      await invalidateAfterChange(queryClient, 'passes');
    },
    // Published by someone else meanwhile: the page shows it as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.console.detail('passes', id) }),
  });
}
