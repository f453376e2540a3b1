import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../config.ts';
import { controllableClock } from '../../lib/clock.ts';
import { accessTokens } from './access-tokens.ts';

const config = testConfig();
const claims = { userId: '0190a0b0-0000-7000-8000-000000000001', sessionId: '0190a0b0-0000-7000-8000-000000000002' };

afterEach(() => vi.restoreAllMocks());

describe('access tokens', () => {
  it('checks a signature once, then answers the same token from memory until it expires', async () => {
    const clock = controllableClock('2026-11-25T12:00:00.000Z');
    const tokens = accessTokens({ ...config.auth, secret: config.auth.secret! }, clock);
    const token = await tokens.sign(claims);
    const hmacChecks = vi.spyOn(crypto.subtle, 'verify');

    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(hmacChecks).toHaveBeenCalledTimes(1);

    // The expiry is still checked on every use: a remembered token is refused once it is past it.
    clock.advance(config.auth.accessTokenTtlSeconds * 1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token changed by one character, and another secret’s token, whatever it remembers', async () => {
    const clock = controllableClock('2026-11-25T12:00:00.000Z');
    const tokens = accessTokens({ ...config.auth, secret: config.auth.secret! }, clock);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(await tokens.verify(`${token.slice(0, -1)}${last}`)).toBeNull();

    const stranger = accessTokens({ ...config.auth, secret: `${config.auth.secret!}-other` }, clock);
    expect(await tokens.verify(await stranger.sign(claims))).toBeNull();
  });
});
