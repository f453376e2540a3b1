import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until something may be done again (the SMS step's "Resend code"). Starts counting at once when
 * given a start value; `restart()` starts it over after each send.
 */
export function useCountdown(seconds: number, { startNow = true } = {}) {
  const [endsAt, setEndsAt] = useState<number | null>(() => (startNow ? Date.now() + seconds * 1000 : null));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  const restart = useCallback(() => {
    setNow(Date.now());
    setEndsAt(Date.now() + seconds * 1000);
  }, [seconds]);

  return { remaining, isRunning: remaining > 0, restart };
}
