import { and, eq, gt, isNull } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import type { TTokenPair } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { refreshTokens, sessions } from './auth.tables.ts';
import { hashSecretToken } from './secret-tokens.ts';
import { issueTokenPair, revokeSession, signAccessToken } from './sessions.ts';

/**
 * How long after a refresh token was spent it may be presented again and get the same next token (decision record 54):
 * a phone that lost the answer to its refresh, or a second tab that sent the same token at once, goes on signed in.
 * After it, or once the next token has been spent in turn, presenting it again is taken for theft.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

type TRefreshOutcome = { kind: 'rotated'; tokens: TTokenPair } | { kind: 'refused' };

/**
 * Route: POST /v1/users/authentications/auth-refresh · Writes: refresh_tokens, sessions · Tests: refresh-session.test.ts.
 *
 * Rotates a refresh token: the presented token is spent by a conditional update (so of many concurrent refreshes with
 * one token, one spends it), and its next token is issued in the same transaction. The next token is derived from the
 * spent one under the server secret, so that the same token presented again within the grace window answers the same
 * next token instead of a second one. Presented again later, or after the next token was itself spent, it is a sign
 * of theft: its whole sign-in is revoked, and that revocation commits even though the answer is 401.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string | null): Promise<TTokenPair> {
  if (!refreshToken) throw new AppError('SESSION_EXPIRED');
  const tokenHash = hashSecretToken(refreshToken);
  const nextToken = nextRefreshToken(ctx.authSecret, refreshToken);
  const now = ctx.clock.now();

  const outcome = await inTransaction(ctx.db, async (tx): Promise<TRefreshOutcome> => {
    // Of concurrent refreshes with one token, the others wait here for the one that spends it, then find it spent.
    const [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (spent) {
      const session = await liveSession(tx, spent.sessionId, now, { isRefreshed: true });
      if (!session) return { kind: 'refused' };
      return { kind: 'rotated', tokens: await issueTokenPair(tx, ctx, session, nextToken) };
    }

    const [reused] = await tx
      .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!reused) return { kind: 'refused' };
    const isWithinGrace = reused.usedAt !== null && now.getTime() - reused.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
    if (isWithinGrace && (await isUnspent(tx, reused.sessionId, nextToken))) {
      const session = await liveSession(tx, reused.sessionId, now, { isRefreshed: false });
      if (!session) return { kind: 'refused' };
      return {
        kind: 'rotated',
        tokens: { accessToken: await signAccessToken(tx, ctx, session), refreshToken: nextToken },
      };
    }
    await revokeSession(tx, reused.sessionId, 'refresh_token_reuse', now);
    return { kind: 'refused' };
  });

  if (outcome.kind === 'refused') throw new AppError('SESSION_EXPIRED');
  return outcome.tokens;
}

/**
 * The token that follows `spentToken` in its sign-in: as unguessable as a random one to anyone without the server
 * secret, and the same each time it is worked out, so a refresh answered twice answers the same pair.
 */
function nextRefreshToken(secret: string, spentToken: string): string {
  return createHmac('sha256', secret).update(`refresh-token-after:${spentToken}`).digest('base64url');
}

/** The next token of this sign-in exists and has not been spent: nobody has gone on from it yet. */
async function isUnspent(tx: Db, sessionId: string, nextToken: string): Promise<boolean> {
  const [next] = await tx
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, hashSecretToken(nextToken)), isNull(refreshTokens.usedAt)));
  return next?.sessionId === sessionId;
}

/** The sign-in if it is neither revoked nor past its lifetime; a rotation also records when it was refreshed. */
async function liveSession(tx: Db, sessionId: string, now: Date, { isRefreshed }: { isRefreshed: boolean }) {
  const live = and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));
  const columns = { userId: sessions.userId, sessionId: sessions.id, sessionExpiresAt: sessions.expiresAt };
  const [session] = isRefreshed
    ? await tx.update(sessions).set({ lastRefreshedAt: now }).where(live).returning(columns)
    : await tx.select(columns).from(sessions).where(live);
  return session;
}
