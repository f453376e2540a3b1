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

/** Short-lived JWTs; algorithm, issuer, audience and expiry are all checked, against the app's clock. */
export function accessTokens(config: TConfig['auth'] & { secret: string }, clock: Clock): AccessTokens {
  // Imported once: given raw bytes, jose imports a new key for every token it signs or checks.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(config.secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
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
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: config.issuer,
          audience: config.audience,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'sid', 'exp'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
