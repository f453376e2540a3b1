import { useEffect, useState } from 'react';

/**
 * The current time, re-read on every whole second (DESIGN.md: countdowns tick every second). The ticks are aligned
 * to the clock's seconds, so a page whose state turns at a round time (a sale opening at 18:00:00) turns within
 * milliseconds of it, and every countdown on the page changes together.
 */
export function useNow(intervalMs = 1_000): Date {
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
  return now;
}
