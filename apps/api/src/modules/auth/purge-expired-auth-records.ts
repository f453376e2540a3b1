import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { accountKeys, mfaChallenges, sessionEnds, sessions } from './auth.tables.ts';
import { oauthStates } from './oauth/oauth.tables.ts';

/** Kept a while after they end, so reuse of an old refresh token is still recognised and answered as theft. */
const ENDED_SESSION_RETENTION_DAYS = 7;

/**
 * Removes sign-ins that expired or were revoked over a week ago (their refresh tokens go with them), the record of
 * sign-ins that ended over a day ago (session_ends), and email keys, SMS challenges and OAuth states a day past their
 * expiry. Runs hourly.
 */
export async function purgeExpiredAuthRecords(db: Db, now: Date) {
  const sessionCutoff = new Date(now.getTime() - ENDED_SESSION_RETENTION_DAYS * DAY_MS);
  const keyCutoff = new Date(now.getTime() - DAY_MS);
  const purgedSessions = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, sessionCutoff),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, sessionCutoff)),
      ),
    )
    .returning({ id: sessions.id });
  // An end is needed only while the sign-in's tokens could be valid (15 minutes): a day is ample.
  await db.delete(sessionEnds).where(lt(sessionEnds.endedAt, keyCutoff));
  const purgedKeys = await db
    .delete(accountKeys)
    .where(lt(accountKeys.expiresAt, keyCutoff))
    .returning({ id: accountKeys.id });
  const purgedChallenges = await db
    .delete(mfaChallenges)
    .where(lt(mfaChallenges.expiresAt, keyCutoff))
    .returning({ id: mfaChallenges.id });
  const purgedStates = await db
    .delete(oauthStates)
    .where(lt(oauthStates.expiresAt, keyCutoff))
    .returning({ stateHash: oauthStates.stateHash });
  return {
    sessions: purgedSessions.length,
    keys: purgedKeys.length,
    challenges: purgedChallenges.length,
    oauthStates: purgedStates.length,
  };
}
