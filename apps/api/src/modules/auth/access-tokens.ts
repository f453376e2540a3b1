import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { TConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';

const ALGORITHM = 'HS256';
/**
 * Tokens whose signature this instance has checked, kept by their exact text (decision record 41): a buyer in a drop
 * rush sends the same token with every attempt, and the HMAC, two base64 decodings and two JSON parses were 3 % of an
 * instance's samples in the sale (2026-11-29). A buyer's first attempt is still checked in full; the retries after it
 * (every SOLD_OUT answer after the sell-out) are a lookup. Bounded: the oldest checked goes first. Expiry and `nbf` are
 * still checked against the clock on every request.
 */
const MAX_REMEMBERED_TOKENS = 20_000;

interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  /**
   * The person's email address if it was verified when the token was signed (lower case), else null. An address, once
   * verified, stays verified and is never changed (users/verified-emails.ts), so it holds for the token's life: a
   * purchase takes it from here instead of reading it (decision record 41). Null says only "not known to be verified
   * then": whoever needs it reads it.
   */
  verifiedEmail: string | null;
}

export interface AccessTokens {
  /** A token for the sign-in, expiring after ACCESS_TOKEN_TTL_SECONDS or at `notAfter`, whichever comes first. */
  sign(claims: AccessTokenClaims & { notAfter: Date }): Promise<string>;
  /** The claims of a valid token, or null for anything expired, forged, or made for another issuer or audience. */
  verify(token: string): AccessTokenClaims | null;
}

/**
 * Short-lived JWTs (HS256), signed with jose and checked here with node's own HMAC (decision record 41): every signed-in
 * request checks one, and in a drop rush every buyer's first request to an instance does, where WebCrypto's HMAC (jose's
 * only way) cost 80 µs a token and a fifth of an instance's busy time; this costs about 4 µs. Algorithm, issuer,
 * audience, expiry and the claims we rely on are all checked, against the app's clock. Whether the session is still
 * alive is a separate check (the auth guard's).
 */
export function accessTokens(config: TConfig['auth'] & { secret: string }, clock: Clock): AccessTokens {
  const secret = new TextEncoder().encode(config.secret);
  const key = createSecretKey(secret);
  const remembered = new Map<string, TCheckedToken>();
  return {
    sign: async ({ userId, sessionId, verifiedEmail, notAfter }) => {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const expiresAt = Math.min(issuedAt + config.accessTokenTtlSeconds, Math.floor(notAfter.getTime() / 1000));
      // OpenID Connect's names for it; absent rather than false while unverified.
      return new SignJWT({ sid: sessionId, ...(verifiedEmail ? { email: verifiedEmail, email_verified: true } : {}) })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(secret);
    },
    verify: (token) => {
      const nowSeconds = clock.now().getTime() / 1000;
      let checked = remembered.get(token);
      if (!checked) {
        const found = checkedClaims(signedPayload(token, key), config);
        if (!found) return null;
        checked = found;
        if (remembered.size >= MAX_REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value!);
        remembered.set(token, checked);
      }
      // As jose: expired at `exp` itself; not before `nbf`.
      if (checked.exp <= nowSeconds) {
        remembered.delete(token);
        return null;
      }
      if (checked.nbf !== undefined && checked.nbf > nowSeconds) return null;
      return checked.claims;
    },
  };
}

interface TCheckedToken {
  claims: AccessTokenClaims;
  exp: number;
  nbf: number | undefined;
}

/** A signed payload's claims and times when its issuer, audience and claim types are ours; null otherwise. */
function checkedClaims(
  payload: Record<string, unknown> | null,
  config: Pick<TConfig['auth'], 'issuer' | 'audience'>,
): TCheckedToken | null {
  if (!payload) return null;
  const { sub, sid, iss, aud, exp, nbf, iat, email, email_verified: isEmailVerified } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || iss !== config.issuer) return null;
  if (!(aud === config.audience || (Array.isArray(aud) && aud.includes(config.audience)))) return null;
  // `exp` a number; `nbf`, when present, a number; `iat`, when present, a number.
  if (typeof exp !== 'number') return null;
  if (nbf !== undefined && typeof nbf !== 'number') return null;
  if (iat !== undefined && typeof iat !== 'number') return null;
  const verifiedEmail = isEmailVerified === true && typeof email === 'string' && email !== '' ? email : null;
  return { claims: { userId: sub, sessionId: sid, verifiedEmail }, exp, nbf };
}

/**
 * A compact JWS's payload when its signature is ours and its header says HS256 with nothing we would have to
 * understand (`crit`); null otherwise. The signature is compared as the canonical base64url of our HMAC, in constant
 * time, before anything in the token is parsed: node's base64url decoder skips characters it does not know, so
 * decoding the token's signature instead would accept variants of it.
 */
function signedPayload(token: string, key: KeyObject): Record<string, unknown> | null {
  const headerEnd = token.indexOf('.');
  const payloadEnd = token.lastIndexOf('.');
  if (headerEnd <= 0 || payloadEnd <= headerEnd + 1 || token.indexOf('.', headerEnd + 1) !== payloadEnd) return null;
  const expected = Buffer.from(createHmac('sha256', key).update(token.slice(0, payloadEnd)).digest('base64url'));
  const given = Buffer.from(token.slice(payloadEnd + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const header = jsonObjectOf(token.slice(0, headerEnd));
  if (header?.alg !== ALGORITHM || header.crit !== undefined) return null;
  return jsonObjectOf(token.slice(headerEnd + 1, payloadEnd));
}

function jsonObjectOf(base64url: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(base64url, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
