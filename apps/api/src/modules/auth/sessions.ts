import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TTokenPair } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { DAY_MS, type Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessTokens } from './access-tokens.ts';
import { refreshTokens, sessions } from './auth.tables.ts';
import type { RequestMeta } from './rate-limits.ts';
import { hashSecretToken, newSecretToken } from './secret-tokens.ts';

export interface SessionDeps {
  clock: Clock;
  tokens: AccessTokens;
  config: { auth: { sessionTtlDays: number } };
}

/**
 * Opens a sign-in (a refresh-token family) and issues its first token pair. `isReauthentication` marks it as
 * confirmed for sensitive changes right away, for sign-ins where the provider has just authenticated the person
 * (Google): an account without a password has no other way to re-authenticate.
 */
export async function startSession(
  tx: Db,
  deps: SessionDeps,
  userId: string,
  meta: RequestMeta,
  options: { isReauthentication?: boolean } = {},
): Promise<TTokenPair> {
  const now = deps.clock.now();
  const sessionId = newId();
  await tx.insert(sessions).values({
    id: sessionId,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.auth.sessionTtlDays * DAY_MS),
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    ipAddress: meta.ip,
    reauthenticatedAt: options.isReauthentication ? now : null,
  });
  return issueTokenPair(tx, deps, userId, sessionId);
}

export async function issueTokenPair(tx: Db, deps: SessionDeps, userId: string, sessionId: string): Promise<TTokenPair> {
  const refreshToken = newSecretToken();
  await tx.insert(refreshTokens).values({
    id: newId(),
    sessionId,
    tokenHash: hashSecretToken(refreshToken),
    createdAt: deps.clock.now(),
  });
  const accessToken = await deps.tokens.sign({ userId, sessionId });
  return { accessToken, refreshToken };
}

export async function revokeSession(tx: Db, sessionId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every sign-in of a user, or every one but `exceptSessionId` (the one changing the password keeps going). */
export async function revokeUserSessions(
  tx: Db,
  userId: string,
  reason: string,
  now: Date,
  exceptSessionId?: string,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}
