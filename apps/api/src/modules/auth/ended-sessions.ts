import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { keepListening } from '../../db/kept-listening.ts';
import type { Clock } from '../../lib/clock.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sessionEnds } from './auth.tables.ts';

/*
 * Route: none of its own; every route behind requireAuth asks it (http/auth-guard.ts through isSessionAlive) · Writes:
 * nothing · Reads: session_ends (the last 16 minutes', when it starts listening) · Tests: ended-sessions.test.ts.
 *
 * Which sign-ins have ended, known to every instance without reading the session on each request (decision record
 * 42). An access token lives ACCESS_TOKEN_TTL_SECONDS and no longer than its sign-in, so the only tokens that are
 * valid by themselves and must still be refused are those of sign-ins ended within that lifetime. A trigger on
 * sessions records each one that ends in session_ends and sends its id on a LISTEN/NOTIFY channel (both only if its
 * transaction commits, whichever statement ended it); each instance, once listening, loads the ends of that window,
 * then adds each one it hears. While that holds, and the listening connection answered within the last three seconds,
 * a token's sign-in is alive if it is not among them. Otherwise (before the first load, from a lost or silent
 * connection until the next load) the auth guard reads the session as before.
 */

/** The channel the sessions table's triggers announce on (migration 0036): revoked, or deleted while alive. */
const ENDED_SESSIONS_CHANNEL = 'cypher_ended_sessions';

/** Clocks of instances and the database may differ a little; an ended sign-in is kept this much longer. */
const CLOCK_MARGIN_MS = 60_000;
/**
 * How often the listening connection must answer. A connection that stopped answering (half-open) is not noticed by
 * its socket; past one interval and a half without an answer, sign-ins are read again: the bound on how late an ended
 * sign-in can be refused, as SESSION_CHECK_CACHE_MS was before.
 */
const PING_EVERY_MS = 2_000;
/** More ended sign-ins than this in one window (an operator ending everyone's) and this instance reads them instead. */
const MAX_KEPT = 200_000;

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
    // Listening first, then loading: a sign-in ended in between is both heard and loaded, never missed. Each end's age
    // is the database's own (clock_timestamp() when its statement ran), kept here on this instance's clock.
    async onListening() {
      connection += 1;
      isComplete = false;
      const loadingFor = connection;
      const rows = await queryRows<{ session_id: string; age_ms: number | string }>(
        deps.database.db,
        sql`select ${sessionEnds.sessionId} as session_id,
                   extract(epoch from clock_timestamp() - ${sessionEnds.endedAt}) * 1000 as age_ms
            from ${sessionEnds}
            where ${sessionEnds.endedAt} > clock_timestamp() - make_interval(secs => ${keepForMs / 1000})
            order by ${sessionEnds.endedAt}`,
      );
      const now = deps.clock.now().getTime();
      for (const row of rows) add(row.session_id, now + keepForMs - Number(row.age_ms));
      if (loadingFor === connection) isComplete = true;
    },
    pingEveryMs: PING_EVERY_MS,
    log: deps.log,
  });

  return {
    stateOf(sessionId) {
      const until = ended.get(sessionId);
      if (until !== undefined && until > deps.clock.now().getTime()) return 'ended';
      return isComplete && channel.isListening() && ended.size <= MAX_KEPT ? 'alive' : 'unknown';
    },
    ready: channel.ready,
    async close() {
      isComplete = false;
      await channel.close();
    },
  };
}
