import { queryOptions, useQuery } from '@tanstack/react-query';
import { dropStatusAt, ZConsoleDrop, type TConsoleDrop } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

/** A live drop's sold and held counts are read again this often (never on focus). */
export const LIVE_DROP_REFRESH_MS = 5_000;
/** A drop being published is read again this often, so its progress moves and PUBLISHED shows soon after it is. */
export const PUBLISHING_REFRESH_MS = 2_000;
/** setTimeout's longest delay; a drop that opens later than this is read again then, and waits once more. */
const LONGEST_WAIT_MS = 2_147_483_647;

/** `GET /v1/console/drops/:id`: the whole drop, whitelists included, with live counts (403 for another brand's drop). */
async function getConsoleDrop(id: string, signal?: AbortSignal): Promise<TConsoleDrop> {
  return ZConsoleDrop.parse(
    await apiRequest('GET', `/console/drops/${encodeURIComponent(id)}`, { auth: true, signal }),
  );
}

function consoleDropQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.console.detail('drops', id),
    queryFn: ({ signal }) => getConsoleDrop(id, signal),
  });
}

/**
 * How long until the console reads a drop again: every two seconds while its packs are being written, every few
 * seconds while it is published and on sale, once at the moment an upcoming published drop opens (then every few
 * seconds), never for a draft or an ended drop.
 */
export function consoleDropRefreshAfter(drop: TConsoleDrop | undefined, now: Date): number | false {
  if (drop?.publicationStatus === 'PUBLISHING') return PUBLISHING_REFRESH_MS;
  if (!drop || drop.publicationStatus !== 'PUBLISHED') return false;
  const status = dropStatusAt(drop, now);
  if (status === 'AVAILABLE') return LIVE_DROP_REFRESH_MS;
  if (status === 'COMPLETED') return false;
  return Math.min(LONGEST_WAIT_MS, Math.max(LIVE_DROP_REFRESH_MS, Date.parse(drop.dropBeginAt) - now.getTime()));
}

export function useConsoleDrop(id: string, options: { isEnabled?: boolean } = {}) {
  return useQuery({
    ...consoleDropQueryOptions(id),
    enabled: options.isEnabled ?? true,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.status === 'error' ? false : consoleDropRefreshAfter(query.state.data, new Date()),
  });
}
