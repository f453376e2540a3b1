import { generateCodeVerifier, generateState } from 'arctic';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TOAuthProvider } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { hashSecretToken } from '../secret-tokens.ts';
import { oauthStates, type TOAuthPurpose } from './oauth.tables.ts';

const OAUTH_STATE_LIFETIME_MS = 10 * 60 * 1000;

/** Starts a round trip: a fresh state and PKCE verifier, kept here; the state goes to the provider in the URL. */
export async function createOAuthState(
  db: Db,
  input: { provider: TOAuthProvider; purpose: TOAuthPurpose; userId: string | null; now: Date },
): Promise<{ state: string; codeVerifier: string }> {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  await db.insert(oauthStates).values({
    stateHash: hashSecretToken(state),
    provider: input.provider,
    purpose: input.purpose,
    codeVerifier,
    userId: input.userId,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + OAUTH_STATE_LIFETIME_MS),
  });
  return { state, codeVerifier };
}

/**
 * Spends a state: one conditional update, so a replayed or raced callback finds nothing. Spent before the provider
 * is called, so a failed exchange is not retried with the same code either: the person starts again. A state made
 * for another provider or purpose is as good as unknown.
 */
export async function consumeOAuthState(
  db: Db,
  input: { provider: TOAuthProvider; purpose: TOAuthPurpose; state: string; now: Date },
): Promise<{ codeVerifier: string; userId: string | null }> {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(oauthStates.stateHash, hashSecretToken(input.state)),
        eq(oauthStates.provider, input.provider),
        eq(oauthStates.purpose, input.purpose),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, input.now),
      ),
    )
    .returning({ codeVerifier: oauthStates.codeVerifier, userId: oauthStates.userId });
  if (!row) throw new AppError('OAUTH_STATE_INVALID');
  return row;
}
