import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TTokenPair } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { refreshTokens, sessions } from './auth.tables.ts';
import { hashSecretToken } from './secret-tokens.ts';
import { issueTokenPair, revokeSession } from './sessions.ts';

type TRefreshOutcome = { kind: 'rotated'; tokens: TTokenPair } | { kind: 'refused' };

/**
 * Rotates a refresh token: the presented token is spent by a conditional update (so of many concurrent refreshes
 * with one token, one wins), and a new pair is issued in the same transaction. A token that was already spent is
 * a sign of theft: its whole sign-in is revoked, and that revocation commits even though the answer is 401.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string | null): Promise<TTokenPair> {
  if (!refreshToken) throw new AppError('SESSION_EXPIRED');
  const tokenHash = hashSecretToken(refreshToken);
  const now = ctx.clock.now();

  const outcome = await inTransaction(ctx.db, async (tx): Promise<TRefreshOutcome> => {
    const [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });

    if (!spent) {
      const [reused] = await tx
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (reused) await revokeSession(tx, reused.sessionId, 'refresh_token_reuse', now);
      return { kind: 'refused' };
    }

    const [session] = await tx
      .update(sessions)
      .set({ lastRefreshedAt: now })
      .where(and(eq(sessions.id, spent.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .returning({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt });
    if (!session) return { kind: 'refused' };
    return {
      kind: 'rotated',
      tokens: await issueTokenPair(tx, ctx, {
        userId: session.userId,
        sessionId: session.id,
        sessionExpiresAt: session.expiresAt,
      }),
    };
  });

  if (outcome.kind === 'refused') throw new AppError('SESSION_EXPIRED');
  return outcome.tokens;
}
