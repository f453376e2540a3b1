import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, pickIdentity } from '../../testing/oauth-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const CLIENT = basic('local-google-client', 'local-google-secret');

/** An authorize URL as an OAuth client makes it, with a verifier this test keeps. */
function authorizeRequest(overrides: Record<string, string> = {}) {
  const codeVerifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: 'local-google-client',
    redirect_uri: t.deps.config.oauth.google.redirectUri,
    state: 'state-from-the-client',
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    scope: 'openid email profile',
    ...overrides,
  });
  return { url: `${t.deps.config.publicUrl}/dev/oauth/google/authorize?${params}`, codeVerifier };
}

function token(form: Record<string, string>, authorization = CLIENT) {
  return t.app.inject({
    method: 'POST',
    url: '/dev/oauth/google/token',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('local OAuth stand-in', () => {
  it('lists three test identities and sends the picked one back to the redirect URI with a code and the state', async () => {
    const { url } = authorizeRequest();
    const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body.match(/class="identity"/g)).toHaveLength(3);
    const { code, state } = await pickIdentity(t, url, 1);
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(state).toBe('state-from-the-client');
  });

  it('verifies PKCE: a wrong code_verifier is refused and spends the code', async () => {
    const { url, codeVerifier } = authorizeRequest();
    const { code } = await pickIdentity(t, url, 0);
    const redirectUri = t.deps.config.oauth.google.redirectUri;
    const wrong = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: 'x'.repeat(43),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringContaining('code_verifier'),
    });
    const retry = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    });
    expect(retry.json().error).toBe('invalid_grant');
  });

  it('exchanges a code once for an access token that reads the identity in Google’s userinfo shape', async () => {
    const { url, codeVerifier } = authorizeRequest();
    const { code } = await pickIdentity(t, url, 0);
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: t.deps.config.oauth.google.redirectUri,
      code_verifier: codeVerifier,
    };
    const exchanged = await token(form);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json()).toMatchObject({ token_type: 'Bearer', scope: 'openid email profile' });
    expect((await token(form)).json().error).toBe('invalid_grant');

    const userinfo = await t.app.inject({
      method: 'GET',
      url: '/dev/oauth/google/userinfo',
      headers: { authorization: `Bearer ${exchanged.json().access_token}` },
    });
    expect(userinfo.json()).toEqual({
      sub: '104729000000000000001',
      email: 'ada.lovelace@gmail.test',
      email_verified: true,
      name: 'Ada Lovelace',
    });
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/dev/oauth/google/userinfo',
      headers: { authorization: 'Bearer nope' },
    });
    expect(stranger.statusCode).toBe(401);
  });

  it('refuses a wrong client secret, an unregistered redirect URI and the plain PKCE method', async () => {
    const { url } = authorizeRequest();
    const { code } = await pickIdentity(t, url, 0);
    const badClient = await token({ grant_type: 'authorization_code', code }, basic('local-google-client', 'guess'));
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json()).toEqual({ error: 'invalid_client' });

    const refusedRequests: Record<string, string>[] = [
      { redirect_uri: 'https://evil.example/callback' },
      { code_challenge_method: 'plain' },
    ];
    for (const overrides of refusedRequests) {
      const page = await t.app.inject({ method: 'GET', url: pathOf(authorizeRequest(overrides).url) });
      expect(page.statusCode).toBe(400);
      expect(page.body).not.toContain('evil.example/callback?code');
    }
  });
});

describe('where the stand-in is not', () => {
  it('is absent for a provider with a client id, whose authorize URL is the real provider’s', async () => {
    const configured = await createTestApp({
      env: { GOOGLE_CLIENT_ID: 'real-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 's' },
    });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/v1/users/authentications/oauth/google' });
      const url = new URL(response.json().data.url);
      expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(url.searchParams.get('client_id')).toBe('real-id.apps.googleusercontent.com');
      expect((await configured.app.inject({ method: 'GET', url: '/dev/oauth/google/authorize' })).statusCode).toBe(404);
      // Discord has no client id here, so its stand-in is still there.
      expect((await configured.app.inject({ method: 'GET', url: '/dev/oauth/discord/authorize' })).statusCode).toBe(
        400,
      );
    } finally {
      await configured.close();
    }
  });

  it('does not exist in production, where a provider without a client id is switched off', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/oauth/google/authorize' })).statusCode).toBe(404);
      const response = await production.app.inject({ method: 'GET', url: '/v1/users/authentications/oauth/google' });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('OAUTH_PROVIDER_NOT_CONFIGURED');
    } finally {
      await production.close();
    }
  });
});
