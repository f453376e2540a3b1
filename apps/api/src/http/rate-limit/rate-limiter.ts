import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../app-error.ts';

/**
 * Fixed-window rate limits counted by rate-limiter-flexible: in the process by default, in Redis when REDIS_URL is
 * set so every API instance counts together. A limit is a name, a number of hits and a window; the subject (an IP,
 * an account) is counted inside the handler, after the request is validated.
 */
export interface RateLimit {
  name: string;
  limit: number;
  windowMs: number;
}

/** The port the app takes in its deps: one library limiter per limit, all in the same store. */
export interface RateLimiter {
  limiterFor(limit: RateLimit): RateLimiterAbstract;
  close(): Promise<void>;
}

function perLimit(create: (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract) {
  const limiters = new Map<string, RateLimiterAbstract>();
  return (limit: RateLimit) => {
    let limiter = limiters.get(limit.name);
    if (!limiter) {
      // The library counts whole seconds (Redis EX); our windows are minutes and hours.
      limiter = create({
        keyPrefix: `rl:${limit.name}`,
        points: limit.limit,
        duration: Math.ceil(limit.windowMs / 1000),
      });
      limiters.set(limit.name, limiter);
    }
    return limiter;
  };
}

/**
 * Counters in this process's memory: right for one instance; several instances need the Redis limiter. Each key
 * lives only as long as its window (the library drops it by an unref'd timer), so memory stays bounded.
 */
export function memoryRateLimiter(): RateLimiter {
  return {
    limiterFor: perLimit((options) => new RateLimiterMemory(options)),
    async close() {},
  };
}

/**
 * Counters shared by every API instance (keys `<prefix>rl:<limit>:<subject>`), counted and given their expiry in one
 * Lua script, so a crash between the two can never leave a counter that never expires.
 */
export function redisRateLimiter(url: string, prefix = 'cypher:'): RateLimiter {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    limiterFor: perLimit((options) => new RateLimiterRedis({ ...options, storeClient: redis })),
    async close() {
      await redis.quit();
    },
  };
}

function tooManyRequests(msBeforeNext: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('REQUEST_MAXIMUN', { headers: { 'retry-after': String(retryAfterSeconds) } });
}

/** Counts an attempt and refuses it with 429 REQUEST_MAXIMUN (and Retry-After) once the limit is passed. */
export async function consumeRateLimit(limiter: RateLimiter, limit: RateLimit, subject: string): Promise<void> {
  try {
    await limiter.limiterFor(limit).consume(subject);
  } catch (rejection) {
    // The library rejects with its result when the points are used up, and with an Error when the store fails.
    if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext);
    throw rejection;
  }
}

/**
 * For limits on failures (wrong passwords), an attempt is counted with consumeRateLimit before it is tried: a count
 * read first and moved only after a failure let guesses sent side by side all through (none had moved it yet: 40 of
 * them against a limit of 10). An attempt that turns out not to be a failure is handed back.
 */
export async function forgiveAttempt(limiter: RateLimiter, limit: RateLimit, subject: string): Promise<void> {
  await limiter.limiterFor(limit).reward(subject, 1);
}

export async function clearFailures(limiter: RateLimiter, limit: RateLimit, subject: string): Promise<void> {
  await limiter.limiterFor(limit).delete(subject);
}
