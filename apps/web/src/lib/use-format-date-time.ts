import { formatDateTime, formatDateTimeIn } from './format.ts';
import { useServerRender } from './server-render.ts';

/**
 * `formatDateTime` as a page may use it now. Dates are shown in the reader's time zone, which the server cannot know
 * on a first visit: while its HTML is rendered and hydrated they are shown in the zone it had (the reader's, from an
 * earlier visit's cookie) or in UTC, said so; right after hydration, in the reader's own.
 */
export function useFormatDateTime(): (iso: string) => string {
  const server = useServerRender();
  if (!server) return formatDateTime;
  const { timeZone } = server;
  return timeZone ? (iso) => formatDateTimeIn(iso, timeZone) : (iso) => `${formatDateTimeIn(iso, 'UTC')} UTC`;
}
