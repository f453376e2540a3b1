import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { consolePath, consoleResources, type TConsoleEntry, type TReadableResource } from './console-resources.ts';

/** `GET /v1/console/{resource}/:id`: one entry, draft or not (403 for a brand the operator does not manage). */
async function getConsoleEntry<R extends TReadableResource>(
  resource: R,
  id: string,
  signal?: AbortSignal,
): Promise<TConsoleEntry<R>> {
  const answer = await apiRequest('GET', consolePath(resource, id), { auth: true, signal });
  return consoleResources[resource].detail.parse(answer) as TConsoleEntry<R>;
}

function consoleEntryQueryOptions<R extends TReadableResource>(resource: R, id: string) {
  return queryOptions({
    queryKey: queryKeys.console.detail(resource, id),
    queryFn: ({ signal }) => getConsoleEntry(resource, id, signal),
  });
}

export function useConsoleEntry<R extends TReadableResource>(
  resource: R,
  id: string,
  options: { isEnabled?: boolean } = {},
) {
  return useQuery({ ...consoleEntryQueryOptions(resource, id), enabled: options.isEnabled ?? true });
}
