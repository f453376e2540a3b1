import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TNotificationsPage } from '@cypher/contract';
import { queryKeys } from '../../../api/query-keys.ts';

type TFeed = InfiniteData<TNotificationsPage, string | undefined>;

/**
 * Marks notifications read in the cached feed and unread count at once (the person sees it as they click), and
 * returns how to put the cache back if the API refuses.
 */
export function markReadInCache(queryClient: QueryClient, target: { id: string } | 'all') {
  const isTarget = (id: string) => target === 'all' || target.id === id;
  const feeds = queryClient.getQueriesData<TFeed>({ queryKey: queryKeys.notifications.lists() });
  const count = queryClient.getQueryData<number>(queryKeys.notifications.unreadCount());
  let newlyRead = 0;
  for (const [queryKey, feed] of feeds) {
    if (!feed) continue;
    let readHere = 0;
    const pages = feed.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => {
        if (item.isRead || !isTarget(item.id)) return item;
        readHere += 1;
        return { ...item, isRead: true };
      }),
    }));
    newlyRead = Math.max(newlyRead, readHere);
    queryClient.setQueryData<TFeed>(queryKey, {
      ...feed,
      pages: pages.map((page) => ({
        ...page,
        unreadCount: target === 'all' ? 0 : Math.max(0, page.unreadCount - readHere),
      })),
    });
  }
  if (count !== undefined) {
    queryClient.setQueryData(
      queryKeys.notifications.unreadCount(),
      target === 'all' ? 0 : Math.max(0, count - newlyRead),
    );
  }
  return () => {
    for (const [queryKey, feed] of feeds) queryClient.setQueryData(queryKey, feed);
    if (count !== undefined) queryClient.setQueryData(queryKeys.notifications.unreadCount(), count);
  };
}
