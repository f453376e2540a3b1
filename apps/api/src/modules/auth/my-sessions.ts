import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { MAX_LISTED_SESSIONS, type TMySessions, type TSessionsEnded } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import type { Principal } from '../../http/auth-guard.ts';
import { sessions } from './auth.tables.ts';
import { deviceName } from './device-names.ts';
import { revokeSessionOf, revokeUserSessions } from './sessions.ts';

/**
 * Route: GET, DELETE /v1/users/sessions(/{id}) and POST /v1/users/sessions/end-others · Writes: sessions (revoked_at;
 * its trigger tells every instance, decision record 42) · UI: the account security page's "Where you are signed in" ·
 * Tests: my-sessions.test.ts.
 *
 * A person's sign-ins still going, and ending one or all but this one: for a phone lost or a shared computer left
 * signed in. Ending asks for no password again: it only takes access away, and someone holding a stolen sign-in
 * could do no more with it than sign the owner out, who signs in again and changes the password (which ends every
 * other sign-in, the thief's too).
 */
export async function listMySessions(ctx: AppContext, principal: Principal): Promise<TMySessions> {
  const now = ctx.clock.now();
  const live = and(eq(sessions.userId, principal.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));
  const lastActiveAt = sql<Date>`coalesce(${sessions.lastRefreshedAt}, ${sessions.createdAt})`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
        createdAt: sessions.createdAt,
        lastActiveAt: sql<string>`to_char(${lastActiveAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(sessions)
      .where(live)
      // This one first, then the others by their latest use.
      .orderBy(desc(sql`${sessions.id} = ${principal.sessionId}`), desc(lastActiveAt), desc(sessions.id))
      .limit(MAX_LISTED_SESSIONS),
    ctx.db.select({ count: count() }).from(sessions).where(live),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      device: deviceName(row.userAgent),
      ipAddress: row.ipAddress,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.lastActiveAt,
      isCurrent: row.id === principal.sessionId,
    })),
    total: total?.count ?? 0,
  };
}

/** Ends one of my sign-ins (this one too: that is signing out). Already ended, or not mine: SESSION_NOT_FOUND. */
export async function endMySession(ctx: AppContext, principal: Principal, sessionId: string): Promise<void> {
  const reason = sessionId === principal.sessionId ? 'logout' : 'ended_by_owner';
  if (!(await revokeSessionOf(ctx.db, principal.userId, sessionId, reason, ctx.clock.now()))) {
    throw new AppError('SESSION_NOT_FOUND');
  }
}

/** Ends every sign-in of mine but this one. */
export async function endMyOtherSessions(ctx: AppContext, principal: Principal): Promise<TSessionsEnded> {
  const endedCount = await revokeUserSessions(
    ctx.db,
    principal.userId,
    'ended_by_owner',
    ctx.clock.now(),
    principal.sessionId,
  );
  return { endedCount };
}
