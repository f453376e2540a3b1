import { useEffect, useState } from 'react';

/** setTimeout's longest wait (about 24.8 days); a moment further off is waited for in turns. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The current time, read again only as each of `moments` passes (ISO instants; nulls ignored): for a page whose
 * state turns at times it knows (a fusion opening, then ending) without re-rendering every second as `useNow` does.
 */
export function useNowAt(moments: readonly (string | null)[]): Date {
  const [now, setNow] = useState(() => new Date());
  const key = moments.join('|');
  useEffect(() => {
    const next = key
      .split('|')
      .map((moment) => (moment ? Date.parse(moment) : Number.NaN))
      .filter((at) => at > now.getTime())
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    // A millisecond past the moment, so what is compared with it (`at <= now`) has turned.
    const timer = setTimeout(() => setNow(new Date()), Math.min(next - Date.now() + 1, LONGEST_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [key, now]);
  return now;
}
