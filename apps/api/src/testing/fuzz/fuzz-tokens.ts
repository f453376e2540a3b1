import { SignJWT } from 'jose';
import { accessTokens } from '../../modules/auth/access-tokens.ts';
import { startSession } from '../../modules/auth/sessions.ts';
import { bearer, STRONG_PASSWORD } from '../auth-helpers.ts';
import type { FuzzWorld } from './fuzz-world.ts';
import type { TokenPool } from './generate-requests.ts';

function claimsOf(token: string): { sub: string; sid: string; iss: string; aud: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
    iss: string;
    aud: string;
  };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Tokens that claim to be the owner (A) and must all be refused: signed with another secret, with `alg: none`,
 * another person's signature over A's claims, the right secret but another audience, algorithm or an expiry in the
 * past, a refresh token offered as an access token, a signed-out session's tokens, and plain garbage.
 */
export async function forgedTokens(world: FuzzWorld): Promise<TokenPool['forged']> {
  const { t, owner, attacker } = world;
  const claims = claimsOf(owner.accessToken);
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const realKey = new TextEncoder().encode(t.deps.config.auth.secret!);
  const sign = (key: Uint8Array, options: { alg?: string; audience?: string; expiresAt?: number } = {}) =>
    new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setAudience(options.audience ?? claims.aud)
      .setIssuedAt(now - 60)
      .setExpirationTime(options.expiresAt ?? now + 600)
      .sign(key);

  // A session of A's that has been signed out: its token is well signed and unexpired, and must still be refused.
  const signedOut = await t.app.inject({
    method: 'POST',
    url: '/v1/users/authentications/login',
    payload: { email: owner.email, password: STRONG_PASSWORD },
    remoteAddress: '10.255.255.1',
  });
  const revoked = (signedOut.json() as { data: { accessToken: string; refreshToken: string } }).data;
  await t.app.inject({ method: 'POST', url: '/v1/users/authentications/logout', headers: bearer(revoked.accessToken) });
  // A live refresh token of a session of A's own, so the refresh route's rotation never touches the world's session.
  const tokens = accessTokens({ ...t.deps.config.auth, secret: t.deps.config.auth.secret! }, t.clock);
  const spare = await startSession(t.database.db, { clock: t.clock, tokens, config: t.deps.config }, owner.userId, {
    ip: '127.0.0.1',
    userAgent: 'fuzz',
  });

  const [, attackerPayload, attackerSignature] = attacker.accessToken.split('.');
  const [ownerHeader, ownerPayload] = owner.accessToken.split('.');
  return [
    {
      kind: 'signed with another secret',
      token: await sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-for-hs256')),
    },
    { kind: 'alg none', token: `${base64url({ alg: 'none', typ: 'JWT' })}.${ownerPayload}.` },
    {
      kind: "the attacker's signature over the owner's claims",
      token: `${ownerHeader}.${ownerPayload}.${attackerSignature}`,
    },
    { kind: "the owner's header over the attacker's claims, unsigned", token: `${ownerHeader}.${attackerPayload}.` },
    { kind: 'another audience', token: await sign(realKey, { audience: 'someone-else' }) },
    {
      kind: 'HS512',
      token: await sign(new Uint8Array(Buffer.concat([Buffer.from(realKey), Buffer.from(realKey)])), { alg: 'HS512' }),
    },
    { kind: 'expiry in the past', token: await sign(realKey, { expiresAt: now - 1 }) },
    // The refresh route takes a live refresh token as its bearer by design (spec section 7); everywhere else it is refused.
    {
      kind: 'a refresh token',
      token: spare.refreshToken,
      credentialFor: 'POST /v1/users/authentications/auth-refresh',
    },
    { kind: "a signed-out session's access token", token: revoked.accessToken },
    { kind: "a signed-out session's refresh token", token: revoked.refreshToken },
    { kind: 'empty bearer', token: 'Bearer ' },
    { kind: 'bearer without a space', token: `Bearer${owner.accessToken}` },
    { kind: 'basic credentials', token: 'Basic YWRtaW46YWRtaW4=' },
    { kind: 'three dots', token: 'a.b.c' },
    { kind: 'a huge token', token: 'x'.repeat(8_000) },
    { kind: 'a token of odd text', token: '😀.\u202e.%00' },
  ];
}
