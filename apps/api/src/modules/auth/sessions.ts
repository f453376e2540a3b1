import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TTokenPair } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { coalescedReads } from '../../db/coalesced-reads.ts';
import { preparedQuery } from '../../db/prepared.ts';
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

export async function issueTokenPair(
  tx: Db,
  deps: SessionDeps,
  userId: string,
  sessionId: string,
): Promise<TTokenPair> {
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
  forgetConfirmedSessions((session) => session.sessionId === sessionId);
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
  forgetConfirmedSessions((session) => session.userId === userId && session.sessionId !== exceptSessionId);
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

/**
 * Sign-ins this process found alive, and until when it trusts that without asking the database again (the app clock's
 * milliseconds). Ending a sign-in here forgets it at once; ended by another instance, it is trusted at most
 * `confirmFor` longer: that is the bound on how long a signed-out token keeps working across instances.
 */
const confirmedAlive = new Map<string, { userId: string; sessionId: string; until: number }>();
const MAX_CONFIRMED = 100_000;

function forgetConfirmedSessions(matches: (session: { userId: string; sessionId: string }) => boolean): void {
  for (const [sessionId, session] of confirmedAlive) if (matches(session)) confirmedAlive.delete(sessionId);
}

/** Each database handle's reader of unrevoked sign-ins by id, the checks of one turn of the event loop together. */
const unrevokedSessionReaders = new WeakMap<
  Db,
  (sessionId: string) => Promise<{ userId: string; expiresAt: Date } | undefined>
>();

function unrevokedSessionReader(db: Db) {
  let reader = unrevokedSessionReaders.get(db);
  if (!reader) {
    // One prepared statement for any number of ids (an array parameter): a list of `$n` per id was a statement of
    // its own for each count, planned on every read (pg_stat_statements in a drop rush).
    const query = preparedQuery(db, 'unrevoked_sessions', (handle) =>
      handle
        .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(sql`${sessions.id} = any(${sql.placeholder('ids')}::uuid[])`, isNull(sessions.revokedAt)))
        .prepare('unrevoked_sessions'),
    );
    reader = coalescedReads(async (ids: string[]) => {
      const rows = await query.execute({ ids });
      return new Map(rows.map((row) => [row.id, { userId: row.userId, expiresAt: row.expiresAt }]));
    });
    unrevokedSessionReaders.set(db, reader);
  }
  return reader;
}

/**
 * Whether the sign-in an access token names is still alive (not signed out, not ended by a password change, not past
 * its lifetime): one primary-key read, shared with the other checks of the same turn of the event loop (coalescedReads:
 * a drop opening's thousands of first requests a second cost a few queries, not a round trip each), and kept for
 * `confirmFor` milliseconds (SESSION_CHECK_CACHE_MS) so a burst of requests from one person does not read it again.
 */
export async function isSessionAlive(
  db: Db,
  claims: { sessionId: string; userId: string },
  now: Date,
  confirmFor = 0,
): Promise<boolean> {
  const confirmed = confirmedAlive.get(claims.sessionId);
  if (confirmed && confirmed.userId === claims.userId && confirmed.until > now.getTime()) return true;
  const session = await unrevokedSessionReader(db)(claims.sessionId);
  if (!session || session.userId !== claims.userId || session.expiresAt <= now) return false;
  if (confirmFor > 0) {
    if (confirmedAlive.size >= MAX_CONFIRMED) confirmedAlive.clear();
    const until = Math.min(now.getTime() + confirmFor, session.expiresAt.getTime());
    confirmedAlive.set(claims.sessionId, { userId: claims.userId, sessionId: claims.sessionId, until });
  }
  return true;
}
