import { AppError } from '../app-error.ts';

/**
 * Fixed-window counters for rate limits: in the process by default, in Redis when REDIS_URL is set so every API
 * instance counts together. A limit is a name, a number of hits and a window.
 */
export interface RateLimit {
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

export interface RateLimiter {
  /** Counts one hit and tells the count so far in this window. */
  hit(key: string, windowMs: number): Promise<RateLimitState>;
  /** Tells the count without adding to it. */
  peek(key: string): Promise<RateLimitState>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

function keyFor(limit: RateLimit, subject: string) {
  return `rl:${limit.name}:${subject}`;
}

function tooManyRequests(state: RateLimitState): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(state.resetInMs / 1000));
  return new AppError('REQUEST_MAXIMUN', { headers: { 'retry-after': String(retryAfterSeconds) } });
}

/** Counts an attempt and refuses it with 429 REQUEST_MAXIMUN (and Retry-After) once the limit is passed. */
export async function consumeRateLimit(limiter: RateLimiter, limit: RateLimit, subject: string): Promise<void> {
  const state = await limiter.hit(keyFor(limit, subject), limit.windowMs);
  if (state.count > limit.limit) throw tooManyRequests(state);
}

/**
 * For limits on failures (wrong passwords): refuse before trying when the failures so far reach the limit, and
 * count a failure only when one happens.
 */
export async function assertUnderFailureLimit(limiter: RateLimiter, limit: RateLimit, subject: string): Promise<void> {
  const state = await limiter.peek(keyFor(limit, subject));
  if (state.count >= limit.limit) throw tooManyRequests(state);
}

export async function recordFailure(limiter: RateLimiter, limit: RateLimit, subject: string): Promise<void> {
  await limiter.hit(keyFor(limit, subject), limit.windowMs);
}

export async function clearFailures(limiter: RateLimiter, limit: RateLimit, subject: string): Promise<void> {
  await limiter.reset(keyFor(limit, subject));
}
