import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import {
  consolePath,
  consoleResources,
  type TConsoleCreateBody,
  type TConsoleEntry,
  type TConsoleResource,
} from './console-resources.ts';
import { invalidateAfterChange } from './invalidate-after-change.ts';

/** `POST /v1/console/{resource}`: creates an entry (as a draft, where entries have drafts). */
async function createConsoleEntry<R extends TConsoleResource>(
  resource: R,
  body: TConsoleCreateBody<R>,
): Promise<TConsoleEntry<R>> {
  const answer = await apiRequest('POST', consolePath(resource), { body, auth: true });
  return consoleResources[resource].detail.parse(answer) as TConsoleEntry<R>;
}

export function useCreateConsoleEntry<R extends TConsoleResource>(resource: R) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TConsoleCreateBody<R>) => createConsoleEntry(resource, body),
    onSuccess: () => invalidateAfterChange(queryClient, resource),
  });
}
