import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { TTokenPair } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { coalescedReads } from '../../db/coalesced-reads.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { DAY_MS, type Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { verifiedEmailOf } from '../users/verified-emails.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { EndedSessions } from './ended-sessions.ts';
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
  const expiresAt = new Date(now.getTime() + deps.config.auth.sessionTtlDays * DAY_MS);
  await tx.insert(sessions).values({
    id: sessionId,
    userId,
    createdAt: now,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    ipAddress: meta.ip,
    reauthenticatedAt: options.isReauthentication ? now : null,
  });
  return issueTokenPair(tx, deps, { userId, sessionId, sessionExpiresAt: expiresAt });
}

/**
 * A refresh token and an access token that expires with its sign-in at the latest (ended-sessions.ts relies on it).
 * The refresh token is new and random, unless a rotation gives the one it derived (refresh-session.ts).
 */
export async function issueTokenPair(
  tx: Db,
  deps: SessionDeps,
  session: { userId: string; sessionId: string; sessionExpiresAt: Date },
  refreshToken: string = newSecretToken(),
): Promise<TTokenPair> {
  await tx.insert(refreshTokens).values({
    id: newId(),
    sessionId: session.sessionId,
    tokenHash: hashSecretToken(refreshToken),
    createdAt: deps.clock.now(),
  });
  return { accessToken: await signAccessToken(tx, deps, session), refreshToken };
}

/** An access token for a sign-in, valid until its sign-in ends at the latest. */
export async function signAccessToken(
  tx: Db,
  deps: SessionDeps,
  session: { userId: string; sessionId: string; sessionExpiresAt: Date },
): Promise<string> {
  return deps.tokens.sign({
    userId: session.userId,
    sessionId: session.sessionId,
    verifiedEmail: await verifiedEmailOf(tx, session.userId),
    notAfter: session.sessionExpiresAt,
  });
}

export async function revokeSession(tx: Db, sessionId: string, reason: string, now: Date): Promise<void> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  readAgainHere(
    ended.map((session) => session.id),
    now,
  );
}

/**
 * Ends one sign-in of this user that is still going: one conditional update, so a sign-in that is not theirs, already
 * ended or past its lifetime is untouched, and whether it was ended is the answer.
 */
export async function revokeSessionOf(
  tx: Db,
  userId: string,
  sessionId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  readAgainHere(
    ended.map((session) => session.id),
    now,
  );
  return ended.length > 0;
}

/**
 * Ends every sign-in of a user, or every one but `exceptSessionId` (the one changing the password keeps going); how
 * many of them were still going (past their lifetime, the others are ended too but had ended already for the person).
 */
export async function revokeUserSessions(
  tx: Db,
  userId: string,
  reason: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  readAgainHere(
    ended.map((session) => session.id),
    now,
  );
  return ended.filter((session) => session.expiresAt > now).length;
}

/**
 * Sign-ins this instance is ending, read from the database (not trusted from memory) for a while: the trigger's
 * announcement reaches this instance's own listener only after the commit, and a request in between must see the
 * sign-in ended as soon as the database does. A transaction that rolls back leaves them alive, as the database says.
 */
const readAgain = new Map<string, number>();
const READ_AGAIN_MS = 10_000;

function readAgainHere(sessionIds: readonly string[], now: Date): void {
  for (const sessionId of sessionIds) {
    confirmedAlive.delete(sessionId);
    readAgain.set(sessionId, now.getTime() + READ_AGAIN_MS);
  }
  for (const [sessionId, until] of readAgain) if (until <= now.getTime()) readAgain.delete(sessionId);
}

/**
 * Sign-ins this process found alive, and until when it trusts that without asking the database again (the app clock's
 * milliseconds). Ending a sign-in here forgets it at once; ended by another instance, it is trusted at most
 * `confirmFor` longer: that is the bound on how long a signed-out token keeps working across instances.
 */
const confirmedAlive = new Map<string, { userId: string; sessionId: string; until: number }>();
const MAX_CONFIRMED = 100_000;

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
 * its lifetime). While this instance hears every ended sign-in (`ended`, decision record 42) that is known without a
 * read; otherwise it is one primary-key read, shared with the other checks of the same turn of the event loop
 * (coalescedReads), and kept for `confirmFor` milliseconds (SESSION_CHECK_CACHE_MS) so a burst of requests from one
 * person does not read it again. The token's own expiry, checked before this, is never later than its sign-in's.
 */
export async function isSessionAlive(
  db: Db,
  claims: { sessionId: string; userId: string },
  now: Date,
  options: { confirmFor?: number; ended?: EndedSessions | undefined } = {},
): Promise<boolean> {
  const known = options.ended?.stateOf(claims.sessionId) ?? 'unknown';
  if (known === 'ended') return false;
  const isEndingHere = (readAgain.get(claims.sessionId) ?? 0) > now.getTime();
  if (known === 'alive' && !isEndingHere) return true;
  const confirmed = confirmedAlive.get(claims.sessionId);
  if (confirmed && confirmed.userId === claims.userId && confirmed.until > now.getTime()) return true;
  const session = await unrevokedSessionReader(db)(claims.sessionId);
  if (!session || session.userId !== claims.userId || session.expiresAt <= now) return false;
  const confirmFor = options.confirmFor ?? 0;
  if (confirmFor > 0 && !isEndingHere) {
    if (confirmedAlive.size >= MAX_CONFIRMED) confirmedAlive.clear();
    const until = Math.min(now.getTime() + confirmFor, session.expiresAt.getTime());
    confirmedAlive.set(claims.sessionId, { userId: claims.userId, sessionId: claims.sessionId, until });
  }
  return true;
}
