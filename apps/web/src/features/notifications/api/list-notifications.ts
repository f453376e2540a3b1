import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TNotificationsPage } from '@cypher/contract';
import { apiRequest } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const NOTIFICATIONS_PAGE_SIZE = 20;

/** `GET /v1/notifications?cursor&size`: newest first, a cursor for the next page, and the unread count. */
export async function listNotifications(
  cursor: string | undefined,
  size: number,
  signal?: AbortSignal,
): Promise<TNotificationsPage> {
  return apiRequest<TNotificationsPage>('GET', '/notifications', { auth: true, signal, query: { cursor, size } });
}

function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.notifications.list({ size: NOTIFICATIONS_PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) => listNotifications(pageParam, NOTIFICATIONS_PAGE_SIZE, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The notifications page: "Load more" reads the next page by cursor (the feed grows while it is read). */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
