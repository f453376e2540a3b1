import { SignJWT, jwtVerify, errors } from 'jose';
import type { TConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';

const ALGORITHM = 'HS256';

interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything expired, forged, or made for another issuer or audience. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

/** Tokens whose signature this process has checked, kept until they expire; more than this and the oldest half goes. */
const VERIFIED_TOKENS_KEPT = 50_000;

/**
 * Short-lived JWTs; algorithm, issuer, audience and expiry are all checked, against the app's clock. A token whose
 * signature checked out once is remembered with its claims until its expiry, so a signed-in reader's every request does
 * not pay for an HMAC through WebCrypto again (a tenth of a read's CPU in the `collection` bench's profile): the same
 * bytes cannot verify differently, and the expiry is still checked each time. Whether the session is still alive is a
 * separate check (the auth guard's), untouched by this.
 */
export function accessTokens(config: TConfig['auth'] & { secret: string }, clock: Clock): AccessTokens {
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();
  function remember(token: string, claims: AccessTokenClaims, expiresAtMs: number) {
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      // Insertion order is oldest first; dropping the first half keeps the cost of a full map bounded.
      let dropped = 0;
      for (const key of verified.keys()) {
        if (dropped++ >= VERIFIED_TOKENS_KEPT / 2) break;
        verified.delete(key);
      }
    }
    verified.set(token, { claims, expiresAtMs });
  }
  // Imported once: given raw bytes, jose imports a new key for every token it signs or checks.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(config.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    sign: async ({ userId, sessionId }) => {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + config.accessTokenTtlSeconds)
        .sign(await key);
    },
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > clock.now().getTime()) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: config.issuer,
          audience: config.audience,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'sid', 'exp'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        const claims = { userId: payload.sub, sessionId: payload.sid };
        remember(token, claims, payload.exp! * 1000);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
