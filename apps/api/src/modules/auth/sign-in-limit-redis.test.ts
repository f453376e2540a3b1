import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '../../config.ts';
import { redisRateLimiter } from '../../http/rate-limit/rate-limiter.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { logIn, signUp, uniqueIp } from '../../testing/auth-helpers.ts';

// The same sign-in limit, counted in Redis as several API instances would share it (runs when TEST_REDIS_URL is set).
const redisUrl = testRedisUrl();

describe.runIf(redisUrl)('failed sign-ins counted in Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimiter: () => redisRateLimiter(redisUrl!, `test-${randomUUID()}:`) });
  });
  afterAll(() => t.close());

  it('refuses the 11th failed sign-in for one account from one address with REQUEST_MAXIMUN', async () => {
    const user = await signUp(t);
    const address = uniqueIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await logIn(t, user.email, `Wrong#Password${attempt}`, address)).statusCode).toBe(401);
    }
    const eleventh = await logIn(t, user.email, 'Wrong#Password11', address);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('REQUEST_MAXIMUN');
  });
});
