import { and, asc, gt, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { keepListening } from '../../db/kept-listening.ts';
import type { Clock } from '../../lib/clock.ts';
import { sessions } from './auth.tables.ts';

/*
 * Route: none of its own; every route behind requireAuth asks it (http/auth-guard.ts through isSessionAlive) · Writes:
 * nothing (NOTIFY) · Reads: sessions (those ended within an access token's lifetime, when it starts listening) · Tests:
 * ended-sessions.test.ts.
 *
 * Which sign-ins have ended, known to every instance without reading the session on each request (decision record
 * 42). An access token lives ACCESS_TOKEN_TTL_SECONDS and no longer than its sign-in, so the only tokens that are
 * valid by themselves and must still be refused are those of sign-ins ended within that lifetime: a trigger on
 * sessions sends the id of each one that ends on a LISTEN/NOTIFY channel (delivered if its transaction commits,
 * whichever statement ended it), and each instance, once listening,
 * loads the ones ended in that window, then adds each one it hears. While that holds, a token's sign-in is alive if it
 * is not among them. While it does not (before the first load, after the connection is lost and until it is back),
 * the auth guard reads the session as before.
 */

/** The channel the sessions table's triggers announce on (migration 0036): revoked, or deleted while alive. */
const ENDED_SESSIONS_CHANNEL = 'cypher_ended_sessions';

/** Clocks of instances and the database may differ a little; an ended sign-in is kept this much longer. */
const CLOCK_MARGIN_MS = 60_000;

export interface EndedSessions {
  /**
   * 'ended': the sign-in is known to have ended; 'alive': this instance hears every ended sign-in and this one is
   * not among them; 'unknown': read it (not listening, or not loaded yet).
   */
  stateOf(sessionId: string): 'ended' | 'alive' | 'unknown';
  /** Resolves once the first attempt to listen and load is over (done or not). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function endedSessions(deps: {
  database: Database;
  clock: Clock;
  accessTokenTtlSeconds: number;
  log?: (message: string, error?: unknown) => void;
}): EndedSessions {
  const keepForMs = deps.accessTokenTtlSeconds * 1000 + CLOCK_MARGIN_MS;
  /** Ended sign-ins by id, until when they could still have a valid token; in insertion order, oldest first. */
  const ended = new Map<string, number>();
  /** True once the window was loaded on the connection listening now; each loss or new connection starts over. */
  let isComplete = false;
  let connection = 0;

  function add(sessionId: string, until: number): void {
    ended.delete(sessionId);
    ended.set(sessionId, until);
    // Entries arrive in about the order they end: dropping from the front keeps the map to the window's own.
    const now = deps.clock.now().getTime();
    for (const [oldest, oldestUntil] of ended) {
      if (oldestUntil > now) break;
      ended.delete(oldest);
    }
  }

  const channel = keepListening({
    database: deps.database,
    channel: ENDED_SESSIONS_CHANNEL,
    name: 'ended sign-ins',
    onPayload: (sessionId) => add(sessionId, deps.clock.now().getTime() + keepForMs),
    onLost() {
      connection += 1;
      isComplete = false;
    },
    // Listening first, then loading: a sign-in ended in between is both heard and loaded, never missed.
    async onListening() {
      connection += 1;
      isComplete = false;
      const loadingFor = connection;
      const since = new Date(deps.clock.now().getTime() - keepForMs);
      const rows = await deps.database.db
        .select({ id: sessions.id, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(and(isNotNull(sessions.revokedAt), gt(sessions.revokedAt, since)))
        .orderBy(asc(sessions.revokedAt));
      for (const row of rows) add(row.id, row.revokedAt!.getTime() + keepForMs);
      isComplete = loadingFor === connection;
    },
    log: deps.log,
  });

  return {
    stateOf(sessionId) {
      const until = ended.get(sessionId);
      if (until !== undefined && until > deps.clock.now().getTime()) return 'ended';
      return isComplete && channel.isListening() ? 'alive' : 'unknown';
    },
    ready: channel.ready,
    async close() {
      isComplete = false;
      await channel.close();
    },
  };
}
