import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { controllableClock } from '../../lib/clock.ts';
import { accessTokens } from './access-tokens.ts';
import { socialSignUpTokens } from './oauth/social-sign-up-tokens.ts';

const config = testConfig();
const secret = config.auth.secret!;
const claims = {
  userId: '0190a0b0-0000-7000-8000-000000000001',
  sessionId: '0190a0b0-0000-7000-8000-000000000002',
  verifiedEmail: null,
};
const startsAt = '2026-11-25T12:00:00.000Z';
const nowSeconds = Date.parse(startsAt) / 1000;
/** A sign-in that lasts long past any token's lifetime. */
const signIn = { ...claims, notAfter: new Date(Date.parse(startsAt) + 30 * 86_400_000) };

function tokensAt(at = startsAt) {
  const clock = controllableClock(at);
  return { clock, tokens: accessTokens({ ...config.auth, secret }, clock) };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token put together by hand, signed with `key`: for the headers and claims jose would never write. */
function handMade(header: object, payload: object, key = secret): string {
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
}

const validPayload = {
  sub: claims.userId,
  sid: claims.sessionId,
  iss: config.auth.issuer,
  aud: config.auth.audience,
  iat: nowSeconds,
  exp: nowSeconds + 60,
};

describe('access tokens', () => {
  it('verifies what it signs until the token expires, at its expiry second exactly', async () => {
    const { clock, tokens } = tokensAt();
    const token = await tokens.sign(signIn);
    expect(tokens.verify(token)).toEqual(claims);
    clock.advance(config.auth.accessTokenTtlSeconds * 1000 - 1);
    expect(tokens.verify(token)).toEqual(claims);
    clock.advance(1);
    expect(tokens.verify(token)).toBeNull();
  });

  it('never outlives its sign-in: a token issued near the sign-in’s end expires with it', async () => {
    const { clock, tokens } = tokensAt();
    const token = await tokens.sign({ ...claims, notAfter: new Date(Date.parse(startsAt) + 90_000) });
    clock.advance(89_999);
    expect(tokens.verify(token)).toEqual(claims);
    clock.advance(1);
    expect(tokens.verify(token)).toBeNull();
  });

  it('carries a verified address, and only one it signed as verified', async () => {
    const { tokens } = tokensAt();
    const verified = { ...claims, verifiedEmail: 'fan@example.com' };
    expect(tokens.verify(await tokens.sign({ ...signIn, verifiedEmail: 'fan@example.com' }))).toEqual(verified);
    expect(tokens.verify(await tokens.sign(signIn))).toEqual(claims);
    const carried = { ...validPayload, email: 'fan@example.com', email_verified: true };
    expect(tokens.verify(handMade({ alg: 'HS256' }, carried))).toEqual(verified);
    // An address not marked verified, or not text, is no verified address: the purchase reads it instead.
    for (const payload of [
      { ...carried, email_verified: false },
      { ...carried, email_verified: 'true' },
      { ...validPayload, email: 'fan@example.com' },
      { ...carried, email: 42 },
      { ...carried, email: '' },
    ]) {
      expect(tokens.verify(handMade({ alg: 'HS256' }, payload))).toEqual(claims);
    }
  });

  it('agrees with jose: a token jose signs with the secret verifies, with an audience list too', async () => {
    const { tokens } = tokensAt();
    const signed = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(config.auth.issuer)
      .setAudience(['someone-else', config.auth.audience])
      .setExpirationTime(nowSeconds + 60)
      .sign(new TextEncoder().encode(secret));
    expect(tokens.verify(signed)).toEqual(claims);
    expect(tokens.verify(handMade({ alg: 'HS256', typ: 'JWT' }, validPayload))).toEqual(claims);
  });

  it('refuses a token changed anywhere, signed with another secret, or with its signature in another spelling', async () => {
    const { tokens } = tokensAt();
    const token = await tokens.sign(signIn);
    // Checked once first, so the variants below meet a token this instance remembers.
    expect(tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = (text: string) => `${text.slice(0, -1)}${text.at(-1) === 'A' ? 'B' : 'A'}`;
    expect(tokens.verify(`${header}.${payload}.${flipped(signature)}`)).toBeNull();
    expect(tokens.verify(`${header}.${base64url({ ...validPayload, sub: 'someone-else' })}.${signature}`)).toBeNull();
    expect(tokens.verify(`${flipped(header)}.${payload}.${signature}`)).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS256' }, validPayload, `${secret}-other`))).toBeNull();
    // node's decoder would skip a character it does not know; the comparison is of the exact text.
    expect(tokens.verify(`${header}.${payload}.${signature}=`)).toBeNull();
    expect(tokens.verify(`${header}.${payload}.${signature.slice(0, 10)}*${signature.slice(10)}`)).toBeNull();
    expect(tokens.verify(`${header}.${payload}.`)).toBeNull();
  });

  it('keeps checking a remembered token’s times: not before its nbf, and never again once expired', () => {
    const { clock, tokens } = tokensAt();
    const early = handMade({ alg: 'HS256' }, { ...validPayload, nbf: nowSeconds + 10, exp: nowSeconds + 20 });
    expect(tokens.verify(early)).toBeNull();
    clock.advance(10_000);
    expect(tokens.verify(early)).toEqual(claims);
    clock.advance(9_999);
    expect(tokens.verify(early)).toEqual(claims);
    clock.advance(1);
    expect(tokens.verify(early)).toBeNull();
  });

  it('refuses any other algorithm, a critical header, and tokens that are not three parts', () => {
    const { tokens } = tokensAt();
    expect(tokens.verify(handMade({ alg: 'none' }, validPayload))).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS512' }, validPayload))).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS256', crit: ['b64'], b64: false }, validPayload))).toBeNull();
    expect(tokens.verify(`${base64url({ alg: 'none' })}.${base64url(validPayload)}.`)).toBeNull();
    const token = handMade({ alg: 'HS256' }, validPayload);
    for (const malformed of ['', '.', '..', 'a.b', `${token}.x`, `.${token}`, token.replace('.', '..')]) {
      expect(tokens.verify(malformed)).toBeNull();
    }
  });

  it('refuses another issuer or audience, a token not yet valid, and missing or mistyped claims', () => {
    const { tokens } = tokensAt();
    const refused = [
      { ...validPayload, iss: 'https://elsewhere.example' },
      { ...validPayload, aud: 'another-api' },
      { ...validPayload, aud: ['another-api'] },
      { ...validPayload, nbf: nowSeconds + 1 },
      { ...validPayload, nbf: String(nowSeconds) },
      { ...validPayload, iat: String(nowSeconds) },
      { ...validPayload, exp: String(nowSeconds + 60) },
      { ...validPayload, exp: undefined },
      { ...validPayload, sid: undefined },
      { ...validPayload, sub: 42 },
    ];
    for (const payload of refused) expect(tokens.verify(handMade({ alg: 'HS256' }, payload))).toBeNull();
    expect(tokens.verify(handMade({ alg: 'HS256' }, { ...validPayload, nbf: nowSeconds }))).toEqual(claims);
    // A signed payload that is not a JSON object at all.
    expect(tokens.verify(handMade({ alg: 'HS256' }, ['not', 'claims']))).toBeNull();
    const notJson = `${base64url({ alg: 'HS256' })}.${Buffer.from('{').toString('base64url')}`;
    expect(tokens.verify(`${notJson}.${createHmac('sha256', secret).update(notJson).digest('base64url')}`)).toBeNull();
  });

  it('refuses a social sign-up token, signed with the same secret for another audience', async () => {
    const { clock, tokens } = tokensAt();
    const signUpToken = await socialSignUpTokens(secret, config.auth.issuer, clock).sign({
      provider: 'google',
      providerUserId: claims.userId,
      email: 'fan@example.com',
      name: null,
      picture: null,
    });
    expect(tokens.verify(signUpToken)).toBeNull();
  });
});
