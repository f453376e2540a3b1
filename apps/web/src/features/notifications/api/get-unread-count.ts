import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys.ts';
import { listNotifications } from './list-notifications.ts';

/** The header polls gently: once a minute, not on window focus (spec section 7). */
export const UNREAD_POLL_MS = 60_000;

/** The unread count, from a one-item read of the feed (`GET /v1/notifications?size=1`). */
async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await listNotifications(undefined, 1, signal)).unreadCount;
}

function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.notifications.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
  });
}

export function useUnreadCount({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    ...unreadCountQueryOptions(),
    enabled: isEnabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: false,
  });
}
