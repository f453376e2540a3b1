import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { keepListening } from '../../../db/kept-listening.ts';
import { advisoryLockClasses } from '../../../db/advisory-locks.ts';

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
  /**
   * Becomes the one instance that publishes the drop's counts to nginx's fan-out (an advisory lock on the listening
   * connection): false when another instance is, or when not listening. Lost with the connection (onLost).
   */
  claimPublisher(dropId: string): Promise<boolean>;
  releasePublisher(dropId: string): void;
  close(): Promise<void>;
}

/**
 * Listens for drop signals on `database` and hands each to `onSignal`, in the order sent. When the connection is lost
 * (or stops answering), `onLost` is told at once, since what was sent meanwhile is gone; it listens again with a
 * backoff and says so with `onListening` (db/kept-listening.ts).
 */
export function dropSignals(deps: {
  database: Database;
  onSignal(signal: TDropSignal): void;
  onLost(): void;
  onListening?(): void;
  log?: (message: string, error?: unknown) => void;
}): DropSignals {
  const channel = keepListening({
    database: deps.database,
    channel: DROP_SIGNALS_CHANNEL,
    name: 'drop signals',
    onPayload: (payload) => {
      const signal = parsed(payload);
      if (signal) deps.onSignal(signal);
    },
    onLost: deps.onLost,
    onListening: deps.onListening,
    log: deps.log,
  });
  return {
    isListening: channel.isListening,
    ready: channel.ready,
    publish: (signal) => channel.notify(JSON.stringify(signal)),
    claimPublisher: (dropId) => channel.tryLock(advisoryLockClasses.liveCountsPublisher, dropId),
    releasePublisher: (dropId) => channel.unlock(advisoryLockClasses.liveCountsPublisher, dropId),
    close: channel.close,
  };
}
