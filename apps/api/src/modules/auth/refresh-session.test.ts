import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUp } from '../../testing/auth-helpers.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { REFRESH_REUSE_GRACE_MS } from './refresh-session.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function refresh(refreshToken: string | null) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/users/authentications/auth-refresh',
    headers: refreshToken ? bearer(refreshToken) : {},
  });
}

function me(accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) });
}

describe('POST /v1/users/authentications/auth-refresh', () => {
  it('rotates: answers a new pair, and the old refresh token stops working', async () => {
    const user = await signUp(t);
    const rotated = await refresh(user.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const pair = rotated.json().data;
    expect(pair.refreshToken).not.toBe(user.refreshToken);
    expect((await me(pair.accessToken)).statusCode).toBe(200);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
  });

  it('treats a refresh token presented again after the grace window as theft: 401, and the sign-in is revoked', async () => {
    const user = await signUp(t);
    const pair = (await refresh(user.refreshToken)).json().data;

    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    const reuse = await refresh(user.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('SESSION_EXPIRED');

    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    expect((await me(pair.accessToken)).statusCode).toBe(401);
  });

  it('answers the same refresh token again to a token presented again within the grace window (an answer lost)', async () => {
    const user = await signUp(t);
    const first = (await refresh(user.refreshToken)).json().data;

    t.clock.advance(REFRESH_REUSE_GRACE_MS);
    const again = await refresh(user.refreshToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.refreshToken).toBe(first.refreshToken);
    expect((await me(again.json().data.accessToken)).statusCode).toBe(200);
    expect((await me(first.accessToken)).statusCode).toBe(200);

    // The sign-in goes on from that one next token, once.
    const next = await refresh(first.refreshToken);
    expect(next.statusCode).toBe(200);
    expect(next.json().data.refreshToken).not.toBe(first.refreshToken);
    expect((await me(next.json().data.accessToken)).statusCode).toBe(200);
  });

  it('treats a token presented again once its next token was spent as theft, even within the grace window', async () => {
    const user = await signUp(t);
    const first = (await refresh(user.refreshToken)).json().data;
    const second = (await refresh(first.refreshToken)).json().data;

    const reuse = await refresh(user.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await me(second.accessToken)).statusCode).toBe(401);
  });

  it('leaves other sign-ins of the same account alone when one family is revoked', async () => {
    const user = await signUp(t);
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/users/authentications/login',
        payload: { email: user.email, password: user.password },
      })
    ).json().data;
    await refresh(user.refreshToken);
    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    await refresh(user.refreshToken); // reuse: revokes the first sign-in only
    expect((await me(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  // On PostgreSQL the 20 run at once: all but one wait for the one that spends the token, then find its next token.
  it('answers 20 concurrent refreshes with one token with one and the same next token, and the sign-in goes on', async () => {
    const user = await signUp(t);
    const responses = await Promise.all(Array.from({ length: 20 }, () => refresh(user.refreshToken)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const nextTokens = new Set(responses.map((response) => response.json().data.refreshToken));
    expect(nextTokens.size).toBe(1);
    const [nextToken] = nextTokens;
    expect(nextToken).not.toBe(user.refreshToken);
    expect((await refresh(nextToken as string)).statusCode).toBe(200);
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await refresh(null)).statusCode).toBe(401);
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);
  });

  it('ends at the absolute lifetime of the sign-in, however often it was rotated', async () => {
    const user = await signUp(t);
    let token = user.refreshToken;
    for (let day = 0; day < 3; day += 1) {
      t.clock.advance(9 * DAY_MS);
      const response = await refresh(token);
      expect(response.statusCode).toBe(200);
      token = response.json().data.refreshToken;
    }
    t.clock.advance(4 * DAY_MS);
    expect((await refresh(token)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('expire after fifteen minutes', async () => {
    const user = await signUp(t);
    expect((await me(user.accessToken)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    const expired = await me(user.accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('UNAUTHORIZED');
  });

  it('are refused when forged, tampered with or missing', async () => {
    const user = await signUp(t);
    const [header, payload] = user.accessToken.split('.');
    expect((await me(`${header}.${payload}.forged-signature`)).statusCode).toBe(401);
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await me(noneAlg)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/my' })).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('ends the sign-in: its access and refresh tokens stop working at once', async () => {
    const user = await signUp(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/users/authentications/logout',
      headers: bearer(user.accessToken),
    });
    expect(response.statusCode).toBe(204);
    expect((await me(user.accessToken)).statusCode).toBe(401);
    expect((await refresh(user.refreshToken)).statusCode).toBe(401);
  });
});
