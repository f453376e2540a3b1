import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter.ts';

// INCR and the expiry in one step, so a crash between them can never leave a counter that never expires.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return { count, ttl }
`;

/** Counters shared by every API instance. Keys live only as long as their window. */
export function redisRateLimiter(url: string, prefix = 'cypher:'): RateLimiter {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, key, String(windowMs))) as [number, number];
      return { count, resetInMs: Math.max(ttl, 0) };
    },
    async peek(key) {
      const [count, ttl] = await redis.multi().get(key).pttl(key).exec().then((results) => [
        Number(results?.[0]?.[1] ?? 0),
        Number(results?.[1]?.[1] ?? 0),
      ]);
      return { count: count ?? 0, resetInMs: Math.max(ttl ?? 0, 0) };
    },
    async reset(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit();
    },
  };
}
