import type { ServerResponse } from 'node:http';
import { DROP_LIVE_EVENT, liveRoundsAt, type TDropLiveCounts } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { loadPublicDrops, toDrop, type TPublicDropParts } from '../public-drop.ts';
import type { LiveFanout } from './nginx-fanout.ts';

/*
 * Route: GET /v1/drops/{id}/live (drop-live.routes.ts) · Writes: nothing · Reads: what the drop view reads
 * (loadPublicDrops) · Tests: drop-live.test.ts, drop-live-instances.test.ts.
 *
 * One feed per drop per instance, however many watch it (decision record 35): the feed reads the drop's counts (the
 * drop view's own derivation, loadPublicDrops and toDrop, never a counter of its own) when told they moved, at most
 * once per `intervalMs`, and writes each change once as an SSE event to every watcher. A watcher costs its socket and
 * a place in a Set: no timer, no closure, no read of its own. One timer per instance beats every few seconds: a
 * heartbeat comment every `heartbeatMs` so proxies keep idle streams open, a read of every live feed then too (in case
 * a signal was missed), and every second while the drop signals are down.
 *
 * Fanned out by nginx (`fanout`, nginx-fanout.ts): the watchers' streams are nginx's, and one instance per drop, its
 * publisher (`publisher`: an advisory lock), publishes each change to nginx once instead of writing it to sockets of
 * its own. nginx asks an instance before it opens a stream (`admit`): the instance becomes the drop's publisher if
 * none is, and then its counts are with nginx before the watcher is, so the watcher gets them at once. The other
 * instances' feeds of the drop read nothing; each heartbeat they try to take over (the publisher may have gone). A feed
 * lasts while nginx says someone watches.
 */

export interface TDropFeedsOptions {
  db: Db;
  clock: Clock;
  cypUnit: { cypPerUsd: number; minorUnits: number };
  /** The least time between two reads of one drop's counts (and so between two events). */
  intervalMs: number;
  /**
   * Events this instance writes a second at most, over all its watchers: with many watching, each drop's events come
   * further apart than `intervalMs`, so the cost of the streams stays bounded however many watch (decision record 35).
   */
  writesPerSecond: number;
  heartbeatMs: number;
  /** Watchers on this instance at most; past it the route answers LIVE_UPDATES_FULL. */
  maxWatchers: number;
  /**
   * Watchers from one address on this instance at most; past it the route answers REQUEST_MAXIMUN, so one client
   * cannot take every place of the cap above from everyone else.
   */
  maxWatchersPerAddress: number;
  /** Whether the drop signals are heard now (else the feeds read every second). */
  isListening(): boolean;
  /** nginx's fan-out, when nginx holds the streams (the cluster with its Nchan module), else null. */
  fanout: LiveFanout | null;
  /** Events nginx writes a second at most for the drops this instance publishes (their watchers' streams). */
  fanoutWritesPerSecond: number;
  /** Who publishes a drop to nginx: one instance at a time, the one holding its lock (drop-signals.ts). */
  publisher: { claim(dropId: string): Promise<boolean>; release(dropId: string): void };
  log?: (message: string, error?: unknown) => void;
}

export interface DropFeeds {
  watcherCount(): number;
  feedCount(): number;
  isFull(): boolean;
  /** Whether `address` holds as many streams here as one address may. */
  isFullFor(address: string): boolean;
  /** Streams the drop's counts to `response` (its headers already sent) for `address`, until either side closes. */
  watch(dropId: string, response: ServerResponse, address: string): void;
  /** Whether nginx fans the streams out (then it asks `admit` before it opens one). */
  isFannedOut(): boolean;
  /** Whether this instance is the one publishing the drop to nginx (for people checking an instance, and tests). */
  publishes(dropId: string): boolean;
  /**
   * nginx is about to open a stream of the drop: this instance publishes the drop to nginx from now on if no other
   * does (while nginx says someone watches). True once nginx holds the drop's counts, which the new stream starts
   * with; false when it does not within a few seconds (nginx should not open the stream then: Nchan 1.3 can crash a
   * worker when subscribers ask at once for a message their channel does not hold, its issue 720).
   */
  admit(dropId: string): Promise<boolean>;
  /** The drop's counts moved (a signal): its feed, if any, reads them again. */
  changed(dropId: string): void;
  /** Signals may have been missed: every feed reads again. */
  resync(): void;
  /** Ends every stream (the app is closing); browsers reconnect to another instance. */
  closeAll(): void;
  /** The publishers' locks are gone (the connection holding them was lost): another instance may publish now. */
  publishersLost(): void;
}

/** One event as sent: its text, and the same as one chunk of a chunked answer, encoded once for every watcher. */
interface TEvent {
  text: string;
  chunk: Buffer;
}

function eventOf(text: string): TEvent {
  const bytes = Buffer.from(text);
  return { text, chunk: Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) };
}

const HEARTBEAT = eventOf(':\n\n');

/** A watcher that does not read its stream is dropped past this many bytes waiting (it reconnects to a snapshot). */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** How long a round boundary may be waited for by one timer (setTimeout's limit). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * What a reconnecting EventSource waits first: at least RETRY_MS, and up to RETRY_SPREAD_MS more, told to each stream at
 * random, since an instance that goes (a deploy, a crash) drops every stream it holds at once, and they should not all
 * come back to the others in the same second.
 */
const RETRY_MS = 3_000;
const RETRY_SPREAD_MS = 7_000;
const TICK_MS = 1_000;
/** How long nginx's request to admit a watcher waits at most for the counts to be with nginx. */
const ADMIT_PATIENCE_MS = 3_000;
/** How often an admission asks nginx whether the drop's publisher (another instance) has published yet. */
const CHANNEL_POLL_MS = 25;
/** How long nginx holding a drop's counts is taken as known, for the admissions that come meanwhile. */
const HOLDING_KNOWN_MS = 1_000;

/** `work`'s value, or undefined once `deadline` (performance.now()) passes first. */
function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - performance.now()));
    timer.unref();
    void work.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
const WRITES_PER_SLICE = 500;

interface Feed {
  dropId: string;
  watchers: Set<ServerResponse>;
  /** Watchers that have had no event yet: they get the next read's counts whether or not they changed. */
  unserved: Set<ServerResponse>;
  /** The last counts sent, without their time: what a new read is compared with. */
  lastCounts: string | null;
  lastEvent: TEvent | null;
  isAvailable: boolean;
  isReading: boolean;
  /** Told of a change while reading or within the interval: read again when allowed. */
  isDirty: boolean;
  lastReadAt: number;
  readTimer: ReturnType<typeof setTimeout> | null;
  boundaryTimer: ReturnType<typeof setTimeout> | null;
  eventId: number;
  /** Counts the feed's events as they start going out (sendAll). */
  sending: number;
  /** The last event's data (its JSON), as published to nginx. */
  lastData: string | null;
  /** Its fan-out by nginx, once nginx asked to admit a watcher of the drop (and until nginx says nobody watches). */
  fanned: Fanned | null;
}

interface Fanned {
  /** Whether this instance publishes the drop to nginx (it holds the lock); the others' feeds of it read nothing. */
  isPublisher: boolean;
  claiming: Promise<void> | null;
  /** Streams nginx held on the drop's channel at its last answer. */
  subscribers: number;
  /** When nginx last asked to admit a watcher (performance.now()): a feed that just admitted one is kept. */
  admittedAt: number;
  /** The data nginx holds (its last publication taken), null before one was. */
  published: string | null;
  isPublishing: boolean;
  /** Data that came while a publication was on its way: sent after it, so nginx gets a feed's events in order. */
  next: string | null;
  /** Admissions waiting for nginx to hold the counts: told whether it took them. */
  waiting: Array<(isHeld: boolean) => void>;
}

export function dropFeeds(options: TDropFeedsOptions): DropFeeds {
  const feeds = new Map<string, Feed>();
  let watchers = 0;
  const watchersByAddress = new Map<string, number>();
  /** Per drop: whether nginx was found holding its counts, and when (channelHoldsCounts). */
  const holding = new Map<string, { at: number; isHeld: boolean; asking: Promise<boolean> | null }>();
  /** Per drop without a feed here: when nginx was last asked whether anyone watches it (adoptIfWatched). */
  const adoptionAskedAt = new Map<string, number>();
  let ticks = 0;
  let tickTimer: ReturnType<typeof setInterval> | null = null;
  const heartbeatTicks = Math.max(1, Math.round(options.heartbeatMs / TICK_MS));

  /**
   * Writes an event to a watcher. The stream's headers went out with its first write, so an event is written to the
   * socket as a ready chunk, encoded once for all watchers: what a write costs is then mostly the system call (the
   * bench measured a fifth less CPU than through the response).
   */
  function send(response: ServerResponse, event: TEvent): void {
    const { socket } = response;
    if (response.destroyed || socket?.destroyed) return;
    if (!socket || !response.headersSent || !response.chunkedEncoding) {
      response.write(event.text);
      return;
    }
    if (socket.writableLength > MAX_BUFFERED_BYTES) {
      response.destroy();
      return;
    }
    socket.write(event.chunk);
  }

  /**
   * Writes an event to many watchers, a slice at a time with the event loop's turn between slices: thousands of writes
   * in one go would hold up the purchases this instance is serving for that long. A feed's newer event stops what is
   * left of its older one (those watchers get the newer one), so nobody sees the counts go back.
   */
  function sendAll(responses: Iterable<ServerResponse>, event: TEvent, feed: Feed | null = null): void {
    const all = [...responses];
    const generation = feed ? ++feed.sending : 0;
    const sendFrom = (start: number) => {
      if (feed && feed.sending !== generation) return;
      const end = Math.min(all.length, start + WRITES_PER_SLICE);
      for (let index = start; index < end; index += 1) send(all[index]!, event);
      if (end < all.length) setImmediate(() => sendFrom(end));
    };
    sendFrom(0);
  }

  /**
   * This instance's least time between two events of one drop: the interval, or longer with many watching, its own
   * watchers against its budget and the streams nginx holds for the drops it publishes against nginx's.
   */
  const intervalNow = () => {
    let fannedOut = 0;
    for (const feed of feeds.values()) if (feed.fanned?.isPublisher) fannedOut += feed.fanned.subscribers;
    return Math.max(
      options.intervalMs,
      (watchers * 1000) / options.writesPerSecond,
      (fannedOut * 1000) / options.fanoutWritesPerSecond,
    );
  };

  function remove(feed: Feed, response: ServerResponse): void {
    if (!feed.watchers.delete(response)) return;
    feed.unserved.delete(response);
    watchers -= 1;
    retireIfUnwatched(feed);
  }

  function retireIfUnwatched(feed: Feed): void {
    if (feed.watchers.size > 0 || feed.fanned) return;
    if (feed.readTimer) clearTimeout(feed.readTimer);
    if (feed.boundaryTimer) clearTimeout(feed.boundaryTimer);
    feeds.delete(feed.dropId);
    if (feeds.size === 0 && tickTimer) {
      clearInterval(tickTimer);
      tickTimer = null;
    }
  }

  function tick(): void {
    ticks += 1;
    const isHeartbeat = ticks % heartbeatTicks === 0;
    if (isHeartbeat) for (const feed of feeds.values()) sendAll(feed.watchers, HEARTBEAT);
    for (const feed of feeds.values()) {
      if (!feed.fanned) continue;
      if (isHeartbeat) void checkChannel(feed);
      // Every second, not every heartbeat: a drop whose publisher went has a new one within a second.
      else if (!feed.fanned.isPublisher) void claimPublishing(feed);
    }
    if (isHeartbeat || !options.isListening()) {
      for (const feed of feeds.values()) if (feed.isAvailable) requestRead(feed);
    }
  }

  function requestRead(feed: Feed): void {
    // Fanned out by another instance, with no watcher here: nobody would be told what a read finds.
    if (feed.watchers.size === 0 && feed.fanned && !feed.fanned.isPublisher) return;
    if (feed.isReading) {
      feed.isDirty = true;
      return;
    }
    const wait = feed.lastReadAt + intervalNow() - performance.now();
    if (wait > 0) {
      feed.isDirty = true;
      feed.readTimer ??= setTimeout(() => {
        feed.readTimer = null;
        if (feed.isDirty) requestRead(feed);
      }, wait);
      return;
    }
    void read(feed);
  }

  async function read(feed: Feed): Promise<void> {
    feed.isReading = true;
    feed.isDirty = false;
    feed.lastReadAt = performance.now();
    try {
      const parts = (await loadPublicDrops(options.db, [feed.dropId])).get(feed.dropId);
      if (parts && feeds.get(feed.dropId) === feed) publish(feed, parts);
    } catch (error) {
      options.log?.('could not read a drop’s live counts', error);
    } finally {
      feed.isReading = false;
      if (feed.isDirty && feeds.get(feed.dropId) === feed) requestRead(feed);
    }
  }

  function publish(feed: Feed, parts: TPublicDropParts): void {
    const now = options.clock.now();
    const drop = toDrop(parts, now, options.cypUnit, null);
    const counts = {
      dropId: drop.id,
      status: drop.status,
      isSoldOut: drop.isSoldOut,
      counts: { dropCount: drop.counts.dropCount, soldCount: drop.counts.soldCount },
      rounds: liveRoundsAt(drop, drop.salePolicies, now),
      giftRound: drop.giftRound ? { packCount: drop.giftRound.packCount, givenCount: drop.giftRound.givenCount } : null,
    };
    feed.isAvailable = drop.status === 'AVAILABLE';
    scheduleBoundary(feed, parts, now);
    const key = JSON.stringify(counts);
    if (key !== feed.lastCounts) {
      feed.lastCounts = key;
      feed.eventId += 1;
      const event: TDropLiveCounts = { ...counts, at: now.toISOString() };
      feed.lastData = JSON.stringify(event);
      feed.lastEvent = eventOf(`id: ${feed.eventId}\nevent: ${DROP_LIVE_EVENT}\ndata: ${feed.lastData}\n\n`);
      sendAll(feed.watchers, feed.lastEvent, feed);
      publishToNginx(feed, feed.lastData);
    } else if (feed.lastEvent) {
      sendAll(feed.unserved, feed.lastEvent);
      // Nothing new to say, but nginx does not hold it yet (the feed just became the publisher, or nginx restarted).
      if (feed.fanned?.published !== feed.lastData) publishToNginx(feed, feed.lastData!);
    }
    feed.unserved.clear();
  }

  /** Hands `data` to nginx for the drop's watchers, one publication at a time per feed (so in order), newest last. */
  function publishToNginx(feed: Feed, data: string): void {
    const fanned = feed.fanned;
    if (!fanned?.isPublisher || !options.fanout) return;
    if (fanned.isPublishing) {
      fanned.next = data;
      return;
    }
    fanned.isPublishing = true;
    void options.fanout.publish(feed.dropId, data).then((channel) => {
      fanned.isPublishing = false;
      if (channel) {
        fanned.published = data;
        fanned.subscribers = channel.subscribers;
        for (const admitted of fanned.waiting.splice(0)) admitted(true);
      }
      const next = fanned.next;
      fanned.next = null;
      if (next !== null && next !== fanned.published) publishToNginx(feed, next);
      // nginx would not take it: the admissions waiting go ahead (their streams start at the next change).
      else if (!channel) for (const admitted of fanned.waiting.splice(0)) admitted(false);
    });
  }

  /**
   * At each heartbeat, asks nginx how many watch the drop: a feed nobody watches any more (and that admitted nobody
   * within a heartbeat) stops; one that does not publish tries to (as it does every second: the publisher may have
   * gone); a channel nginx lost (nginx restarted) is given the counts again.
   */
  async function checkChannel(feed: Feed): Promise<void> {
    const fanned = feed.fanned;
    if (!fanned || !options.fanout) return;
    const channel = await options.fanout.channel(feed.dropId);
    if (!channel || feed.fanned !== fanned || feeds.get(feed.dropId) !== feed) return;
    fanned.subscribers = channel.subscribers;
    if (channel.subscribers === 0 && performance.now() - fanned.admittedAt > options.heartbeatMs) {
      stopFanout(feed);
      return;
    }
    if (!fanned.isPublisher) {
      await claimPublishing(feed);
      return;
    }
    if (channel.messages === 0 && feed.lastData) {
      fanned.published = null;
      publishToNginx(feed, feed.lastData);
    }
  }

  /**
   * Whether nginx holds counts of the drop: asked until it does (the publisher's first read may be under way; this
   * instance, if it publishes, gives nginx its counts again when nginx has none), until `deadline`. One question at a
   * time per drop however many admissions wait, and a yes stands for a second.
   */
  function channelHoldsCounts(feed: Feed, deadline: number): Promise<boolean> {
    const known = holding.get(feed.dropId);
    if (known?.isHeld && performance.now() - known.at < HOLDING_KNOWN_MS) return Promise.resolve(true);
    if (known?.asking) return beforeDeadline(known.asking, deadline).then((isHeld) => isHeld === true);
    const asking = (async () => {
      for (;;) {
        const channel = await options.fanout?.channel(feed.dropId);
        if (channel && channel.messages > 0) return true;
        if (channel && feed.fanned?.isPublisher && feed.lastData && !feed.fanned.isPublishing) {
          feed.fanned.published = null;
          publishToNginx(feed, feed.lastData);
        }
        if (performance.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, CHANNEL_POLL_MS));
      }
    })();
    holding.set(feed.dropId, { at: performance.now(), isHeld: false, asking });
    void asking.then((isHeld) => {
      holding.set(feed.dropId, { at: performance.now(), isHeld, asking: null });
      if (holding.size > 10_000) for (const [id, entry] of holding) if (!entry.asking) holding.delete(id);
    });
    return asking;
  }

  /** Resolves with whether nginx took a publication of the feed before `deadline`. */
  function publicationOf(fanned: Fanned, deadline: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (isHeld: boolean) => {
        clearTimeout(timer);
        const index = fanned.waiting.indexOf(done);
        if (index >= 0) fanned.waiting.splice(index, 1);
        resolve(isHeld);
      };
      const timer = setTimeout(() => done(false), Math.max(0, deadline - performance.now()));
      timer.unref();
      fanned.waiting.push(done);
    });
  }

  /** Becomes the drop's publisher if no instance is: then reads its counts for nginx (the others' may be a while old). */
  function claimPublishing(feed: Feed): Promise<void> {
    const fanned = feed.fanned;
    if (!fanned || fanned.isPublisher) return Promise.resolve();
    fanned.claiming ??= options.publisher.claim(feed.dropId).then((isClaimed) => {
      fanned.claiming = null;
      if (!isClaimed) return;
      if (feed.fanned !== fanned || feeds.get(feed.dropId) !== feed) {
        options.publisher.release(feed.dropId);
        return;
      }
      fanned.isPublisher = true;
      fanned.published = null;
      // What this feed last read may be older than what the last publisher gave nginx: it is read and sent anew.
      feed.lastCounts = null;
      requestRead(feed);
    });
    return fanned.claiming;
  }

  /**
   * The counts of a drop this instance has no feed of moved: if nginx holds streams of it, its publisher may have gone
   * with no other instance left to take over (a deploy restarts them all), so this one adopts the drop (and publishes it
   * if nobody does). Asked at most once a second per drop.
   */
  function adoptIfWatched(dropId: string): void {
    const now = performance.now();
    if (now - (adoptionAskedAt.get(dropId) ?? Number.NEGATIVE_INFINITY) < HOLDING_KNOWN_MS) return;
    adoptionAskedAt.set(dropId, now);
    if (adoptionAskedAt.size > 10_000) {
      for (const [id, at] of adoptionAskedAt) if (now - at >= HOLDING_KNOWN_MS) adoptionAskedAt.delete(id);
    }
    void options.fanout?.channel(dropId).then((channel) => {
      if (!channel || channel.subscribers === 0 || feeds.has(dropId)) return;
      const { feed } = feedOf(dropId);
      feed.fanned = newFanned();
      feed.fanned.admittedAt = performance.now();
      feed.fanned.subscribers = channel.subscribers;
      void claimPublishing(feed);
    });
  }

  function stopFanout(feed: Feed): void {
    const fanned = feed.fanned;
    if (!fanned) return;
    if (fanned.isPublisher) options.publisher.release(feed.dropId);
    feed.fanned = null;
    for (const admitted of fanned.waiting.splice(0)) admitted(false);
    retireIfUnwatched(feed);
  }

  /** At the drop's next opening or end (or a round's), the states change with no purchase: read again then. */
  function scheduleBoundary(feed: Feed, parts: TPublicDropParts, now: Date): void {
    if (feed.boundaryTimer) clearTimeout(feed.boundaryTimer);
    feed.boundaryTimer = null;
    const at = now.getTime();
    const times = [
      parts.visibleAt,
      parts.dropBeginAt,
      parts.dropEndAt,
      ...parts.policies.flatMap((policy) => [policy.saleBeginAt, policy.saleEndAt]),
    ]
      .map((time) => time.getTime())
      .filter((time) => time > at);
    if (times.length === 0) return;
    const wait = Math.min(Math.min(...times) - at, MAX_TIMER_MS);
    feed.boundaryTimer = setTimeout(() => {
      feed.boundaryTimer = null;
      requestRead(feed);
    }, wait);
    feed.boundaryTimer.unref();
  }

  function newFanned(): Fanned {
    return {
      isPublisher: false,
      claiming: null,
      subscribers: 0,
      admittedAt: 0,
      published: null,
      isPublishing: false,
      next: null,
      waiting: [],
    };
  }

  function feedOf(dropId: string): { feed: Feed; isNew: boolean } {
    const existing = feeds.get(dropId);
    if (existing) return { feed: existing, isNew: false };
    const feed: Feed = {
      dropId,
      watchers: new Set(),
      unserved: new Set(),
      lastCounts: null,
      lastEvent: null,
      isAvailable: true,
      isReading: false,
      isDirty: false,
      lastReadAt: Number.NEGATIVE_INFINITY,
      readTimer: null,
      boundaryTimer: null,
      eventId: 0,
      sending: 0,
      lastData: null,
      fanned: null,
    };
    feeds.set(dropId, feed);
    if (!tickTimer) {
      tickTimer = setInterval(tick, TICK_MS);
      tickTimer.unref();
    }
    return { feed, isNew: true };
  }

  return {
    watcherCount: () => watchers,
    feedCount: () => feeds.size,
    isFull: () => watchers >= options.maxWatchers,
    isFullFor: (address) => (watchersByAddress.get(address) ?? 0) >= options.maxWatchersPerAddress,
    watch(dropId, response, address) {
      // Gone before it was watched: its 'close' has been and would never come again.
      if (response.destroyed || response.writableEnded) return;
      const { feed: watched, isNew } = feedOf(dropId);
      watched.watchers.add(response);
      watchers += 1;
      watchersByAddress.set(address, (watchersByAddress.get(address) ?? 0) + 1);
      response.once('close', () => {
        remove(watched, response);
        const left = (watchersByAddress.get(address) ?? 1) - 1;
        if (left > 0) watchersByAddress.set(address, left);
        else watchersByAddress.delete(address);
      });
      response.write(`retry: ${RETRY_MS + Math.floor(Math.random() * RETRY_SPREAD_MS)}\n\n`);
      if (watched.lastEvent && !watched.isReading) response.write(watched.lastEvent.text);
      else watched.unserved.add(response);
      if (isNew) void read(watched);
    },
    isFannedOut: () => options.fanout !== null,
    publishes: (dropId) => feeds.get(dropId)?.fanned?.isPublisher === true,
    async admit(dropId) {
      const { feed } = feedOf(dropId);
      feed.fanned ??= newFanned();
      const fanned = feed.fanned;
      fanned.admittedAt = performance.now();
      // A claim, a read or a publication that hangs must not hold nginx's request for long.
      const deadline = performance.now() + ADMIT_PATIENCE_MS;
      const isClaimAnswered = await beforeDeadline(
        claimPublishing(feed).then(() => true),
        deadline,
      );
      if (!isClaimAnswered || feed.fanned !== fanned) return false;
      if (fanned.isPublisher && (fanned.published === null || fanned.published !== feed.lastData)) {
        const published = publicationOf(fanned, deadline);
        if (feed.lastData && !feed.isReading && !fanned.isPublishing) publishToNginx(feed, feed.lastData);
        else requestRead(feed);
        if (!(await published)) return false;
      }
      // Whoever published them, nginx itself must hold the counts now: it may have restarted, or let them expire.
      return channelHoldsCounts(feed, deadline);
    },
    changed(dropId) {
      const feed = feeds.get(dropId);
      if (feed) requestRead(feed);
      else if (options.fanout) adoptIfWatched(dropId);
    },
    resync() {
      for (const feed of feeds.values()) {
        if (feed.fanned && !feed.fanned.isPublisher) void claimPublishing(feed);
        else requestRead(feed);
      }
    },
    closeAll() {
      for (const feed of feeds.values()) {
        for (const response of feed.watchers) response.end();
        // nginx keeps its streams: another instance publishes the drop from now on.
        stopFanout(feed);
      }
    },
    publishersLost() {
      for (const feed of feeds.values()) {
        if (!feed.fanned) continue;
        feed.fanned.isPublisher = false;
        feed.fanned.published = null;
      }
    },
  };
}
