import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ZOAuthProvider } from '@cypher/contract';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';

/** Long enough to read the terms before agreeing; short enough that a leaked token soon means nothing. */
const SOCIAL_SIGN_UP_LIFETIME_SECONDS = 30 * 60;
const AUDIENCE = 'cypher-social-sign-up';

const ZSocialSignUpClaims = z.object({
  provider: ZOAuthProvider,
  providerUserId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
});
export type TSocialSignUpClaims = z.infer<typeof ZSocialSignUpClaims>;

/**
 * What a provider told us about a new person, signed with the server secret, so the sign-up that follows can trust
 * the email as verified without keeping anything on the server in between. Its own audience keeps it from ever
 * passing for an access token.
 */
export function socialSignUpTokens(secret: string, issuer: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: TSocialSignUpClaims): Promise<string> {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SOCIAL_SIGN_UP_LIFETIME_SECONDS)
        .sign(key);
    },
    async verify(token: string): Promise<TSocialSignUpClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer,
          audience: AUDIENCE,
          currentDate: clock.now(),
        });
        return ZSocialSignUpClaims.parse(payload);
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof z.ZodError) {
          throw new AppError('SOCIAL_SIGN_UP_EXPIRED', { cause: error });
        }
        throw error;
      }
    },
  };
}
