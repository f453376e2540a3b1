import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TOAuthProvider } from '@cypher/contract';
import type { Clock } from '../../lib/clock.ts';
import type { StandInIdentity } from './stand-in-identities.ts';

const CODE_LIFETIME_MS = 60_000;
const ACCESS_TOKEN_LIFETIME_MS = 60 * 60_000;

interface PendingCode {
  provider: TOAuthProvider;
  identity: StandInIdentity;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
}

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) must equal the challenge sent to the authorize endpoint. */
function matchesChallenge(codeVerifier: string, codeChallenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(codeVerifier).digest('base64url'));
  const expected = Buffer.from(codeChallenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export type RedeemOutcome =
  { ok: true; accessToken: string } | { ok: false; error: 'invalid_grant'; description: string };

/**
 * The stand-in provider's memory: authorization codes (one minute, single use, bound to client, redirect URI and
 * PKCE challenge) and the access tokens they buy. In memory on purpose: it is one development process talking to
 * itself, and a restart simply means picking an identity again.
 */
export function standInGrants(clock: Clock) {
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, { provider: TOAuthProvider; identity: StandInIdentity; expiresAt: number }>();

  return {
    issueCode(grant: Omit<PendingCode, 'expiresAt'>): string {
      // Codes nobody came back for would otherwise pile up for the life of the process.
      for (const [code, pending] of codes) if (pending.expiresAt < clock.now().getTime()) codes.delete(code);
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { ...grant, expiresAt: clock.now().getTime() + CODE_LIFETIME_MS });
      return code;
    },

    redeemCode(input: {
      provider: TOAuthProvider;
      code: string;
      clientId: string;
      redirectUri: string | undefined;
      codeVerifier: string | undefined;
    }): RedeemOutcome {
      const pending = codes.get(input.code);
      // Spent on first sight, right or wrong: a code is never worth a second try.
      codes.delete(input.code);
      const now = clock.now().getTime();
      if (!pending || pending.expiresAt < now || pending.provider !== input.provider) {
        return { ok: false, error: 'invalid_grant', description: 'unknown, used or expired code' };
      }
      if (pending.clientId !== input.clientId || pending.redirectUri !== input.redirectUri) {
        return { ok: false, error: 'invalid_grant', description: 'code issued to another client or redirect URI' };
      }
      if (!input.codeVerifier || !matchesChallenge(input.codeVerifier, pending.codeChallenge)) {
        return { ok: false, error: 'invalid_grant', description: 'code_verifier does not match the code_challenge' };
      }
      const accessToken = randomBytes(24).toString('base64url');
      accessTokens.set(accessToken, {
        provider: pending.provider,
        identity: pending.identity,
        expiresAt: now + ACCESS_TOKEN_LIFETIME_MS,
      });
      return { ok: true, accessToken };
    },

    identityFor(provider: TOAuthProvider, accessToken: string): StandInIdentity | null {
      const grant = accessTokens.get(accessToken);
      if (!grant || grant.provider !== provider || grant.expiresAt < clock.now().getTime()) return null;
      return grant.identity;
    },
  };
}
