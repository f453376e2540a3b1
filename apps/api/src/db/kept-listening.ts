import { sql } from 'drizzle-orm';
import type { Database, TListening } from './client.ts';

/*
 * Route: none · Writes: nothing (NOTIFY) · Reads: nothing · Tests: drops/live/drop-live.test.ts,
 * drops/live/sold-out-everywhere.test.ts, auth/session-revocations.test.ts.
 *
 * One PostgreSQL LISTEN/NOTIFY channel kept open for what instances tell each other (drop signals, decision record
 * 35; ended sign-ins, decision record 42): a connection of its own, outside the pool's transactions, asked to answer
 * every PING_EVERY_MS and listened on again with a backoff when it is lost. A NOTIFY sent in a transaction is delivered
 * only if it commits, in the order the transactions committed.
 */

export interface KeptListening {
  /**
   * True while this instance hears every notification sent on the channel: listening, and the connection answered
   * within the last ping interval and a half (a half-open connection looks open to its socket).
   */
  isListening(): boolean;
  /** Resolves once the first attempt to listen is over (listening or not). */
  ready(): Promise<void>;
  /**
   * Sends outside any transaction, through the listening connection (the pool's connections stay with the requests),
   * or the pool while that is down; a failure is only logged.
   */
  notify(payload: string): void;
  /**
   * Takes an advisory lock on the listening connection's session (TListening.tryLock): false when another session
   * holds it, or when not listening. Every lock taken is gone when the connection is lost (`onLost` is told then).
   */
  tryLock(lockClass: number, key: string): Promise<boolean>;
  /** Lets go of a lock taken with tryLock (nothing when the connection it was taken on is gone). */
  unlock(lockClass: number, key: string): void;
  close(): Promise<void>;
}

/** How often the listening connection is asked to answer by default; it has half of that to answer. */
const PING_EVERY_MS = 10_000;
const RETRY_MS = [250, 1_000, 2_000, 5_000, 10_000];

/**
 * Listens on `channel` and hands each payload to `onPayload`, in the order sent. When the connection is lost (or
 * stops answering), `onLost` is told at once, since what was sent meanwhile is gone; it listens again with a backoff
 * and says so with `onListening` (awaited before the next loss can be told).
 */
export function keepListening(deps: {
  database: Database;
  channel: string;
  /** What the log calls the channel ("drop signals"). */
  name: string;
  onPayload(payload: string): void;
  onLost(): void;
  onListening?(): void | Promise<void>;
  /** How often the connection must answer (PING_EVERY_MS by default). */
  pingEveryMs?: number;
  log?: (message: string, error?: unknown) => void;
}): KeptListening {
  const pingEveryMs = deps.pingEveryMs ?? PING_EVERY_MS;
  const patienceMs = pingEveryMs / 2;
  let listening: TListening | null = null;
  /** When the connection last answered (performance.now()): opened, a ping answered, a notification heard. */
  let answeredAt = 0;
  let isClosed = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;

  const lost = (error?: unknown) => {
    if (!listening) return;
    const was = listening;
    listening = null;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    void was.close();
    deps.log?.(`${deps.name} lost; listening again`, error);
    deps.onLost();
    scheduleRetry();
  };

  const scheduleRetry = () => {
    if (isClosed || retryTimer) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void listen();
    }, wait);
    retryTimer.unref();
  };

  async function listen(): Promise<void> {
    if (isClosed || listening) return;
    try {
      const opened = await deps.database.listen(
        deps.channel,
        (payload) => {
          answeredAt = performance.now();
          deps.onPayload(payload);
        },
        (error) => lost(error),
      );
      if (isClosed) {
        await opened.close();
        return;
      }
      listening = opened;
      answeredAt = performance.now();
      failures = 0;
      pingTimer = setInterval(() => {
        const pinged = listening;
        if (!pinged) return;
        const timeout = new Promise<never>((_, reject) => {
          setTimeout(() => reject(new Error('no answer from the listening connection')), patienceMs).unref();
        });
        Promise.race([pinged.ping(), timeout]).then(
          () => {
            if (listening === pinged) answeredAt = performance.now();
          },
          (error: unknown) => {
            if (listening === pinged) lost(error);
          },
        );
      }, pingEveryMs);
      pingTimer.unref();
      await deps.onListening?.();
    } catch (error) {
      failures += 1;
      deps.log?.(`could not listen for ${deps.name}; trying again`, error);
      if (listening) lost(error);
      else scheduleRetry();
    }
  }

  const first = listen();
  return {
    isListening: () => listening !== null && performance.now() - answeredAt <= pingEveryMs + patienceMs,
    ready: () => first,
    async tryLock(lockClass, key) {
      const held = listening;
      if (!held) return false;
      try {
        return (await held.tryLock(lockClass, key)) && listening === held;
      } catch (error) {
        deps.log?.(`could not take a lock on the ${deps.name} connection`, error);
        return false;
      }
    },
    unlock(lockClass, key) {
      listening
        ?.unlock(lockClass, key)
        .catch((error: unknown) => deps.log?.(`could not let go of a lock on ${deps.name}`, error));
    },
    notify(payload) {
      const sent = listening
        ? listening.notify(payload)
        : deps.database.db.execute(sql`select pg_notify(${deps.channel}, ${payload})`);
      sent.catch((error: unknown) => deps.log?.(`could not send on ${deps.name}`, error));
    },
    async close() {
      isClosed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (pingTimer) clearInterval(pingTimer);
      const was = listening;
      listening = null;
      await was?.close();
    },
  };
}
