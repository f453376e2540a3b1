import type { Database } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { announceRoundSoldOut } from './announce-round-sold-out.ts';
import { dropFeeds, type DropFeeds } from './drop-feeds.ts';
import { dropSignals, type DropSignals, type TDropSignal } from './drop-signals.ts';
import { nginxFanout } from './nginx-fanout.ts';

/*
 * Route: GET /v1/drops/{id}/live (drop-live.routes.ts), and what the purchase path tells it (orders/live-hooks.ts) ·
 * Writes: nothing · Reads: through its feeds and announcements · Tests: drop-live.test.ts, drop-live-instances.test.ts,
 * sold-out-everywhere.test.ts.
 *
 * A drop's live state on one instance (decision record 35): the signals every instance sends and hears, the feeds of
 * the drop pages watched here, and the rounds this instance knows are sold out.
 */

/** Where the instance keeps the rounds known sold out (the purchase path's SoldOutMemory). */
export interface TSoldOutRounds {
  remember(roundId: string): void;
  forget(roundId: string): void;
  forgetAll(): void;
  forgottenCount(roundId: string): number;
}

export interface TDropLiveOptions {
  intervalMs: number;
  heartbeatMs: number;
  maxWatchers: number;
  maxWatchersPerAddress: number;
  writesPerSecond: number;
  /** nginx's publisher for its fan-out of the streams (a Unix socket or an http:// address), or null. */
  fanoutTarget: string | null;
  /** Events nginx writes a second at most for the drops one instance publishes. */
  fanoutWritesPerSecond: number;
}

export interface DropLive {
  feeds: DropFeeds;
  signals: DropSignals;
  /** A purchase or a hold here moved the drop's counts: every instance hears it, at most once per interval from here. */
  changed(dropId: string): void;
  /**
   * A balance batch here found the round without an unclaimed pack: if that is still so, every instance is told, and
   * remembers it sold out until a held pack comes back ('announced'); a pack back on sale meanwhile sends nothing
   * ('not-sold-out'). 'not-listening' when this instance cannot be sure to hear of a release: it then keeps only its
   * own second (purchase-batcher.ts).
   */
  announceSoldOut(dropId: string, roundId: string): Promise<'announced' | 'not-sold-out' | 'not-listening'>;
  /** Signals received, by kind: for people checking an instance (and tests). */
  heard(): Readonly<Record<TDropSignal['kind'], number>>;
  /** When the last signal of this kind arrived (performance.now()), or null. */
  lastHeardAt(kind: TDropSignal['kind']): number | null;
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function dropLiveUpdates(deps: {
  database: Database;
  clock: Clock;
  cypUnit: { cypPerUsd: number; minorUnits: number };
  options: TDropLiveOptions;
  soldOut: TSoldOutRounds;
  log?: (message: string, error?: unknown) => void;
}): DropLive {
  const heard = { changed: 0, 'sold-out': 0, released: 0 };
  const heardAt: Record<TDropSignal['kind'], number | null> = { changed: null, 'sold-out': null, released: null };
  const fanout = deps.options.fanoutTarget ? nginxFanout(deps.options.fanoutTarget, deps.log) : null;
  const feeds = dropFeeds({
    db: deps.database.db,
    clock: deps.clock,
    cypUnit: deps.cypUnit,
    ...deps.options,
    fanout,
    isListening: () => signals.isListening(),
    publisher: {
      claim: (dropId) => signals.claimPublisher(dropId),
      release: (dropId) => signals.releasePublisher(dropId),
    },
    log: deps.log,
  });
  const signals: DropSignals = dropSignals({
    database: deps.database,
    onSignal(signal) {
      heard[signal.kind] += 1;
      heardAt[signal.kind] = performance.now();
      if (signal.kind === 'sold-out') deps.soldOut.remember(signal.roundId);
      if (signal.kind === 'released') deps.soldOut.forget(signal.roundId);
      feeds.changed(signal.dropId);
    },
    onLost() {
      // Whatever was said while nobody listened is unknown: a released hold among it would go unheard.
      deps.soldOut.forgetAll();
      // The locks that made this instance a drop's publisher went with the connection.
      feeds.publishersLost();
    },
    onListening: () => feeds.resync(),
    log: deps.log,
  });

  /**
   * Per drop: when this instance last sent 'changed', and whether one waits. A quarter of the feeds' interval apart at
   * most: a handful of NOTIFYs a second per instance in a rush, and the feeds' own interval stays the delay that counts.
   */
  const sent = new Map<string, { at: number; timer: ReturnType<typeof setTimeout> | null }>();
  const sendGapMs = deps.options.intervalMs / 4;
  function changed(dropId: string): void {
    const last = sent.get(dropId) ?? { at: Number.NEGATIVE_INFINITY, timer: null };
    sent.set(dropId, last);
    if (last.timer) return;
    const wait = last.at + sendGapMs - performance.now();
    const send = () => {
      last.timer = null;
      last.at = performance.now();
      signals.publish({ kind: 'changed', dropId });
    };
    if (wait <= 0) send();
    else last.timer = setTimeout(send, wait);
    if (sent.size > 10_000) for (const [id, entry] of sent) if (!entry.timer) sent.delete(id);
  }

  return {
    feeds,
    signals,
    changed,
    async announceSoldOut(dropId, roundId) {
      if (!signals.isListening()) return 'not-listening';
      const before = deps.soldOut.forgottenCount(roundId);
      const isAnnounced = await announceRoundSoldOut(deps.database.db, dropId, roundId);
      // Our own signal is on its way back to us too; remembering now spares this instance the wait. Not if a release
      // (or a lost connection) came in between: that came after the announcement, and wins.
      if (isAnnounced && signals.isListening() && deps.soldOut.forgottenCount(roundId) === before) {
        deps.soldOut.remember(roundId);
      }
      return isAnnounced ? 'announced' : 'not-sold-out';
    },
    heard: () => heard,
    lastHeardAt: (kind) => heardAt[kind],
    ready: () => signals.ready(),
    async close() {
      for (const entry of sent.values()) if (entry.timer) clearTimeout(entry.timer);
      feeds.closeAll();
      fanout?.close();
      await signals.close();
    },
  };
}
