import { sql, type SQL } from 'drizzle-orm';
import type { Database, TListening } from '../../../db/client.ts';

/*
 * Route: none of its own; GET /v1/drops/{id}/live and the purchase path use it (drop-live.ts) · Writes: nothing (NOTIFY)
 * · Reads: nothing · Tests: drop-live.test.ts, sold-out-everywhere.test.ts.
 *
 * What instances tell each other about drops (decision record 35), on one PostgreSQL LISTEN/NOTIFY channel: each
 * instance listens on one connection of its own, outside the pool's transactions, and anyone (an instance, a job, a
 * release's transaction) sends with pg_notify. A NOTIFY sent in a transaction is delivered only if it commits, and
 * every listener gets the notifications in the order their transactions committed: what lets a sell-out and a
 * released hold never be heard in the wrong order (announce-round-sold-out.ts).
 */

export const DROP_SIGNALS_CHANNEL = 'cypher_drop_signals';

export type TDropSignal =
  /** A purchase or a hold moved the drop's counts: read them again. */
  | { kind: 'changed'; dropId: string }
  /** The round has no pack unclaimed (held packs may come back: see 'released'). */
  | { kind: 'sold-out'; dropId: string; roundId: string }
  /** A held pack of the round went back on sale. */
  | { kind: 'released'; dropId: string; roundId: string };

/** Expression: sends the signal (on commit, inside a transaction). */
export function notifySignalSql(signal: TDropSignal): SQL {
  return sql`pg_notify(${DROP_SIGNALS_CHANNEL}, ${JSON.stringify(signal)})`;
}

function parsed(payload: string): TDropSignal | null {
  try {
    const signal = JSON.parse(payload) as Partial<TDropSignal>;
    if (typeof signal.dropId !== 'string') return null;
    if (signal.kind === 'changed') return { kind: 'changed', dropId: signal.dropId };
    if ((signal.kind === 'sold-out' || signal.kind === 'released') && typeof signal.roundId === 'string') {
      return { kind: signal.kind, dropId: signal.dropId, roundId: signal.roundId };
    }
  } catch {
    // Not ours: someone else's NOTIFY on the channel.
  }
  return null;
}

export interface DropSignals {
  /** True while this instance hears every signal sent. */
  isListening(): boolean;
  /** Resolves once the first attempt to listen is over (listening or not). */
  ready(): Promise<void>;
  /**
   * Sends a signal outside any transaction, through the listening connection (the pool's connections stay with the
   * requests), or the pool while that is down; a failure is only logged (the feeds' resync reads catch up).
   */
  publish(signal: TDropSignal): void;
  close(): Promise<void>;
}

/** How often the listening connection is asked to answer, and how long it has to. */
const PING_EVERY_MS = 10_000;
const PING_PATIENCE_MS = 5_000;
const RETRY_MS = [250, 1_000, 2_000, 5_000, 10_000];

/**
 * Listens for drop signals on `database` and hands each to `onSignal`, in the order sent. When the connection is lost
 * (or stops answering), `onLost` is told at once, since what was sent meanwhile is gone; it listens again with a
 * backoff and says so with `onListening`.
 */
export function dropSignals(deps: {
  database: Database;
  onSignal(signal: TDropSignal): void;
  onLost(): void;
  onListening?(): void;
  log?: (message: string, error?: unknown) => void;
}): DropSignals {
  let listening: TListening | null = null;
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
    deps.log?.('drop signals lost; listening again', error);
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
        DROP_SIGNALS_CHANNEL,
        (payload) => {
          const signal = parsed(payload);
          if (signal) deps.onSignal(signal);
        },
        (error) => lost(error),
      );
      if (isClosed) {
        await opened.close();
        return;
      }
      listening = opened;
      failures = 0;
      pingTimer = setInterval(() => {
        const pinged = listening;
        if (!pinged) return;
        const timeout = new Promise<never>((_, reject) => {
          setTimeout(() => reject(new Error('no answer from the listening connection')), PING_PATIENCE_MS).unref();
        });
        Promise.race([pinged.ping(), timeout]).catch((error: unknown) => {
          if (listening === pinged) lost(error);
        });
      }, PING_EVERY_MS);
      pingTimer.unref();
      deps.onListening?.();
    } catch (error) {
      failures += 1;
      deps.log?.('could not listen for drop signals; trying again', error);
      scheduleRetry();
    }
  }

  const first = listen();
  return {
    isListening: () => listening !== null,
    ready: () => first,
    publish(signal) {
      const sent = listening
        ? listening.notify(JSON.stringify(signal))
        : deps.database.db.execute(sql`select ${notifySignalSql(signal)}`);
      sent.catch((error: unknown) => deps.log?.('could not send a drop signal', error));
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
