import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { testRedisUrl } from '../../config.ts';
import { controllableClock } from '../../lib/clock.ts';
import { AppError } from '../app-error.ts';
import { memoryRateLimiter } from './memory-rate-limiter.ts';
import { redisRateLimiter } from './redis-rate-limiter.ts';
import { assertUnderFailureLimit, consumeRateLimit, recordFailure, type RateLimiter } from './rate-limiter.ts';

const clock = controllableClock();
const redisUrl = testRedisUrl();
const limiters: [string, RateLimiter][] = [['in-process', memoryRateLimiter(clock)]];
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

  it('refuses before trying once failures reach the limit', async () => {
    for (let failure = 0; failure < 3; failure += 1) {
      await assertUnderFailureLimit(limiter, limit, 'subject-c');
      await recordFailure(limiter, limit, 'subject-c');
    }
    await expect(assertUnderFailureLimit(limiter, limit, 'subject-c')).rejects.toThrow(AppError);
  });
});

describe('in-process rate limiter windows', () => {
  it('starts counting again when the window has passed', async () => {
    const limiter = memoryRateLimiter(clock);
    const limit = { name: 'window', limit: 1, windowMs: 60_000 };
    await consumeRateLimit(limiter, limit, 'x');
    await expect(consumeRateLimit(limiter, limit, 'x')).rejects.toThrow(AppError);
    clock.advance(60_001);
    await expect(consumeRateLimit(limiter, limit, 'x')).resolves.toBeUndefined();
    await limiter.close();
  });
});
