import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from './rate-limiter.ts';

/** Counters in this process's memory: right for one instance; several instances need the Redis limiter. */
export function memoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const window = windows.get(key);
    if (window && window.resetAt > clock.now().getTime()) return window;
    windows.delete(key);
    return undefined;
  };
  // Expired windows are dropped as they are met and swept now and then, so memory stays bounded.
  const sweep = setInterval(() => {
    const now = clock.now().getTime();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();

  return {
    async hit(key, windowMs) {
      const now = clock.now().getTime();
      const window = current(key) ?? { count: 0, resetAt: now + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { count: window.count, resetInMs: window.resetAt - now };
    },
    async peek(key) {
      const window = current(key);
      return window ? { count: window.count, resetInMs: window.resetAt - clock.now().getTime() } : { count: 0, resetInMs: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}
