import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testRedisUrl } from '../../config.ts';
import { AppError } from '../app-error.ts';
import {
  clearFailures,
  consumeRateLimit,
  forgiveAttempt,
  memoryRateLimiter,
  redisRateLimiter,
  type RateLimiter,
} from './rate-limiter.ts';

const redisUrl = testRedisUrl();
const limiters: [string, RateLimiter][] = [['in-process', memoryRateLimiter()]];
if (redisUrl) limiters.push(['redis', redisRateLimiter(redisUrl, `test-${randomUUID()}:`)]);
afterAll(async () => {
  for (const [, limiter] of limiters) await limiter.close();
});

describe.each(limiters)('%s rate limiter', (_name, limiter) => {
  const limit = { name: `probe-${randomUUID()}`, limit: 3, windowMs: 60_000 };

  it('admits up to the limit, then answers 429 REQUEST_MAXIMUN with Retry-After', async () => {
    for (let hit = 0; hit < 3; hit += 1) await consumeRateLimit(limiter, limit, 'subject-a');
    const refusal = await consumeRateLimit(limiter, limit, 'subject-a').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('REQUEST_MAXIMUN');
    const retryAfter = Number((refusal as AppError).headers?.['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts each subject on its own', async () => {
    await expect(consumeRateLimit(limiter, limit, 'subject-b')).resolves.toBeUndefined();
  });

  it('counts concurrent hits exactly', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => consumeRateLimit(limiter, limit, 'subject-concurrent')),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
  });

  it('hands back an attempt that did not fail, so only failures use up the limit', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await consumeRateLimit(limiter, limit, 'subject-c');
      await forgiveAttempt(limiter, limit, 'subject-c');
    }
    for (let failure = 0; failure < 3; failure += 1) await consumeRateLimit(limiter, limit, 'subject-c');
    const refusal = await consumeRateLimit(limiter, limit, 'subject-c').catch((error: unknown) => error);
    expect((refusal as AppError).code).toBe('REQUEST_MAXIMUN');
  });

  it('forgets the failures once the subject succeeds', async () => {
    for (let failure = 0; failure < 3; failure += 1) await consumeRateLimit(limiter, limit, 'subject-d');
    await clearFailures(limiter, limit, 'subject-d');
    await expect(consumeRateLimit(limiter, limit, 'subject-d')).resolves.toBeUndefined();
  });

  it('keeps each limit on its own counter for the same subject', async () => {
    const other = { ...limit, name: `other-${randomUUID()}`, limit: 1 };
    await consumeRateLimit(limiter, other, 'subject-e');
    await expect(consumeRateLimit(limiter, other, 'subject-e')).rejects.toThrow(AppError);
    await expect(consumeRateLimit(limiter, limit, 'subject-e')).resolves.toBeUndefined();
  });
});

// The library reads Date.now and drops a key by a timer at the end of its window: fake timers move both at once.
describe('in-process rate limiter windows', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts counting again when the window has passed, and Retry-After tells how long is left', async () => {
    vi.useFakeTimers();
    const limiter = memoryRateLimiter();
    const limit = { name: 'window', limit: 1, windowMs: 60_000 };
    await consumeRateLimit(limiter, limit, 'x');
    vi.advanceTimersByTime(20_000);
    const refusal = await consumeRateLimit(limiter, limit, 'x').catch((error: unknown) => error);
    expect((refusal as AppError).headers?.['retry-after']).toBe('40');
    vi.advanceTimersByTime(40_001);
    await expect(consumeRateLimit(limiter, limit, 'x')).resolves.toBeUndefined();
    await limiter.close();
  });
});
