import { formatDateTimeWithZone } from './format.ts';
import { useServerRender } from './server-render.ts';

/**
 * `formatDateTime` as a page may use it now, with its zone: "Dec 10, 2026, 6:00 PM EST". Public pages (a drop's
 * rounds, a raffle's window, a waiting room's opening) name it as the console does: a fan passes the time on to friends
 * elsewhere, and the server's first render cannot know the reader's zone. While its HTML is rendered and hydrated,
 * times are shown in the zone it had (the reader's, from an earlier visit's cookie) or in UTC; right after hydration,
 * in the reader's own. Each says which.
 */
export function useFormatDateTime(): (iso: string) => string {
  const server = useServerRender();
  const timeZone = server ? (server.timeZone ?? 'UTC') : undefined;
  return (iso) => formatDateTimeWithZone(iso, timeZone);
}
