import { useEffect, useState } from 'react';
import { useServerRender } from './server-render.ts';

/**
 * The current time, re-read on every whole second (DESIGN.md: countdowns tick every second). The ticks are aligned
 * to the clock's seconds, so a page whose state turns at a round time (a sale opening at 18:00:00) turns within
 * milliseconds of it, and every countdown on the page changes together. While the server's HTML is rendered and
 * hydrated it is the moment that HTML was made, so both show the same countdowns (lib/server-render.ts).
 */
export function useNow(intervalMs = 1_000): Date {
  const server = useServerRender();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(tick, intervalMs - (Date.now() % intervalMs));
    };
    const tick = () => {
      setNow(new Date());
      schedule();
    };
    schedule();
    return () => clearTimeout(timer);
  }, [intervalMs]);
  return server ? new Date(server.now) : now;
}
