// `npm run bench -- drop-watchers` (issue 21): BENCH_WATCHERS (10,000) drop pages open on the live counts
// (GET /v1/drops/{id}/live, server-sent events) across the cluster, through nginx, while a rush sells out a drop of
// BENCH_PACKS (10,000) packs. Reports what a watcher costs each API instance (and nginx) in memory, how long after a
// purchase's answer every watcher shows it (p50/p99 over every watcher and a sample of the purchases), whether every
// watcher saw the sell-out, and the purchase rate of the same rush with and without the watchers (before and after,
// each on a drop of its own, the same buyers); how soon after the last sale the sell-out signal went out; the
// machine's load average throughout. Needs PostgreSQL (BENCH_DATABASE_URL) and nginx: BENCH_CLUSTER instances (2).
// The watchers are read in a worker thread: on the purchases' event loop, each event's 10,000 arrivals would hold up
// the purchase driver itself and be counted against the purchase rate.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../apps/api/src/db/query-rows.ts';
import { DROP_SIGNALS_CHANNEL } from '../apps/api/src/modules/drops/live/drop-signals.ts';
import { checkLedger } from '../apps/api/src/modules/wallet/check-ledger.ts';
import { refreshSaleStatistics } from '../apps/api/src/modules/drops/sale-statistics.ts';
import { insertLiveDrop } from '../apps/api/src/testing/drop-fixtures.ts';
import {
  benchDatabase,
  cpuSecondsOf,
  fundedBuyers,
  machine,
  migrated,
  profileClockMicros,
  profileWindow,
  startCluster,
} from './bench-server.ts';
import { purchaseAttempts } from './purchase-run.ts';
import { measuredCommit, recordResult } from './record-result.ts';

const watcherCount = Number(process.env.BENCH_WATCHERS ?? 10_000);
const packs = Number(process.env.BENCH_PACKS ?? 10_000);
const buyerCount = Number(process.env.BENCH_BUYERS ?? 2_000);
const attempts = Number(process.env.BENCH_ATTEMPTS ?? packs * 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const clusterSize = Number(process.env.BENCH_CLUSTER ?? 2);
const port = Number(process.env.BENCH_PORT ?? 3921);
/** How many watchers connect at once while they are being opened. */
const OPENING_AT_ONCE = 250;
const PRICE_CENTS = 100;

if (isMainThread && !process.env.BENCH_DATABASE_URL) {
  // `npm run bench` with no scenario runs them all, on PGlite by default: this one is left out there, and says why.
  console.log('drop-watchers skipped: it runs a cluster behind nginx on PostgreSQL (set BENCH_DATABASE_URL).');
  process.exit(0);
}

// ---- The machine's load, sampled throughout (other people's work shares these cores).
const loadSamples: number[] = [];
if (isMainThread) setInterval(() => loadSamples.push(os.loadavg()[0]!), 1_000).unref();

/** Milliseconds since the epoch, to the microsecond: the same clock in the main thread and the watchers' thread. */
const nowMs = () => performance.timeOrigin + performance.now();

// ---- Processes: the cluster's API instances and nginx's workers, by walking /proc from the cluster's supervisor.
function childrenOf(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

function descendants(pid: number): { pid: number; command: string }[] {
  const children = childrenOf();
  const found: { pid: number; command: string }[] = [];
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      try {
        found.push({ pid: child, command: fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').replaceAll('\0', ' ') });
      } catch {
        continue;
      }
      walk(child);
    }
  };
  walk(pid);
  return found;
}

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Each process's resident memory: the median of five readings a second apart (a garbage collection moves one). */
async function memoryOf(instances: { pid: number }[], nginxWorkers: { pid: number }[]) {
  const readings: { instances: number[]; nginx: number[] }[] = [];
  for (let reading = 0; reading < 5; reading += 1) {
    if (reading > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
    readings.push({
      instances: instances.map((instance) => rssBytes(instance.pid)),
      nginx: nginxWorkers.map((worker) => rssBytes(worker.pid)),
    });
  }
  const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  return {
    instances: instances.map((_, index) => median(readings.map((entry) => entry.instances[index]!))),
    nginx: nginxWorkers.map((_, index) => median(readings.map((entry) => entry.nginx[index]!))),
  };
}

// ---- Watchers: raw TCP connections reading the stream, each keeping when it saw which sold count. They stand in for
// browsers on other machines, so they cost this machine as little as can be: no HTTP client, no decoding to text, one
// search for the sold count in each arrival's bytes (the events are whole chunks of the answer, so the framing between
// them never splits one).
interface Watcher {
  socket: net.Socket;
  instance: string;
  /** [receivedAt, soldCount] per event, in order. */
  seen: [number, number][];
  isSoldOut: boolean;
}

/** An event's counts (its rounds have sold counts of their own, after them). */
const COUNTS_KEY = Buffer.from('"counts":{"dropCount":');
const SOLD_KEY = Buffer.from(',"soldCount":');
const SOLD_OUT = Buffer.from('"isSoldOut":true');
const EVENT_END = Buffer.from('\n\n');
const HEAD_END = Buffer.from('\r\n\r\n');
const DIGIT_0 = 48;

/** The sold counts of the whole events in `bytes` up to `end`, in order. */
function soldCountsIn(bytes: Buffer, end: number): number[] {
  const counts: number[] = [];
  let countsAt = bytes.indexOf(COUNTS_KEY);
  while (countsAt >= 0 && countsAt < end) {
    const at = bytes.indexOf(SOLD_KEY, countsAt + COUNTS_KEY.length);
    let value = 0;
    for (let index = at + SOLD_KEY.length; bytes[index]! >= DIGIT_0 && bytes[index]! <= DIGIT_0 + 9; index += 1) {
      value = value * 10 + bytes[index]! - DIGIT_0;
    }
    counts.push(value);
    countsAt = bytes.indexOf(COUNTS_KEY, at + SOLD_KEY.length);
  }
  return counts;
}

/**
 * The address the `index`-th watcher connects from: each its own, as each browser has, in 127.77.0.0/16 (all of
 * 127.0.0.0/8 is this machine), so the instances' cap per address (DROP_LIVE_MAX_WATCHERS_PER_ADDRESS) sees people.
 */
const watcherAddress = (index: number) => `127.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;

function openWatcher(base: string, dropId: string, index: number): Promise<Watcher> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(url.port), host: url.hostname, localAddress: watcherAddress(index) });
    const watcher: Watcher = { socket, instance: '?', seen: [], isSoldOut: false };
    /** Bytes of an event not yet whole (or of the answer's head, until it is). */
    let pending: Buffer | null = null;
    let isHeadRead = false;
    socket.on('error', reject);
    socket.on('data', (arrived: Buffer) => {
      const receivedAt = nowMs();
      let bytes = pending ? Buffer.concat([pending, arrived]) : arrived;
      pending = null;
      if (!isHeadRead) {
        const headEnd = bytes.indexOf(HEAD_END);
        if (headEnd < 0) {
          pending = bytes;
          return;
        }
        const head = bytes.subarray(0, headEnd).toString('latin1');
        const status = Number(head.slice(9, 12));
        if (status !== 200) {
          reject(new Error(`a watcher was answered ${status}`));
          socket.destroy();
          return;
        }
        watcher.instance = /\r\nx-cypher-instance: *([^\r]*)/i.exec(head)?.[1] ?? '?';
        isHeadRead = true;
        bytes = bytes.subarray(headEnd + HEAD_END.length);
      }
      const wholeEnd = bytes.lastIndexOf(EVENT_END);
      if (wholeEnd < 0) {
        pending = bytes;
        return;
      }
      if (wholeEnd + EVENT_END.length < bytes.length) pending = bytes.subarray(wholeEnd + EVENT_END.length);
      const counts = soldCountsIn(bytes, wholeEnd);
      if (counts.length === 0) return;
      for (const count of counts) watcher.seen.push([receivedAt, count]);
      if (!watcher.isSoldOut && bytes.indexOf(SOLD_OUT) >= 0) watcher.isSoldOut = true;
      if (watcher.seen.length === counts.length) resolve(watcher);
    });
    socket.write(`GET /v1/drops/${dropId}/live HTTP/1.1\r\nhost: ${url.host}\r\naccept: text/event-stream\r\n\r\n`);
  });
}

async function openWatchers(base: string, dropId: string, count: number): Promise<Watcher[]> {
  const watchers: Watcher[] = [];
  for (let opened = 0; opened < count; opened += OPENING_AT_ONCE) {
    const batch = Math.min(OPENING_AT_ONCE, count - opened);
    watchers.push(
      ...(await Promise.all(Array.from({ length: batch }, (_, index) => openWatcher(base, dropId, opened + index)))),
    );
  }
  return watchers;
}

/** CPU seconds the processes have used (user + system): what a rush cost them, however busy the machine was. */
const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);

// ---- A rush: autocannon sends purchase attempts until `attempts` are done; every success's answer time is kept, and
// the CPU the API instances and nginx spent on it.
async function rush(
  base: string,
  dropId: string,
  buyers: { accessToken: string }[],
  pids: { api: number[]; nginx: number[] },
) {
  const successes: number[] = [];
  const outcomes = new Map<string, number>();
  const cpuBefore = { api: cpuOf(pids.api), nginx: cpuOf(pids.nginx), bench: process.cpuUsage() };
  const startedAt = nowMs();
  const startedAtMicros = profileClockMicros();
  const result = await autocannon({
    url: base,
    connections,
    amount: attempts,
    requests: [
      purchaseAttempts(buyers, dropId, (outcome) => {
        if (outcome === 'SUCCESSFUL') successes.push(nowMs());
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }),
    ],
  });
  const lastSaleAt = successes.at(-1) ?? startedAt;
  const cpuMsPerAttempt = (now: number, then: number) => Number((((now - then) * 1000) / attempts).toFixed(3));
  return {
    startedAt,
    successes,
    lastSaleAt,
    summary: {
      successful: successes.length,
      successfulPurchasesPerSecond: Math.round(successes.length / ((lastSaleAt - startedAt) / 1000 || 1)),
      sellOutSeconds: Number(((lastSaleAt - startedAt) / 1000).toFixed(2)),
      ...profileWindow(startedAtMicros, (lastSaleAt - startedAt) / 1000),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
      cpuMsPerAttempt: {
        apiInstances: cpuMsPerAttempt(cpuOf(pids.api), cpuBefore.api),
        nginx: cpuMsPerAttempt(cpuOf(pids.nginx), cpuBefore.nginx),
        // This process: autocannon, and the watchers' streams read and parsed, on the same cores.
        benchClient: (() => {
          const used = process.cpuUsage(cpuBefore.bench);
          return cpuMsPerAttempt((used.user + used.system) / 1e6, 0);
        })(),
      },
      outcomes: Object.fromEntries(outcomes),
      errors: result.errors,
      timeouts: result.timeouts,
    },
  };
}

/**
 * How long after a purchase's answer each watcher showed it: for the n-th success (answered at t), the first event at
 * which a watcher's sold count reached n (the server had committed at least n sales by t), minus t; 0 when the
 * watcher already showed it. Every watcher, every `step`-th success.
 */
function updateDelays(watchers: Watcher[], successes: number[], step: number): number[] {
  const delays: number[] = [];
  for (const watcher of watchers) {
    let event = 0;
    for (let n = step; n <= successes.length; n += step) {
      const answeredAt = successes[n - 1]!;
      while (event < watcher.seen.length && watcher.seen[event]![1] < n) event += 1;
      if (event >= watcher.seen.length) break;
      delays.push(Math.max(0, watcher.seen[event]![0] - answeredAt));
    }
  }
  return delays.sort((x, y) => x - y);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? null
    : Number(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!.toFixed(1));

// ---- The watchers' thread: opens them, keeps what each saw, and answers what the main thread asks.
type TToWatchers = { kind: 'report'; successes: number[]; step: number } | { kind: 'close' };
interface TWatchersReport {
  delays: { p50: number | null; p99: number | null; max: number | null; samples: number };
  sawTheSellOut: number;
  eventsPerWatcher: number;
}

async function watchersThread(): Promise<void> {
  const { base, dropId, count } = workerData as { base: string; dropId: string; count: number };
  const startedAt = nowMs();
  const watchers = await openWatchers(base, dropId, count);
  const perInstance: Record<string, number> = {};
  for (const watcher of watchers) perInstance[watcher.instance] = (perInstance[watcher.instance] ?? 0) + 1;
  parentPort!.postMessage({ kind: 'opened', perInstance, seconds: (nowMs() - startedAt) / 1000 });
  parentPort!.on('message', (message: TToWatchers) => {
    if (message.kind === 'close') {
      for (const watcher of watchers) watcher.socket.destroy();
      parentPort!.close();
      return;
    }
    const delays = updateDelays(watchers, message.successes, message.step);
    const report: TWatchersReport = {
      delays: {
        p50: percentile(delays, 50),
        p99: percentile(delays, 99),
        max: percentile(delays, 100),
        samples: delays.length,
      },
      sawTheSellOut: watchers.filter((watcher) => watcher.isSoldOut && watcher.seen.at(-1)?.[1] === packs).length,
      eventsPerWatcher: Number(
        (watchers.reduce((sum, watcher) => sum + watcher.seen.length, 0) / watchers.length).toFixed(1),
      ),
    };
    parentPort!.postMessage({ kind: 'report', report });
  });
}

/** The watchers, open in a thread of their own once this resolves; ask for their report, then close them. */
async function startWatchers(base: string, dropId: string, count: number) {
  // This same file, in a thread that loads TypeScript as the main thread does (tsx's loader is per thread).
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { base, dropId, count } });
  const next = <T>(kind: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { kind: string }) => {
        if (message.kind !== kind) return;
        worker.off('message', onMessage);
        resolve(message as T);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const opened = await next<{ perInstance: Record<string, number>; seconds: number }>('opened');
  return {
    opened,
    async report(successes: number[], step: number): Promise<TWatchersReport> {
      const answer = next<{ report: TWatchersReport }>('report');
      worker.postMessage({ kind: 'report', successes, step } satisfies TToWatchers);
      return (await answer).report;
    },
    async close(): Promise<void> {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ kind: 'close' } satisfies TToWatchers);
      await exited;
    },
  };
}

if (isMainThread) await main();
else await watchersThread();

// ---- The run.
async function main(): Promise<void> {
  const loadAtStart = os.loadavg();
  const database = await benchDatabase('drop-watchers');
  const setup = await migrated(database);
  const drop = () =>
    insertLiveDrop(setup.db, {
      rounds: [{ packCount: packs, price: PRICE_CENTS }],
      editionsPerPack: 1,
      name: 'Bench drop',
    });
  const warmUpPacks = Math.max(500, Math.round(packs / 4));
  const warmUp = await insertLiveDrop(setup.db, {
    rounds: [{ packCount: warmUpPacks, price: PRICE_CENTS }],
    editionsPerPack: 1,
    name: 'Warm-up drop',
  });
  const before = await drop();
  const watched = await drop();
  const after = await drop();
  // As a publication does once its packs are written (sale-statistics.ts).
  await refreshSaleStatistics(setup.db);
  console.log(`▸ ${buyerCount} funded buyers`);
  const buyers = await fundedBuyers(setup, buyerCount, 1_000_000_000, port);
  await setup.close();

  // The sell-out signals as the instances hear them: this process listens on the same channel.
  const listener = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await listener.connect();
  const soldOutHeardAt = new Map<string, number>();
  listener.on('notification', (message) => {
    const signal = JSON.parse(message.payload ?? '{}') as { kind?: string; dropId?: string };
    if (signal.kind === 'sold-out' && signal.dropId && !soldOutHeardAt.has(signal.dropId)) {
      soldOutHeardAt.set(signal.dropId, nowMs());
    }
  });
  await listener.query(`listen ${DROP_SIGNALS_CHANNEL}`);

  console.log(`▸ ${clusterSize} instances behind nginx`);
  const cluster = await startCluster(database, port, clusterSize);
  const processes = descendants(cluster.process.pid!);
  const instances = processes.filter((process) => process.command.includes('server.mjs'));
  const nginxWorkers = processes.filter((process) => process.command.startsWith('nginx: worker'));
  let report: { scenario: string } & Record<string, unknown>;
  try {
    // Every buyer seen once by the cluster (sessions, verified addresses), so the first rush is not the only cold one.
    let seen = 0;
    await autocannon({
      url: cluster.base,
      connections,
      amount: buyers.length,
      requests: [
        {
          method: 'GET',
          path: '/v1/users/my',
          setupRequest: (request) => ({
            ...request,
            headers: { authorization: `Bearer ${buyers[seen++ % buyers.length]!.accessToken}` },
          }),
        },
      ],
    });

    // A first rush on a drop of its own, not counted: the instances' code warms up and each keeps its buyers' addresses.
    console.log('▸ warm-up rush');
    const pids = { api: instances.map((instance) => instance.pid), nginx: nginxWorkers.map((worker) => worker.pid) };
    await rush(cluster.base, warmUp.dropId, buyers, pids);

    console.log('▸ rush without watchers');
    const quiet = await rush(cluster.base, before.dropId, buyers, pids);

    const memoryBefore = await memoryOf(instances, nginxWorkers);
    console.log(`▸ opening ${watcherCount} watchers`);
    const watchers = await startWatchers(cluster.base, watched.dropId, watcherCount);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const memoryWith = await memoryOf(instances, nginxWorkers);

    console.log('▸ rush with the watchers');
    const busy = await rush(cluster.base, watched.dropId, buyers, pids);
    // The last events on their way.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const seenByWatchers = await watchers.report(
      busy.successes,
      Math.max(1, Math.floor(busy.successes.length / 1_000)),
    );
    await watchers.close();
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    console.log('▸ rush without watchers, again');
    const quietAgain = await rush(cluster.base, after.dropId, buyers, pids);

    const perWatcher = (now: number[], then: number[]) =>
      Math.round(
        (now.reduce((sum, bytes) => sum + bytes, 0) - then.reduce((sum, bytes) => sum + bytes, 0)) / watcherCount,
      );
    const baseline = (quiet.summary.successfulPurchasesPerSecond + quietAgain.summary.successfulPurchasesPerSecond) / 2;
    const heardAfter = (rushed: typeof quiet, dropId: string) => {
      const heardAt = soldOutHeardAt.get(dropId);
      return heardAt === undefined ? null : Number((heardAt - rushed.lastSaleAt).toFixed(1));
    };
    report = {
      scenario: 'drop-watchers',
      about: `${watcherCount} live drop pages (SSE) through nginx to ${clusterSize} instances during a rush of ${attempts} attempts for ${packs} packs by ${buyerCount} buyers, ${connections} connections`,
      database: database.kind,
      instances: `${clusterSize} behind nginx (${nginxWorkers.length} workers)`,
      settings: {
        DROP_LIVE_INTERVAL_MS: process.env.DROP_LIVE_INTERVAL_MS ?? '250 (default)',
        DROP_LIVE_WRITES_PER_SECOND: process.env.DROP_LIVE_WRITES_PER_SECOND ?? '2500 (default)',
        // Who holds the streams: the instances (nginx passing them on), or nginx itself through its Nchan module.
        CLUSTER_LIVE_FANOUT: process.env.CLUSTER_LIVE_FANOUT ?? 'instances (default)',
        DROP_LIVE_FANOUT_WRITES_PER_SECOND: process.env.DROP_LIVE_FANOUT_WRITES_PER_SECOND ?? '5000 (default)',
      },
      watchers: {
        opened: Object.values(watchers.opened.perInstance).reduce((sum, count) => sum + count, 0),
        openingSeconds: Number(watchers.opened.seconds.toFixed(1)),
        perInstance: watchers.opened.perInstance,
        memoryPerWatcherBytes: {
          apiInstances: perWatcher(memoryWith.instances, memoryBefore.instances),
          nginx: perWatcher(memoryWith.nginx, memoryBefore.nginx),
        },
        apiInstanceRssMiB: {
          before: memoryBefore.instances.map((bytes) => Math.round(bytes / 2 ** 20)),
          with: memoryWith.instances.map((bytes) => Math.round(bytes / 2 ** 20)),
        },
        updateDelayMs: seenByWatchers.delays,
        eventsPerWatcher: seenByWatchers.eventsPerWatcher,
        sawTheSellOut: seenByWatchers.sawTheSellOut,
      },
      purchaseRate: {
        withoutWatchersBefore: quiet.summary,
        withWatchers: busy.summary,
        withoutWatchersAfter: quietAgain.summary,
        changeWithWatchersPercent: Number(
          (((busy.summary.successfulPurchasesPerSecond - baseline) / baseline) * 100).toFixed(1),
        ),
      },
      soldOutSignalAfterLastSaleMs: {
        withoutWatchersBefore: heardAfter(quiet, before.dropId),
        withWatchers: heardAfter(busy, watched.dropId),
        withoutWatchersAfter: heardAfter(quietAgain, after.dropId),
      },
      loadAverage: {
        atStart: loadAtStart.map((value) => Number(value.toFixed(2))),
        duringRunMax: Number(Math.max(...loadSamples).toFixed(2)),
        duringRunMean: Number((loadSamples.reduce((sum, value) => sum + value, 0) / loadSamples.length).toFixed(2)),
      },
    };
  } finally {
    await cluster.stop();
    await listener.end();
  }

  // Afterwards, on the database: each drop sold exactly its packs, every order has its pack, the ledger is exact.
  const check = await database.open();
  const sold = await queryRows<{
    drop_id: string;
    orders: string | number;
    owned: string | number;
    unclaimed: string | number;
  }>(
    check.db,
    sql`select p.drop_id, count(distinct o.id) as orders, count(p.owner_user_id) as owned, count(*) filter (where p.order_id is null) as unclaimed
      from packs p left join orders o on o.id = p.order_id and o.status = 'SUCCESSFUL' group by p.drop_id`,
  );
  const ledger = await checkLedger(check.db, new Date());
  await check.close();
  if (!process.env.BENCH_KEEP) await database.drop();
  // The warm-up drop and the three measured ones, each sold out to the last pack, one order per pack.
  const sizes = new Map(
    [warmUp, before, watched, after].map((drop) => [drop.dropId, drop === warmUp ? warmUpPacks : packs]),
  );
  const invariants = {
    everyDropSoldOutExactly:
      sold.length === sizes.size &&
      sold.every((row) => {
        const size = sizes.get(row.drop_id);
        return Number(row.orders) === size && Number(row.owned) === size && Number(row.unclaimed) === 0;
      }),
    ledgerExact: ledger.isExact,
  };
  const summary = {
    ...report!,
    invariants,
    machine: machine(),
    commit: measuredCommit(),
    at: new Date().toISOString(),
  };
  console.log(JSON.stringify(summary, null, 2));
  recordResult(summary);
  if (!Object.values(invariants).every(Boolean)) process.exitCode = 1;
}
