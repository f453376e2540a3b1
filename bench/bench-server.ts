// What the HTTP benchmarks share: a fresh database of their own (PostgreSQL from BENCH_DATABASE_URL, or PGlite in a
// temporary folder), the real server started on it, signed-in buyers made without password hashing, and a plain
// Fastify route measured in the same run as a yardstick.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedMarker } from '../apps/api/src/db/seed/seed.tables.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { accessTokens } from '../apps/api/src/modules/auth/access-tokens.ts';
import { startSession } from '../apps/api/src/modules/auth/sessions.ts';
import { serverBundleArgs } from '../apps/api/src/testing/server-bundle.ts';
import { depositForTest, insertTestUser } from '../apps/api/src/testing/wallet-helpers.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const AUTH_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

export interface BenchDatabase {
  kind: 'postgres' | 'pglite';
  /** What the server is started with. */
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** A database of the bench's own, dropped (or deleted) afterwards, so runs never see each other's rows. */
export async function benchDatabase(label: string): Promise<BenchDatabase> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cypher-bench-${label}-`));
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${label.replaceAll('-', '_')}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cypher-bench-${label}-`));
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 4 }),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Migrated, and marked as seeded so the server does not add the demo content to what the bench measures. */
export async function migrated(database: BenchDatabase): Promise<Database> {
  const db = await database.open();
  await runMigrations(db);
  await db.db.insert(seedMarker).values({ id: 1, seededAt: new Date() }).onConflictDoNothing();
  return db;
}

/** `count` people with a session each and `cents` of withdrawable money, as the real tables hold them. */
export async function fundedBuyers(database: Database, count: number, cents: number, port: number) {
  // The server's own settings, so the tokens carry the issuer and audience it checks.
  const config = loadConfig({ ...process.env, AUTH_SECRET, PORT: String(port), PUBLIC_URL: publicUrlOf(port) });
  const tokens = accessTokens({ ...config.auth, secret: AUTH_SECRET }, systemClock);
  const buyers: { userId: string; accessToken: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const userId = await insertTestUser(database.db);
    await depositForTest(database.db, { userId, source: 'crypto', amount: cents });
    const { accessToken } = await startSession(database.db, { clock: systemClock, tokens, config }, userId, {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    buyers.push({ userId, accessToken });
  }
  return buyers;
}

function publicUrlOf(port: number): string {
  return `http://127.0.0.1:${port}`;
}

export interface RunningServer {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The real server (the bundle `npm start` runs) on the bench's database, jobs off, quiet logs. */
export async function startServer(
  database: BenchDatabase,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  // BENCH_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, ...serverBundleArgs()], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOBS_ENABLED: 'false',
      AUTH_SECRET,
      PUBLIC_URL: publicUrlOf(port),
      ...database.env,
      ...env,
    },
  });
  return running(child, `http://127.0.0.1:${port}`, 90_000, 'server');
}

/**
 * `npm run start:cluster` (deploy/cluster.mjs) on the bench's PostgreSQL: `instances` API processes behind nginx on
 * `port`, sharing BENCH_REDIS_URL (or the local Redis). Its API processes are its children, so the CPU figure of a
 * cluster run covers only the supervisor and is not reported.
 */
export async function startCluster(database: BenchDatabase, port: number, instances: number): Promise<RunningServer> {
  if (database.kind !== 'postgres')
    throw new Error('BENCH_CLUSTER needs BENCH_DATABASE_URL: the instances share one PostgreSQL');
  const child = spawn(process.execPath, ['deploy/cluster.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: {
      ...process.env,
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CLUSTER_INSTANCES: String(instances),
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      // BENCH_PROFILE=<folder>: each instance writes a V8 CPU profile there when the cluster stops; the scenario reports
      // each rush's window on the profiles' clock, for bench/tools/profile-window.mjs.
      ...(process.env.BENCH_PROFILE
        ? { CLUSTER_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE}` }
        : {}),
      LOG_LEVEL: 'warn',
      AUTH_SECRET,
      PUBLIC_URL: publicUrlOf(port),
    },
  });
  return running(child, publicUrlOf(port), 180_000, 'cluster');
}

/** A started server once it answers /v1/health, and how to stop it. */
async function running(child: ChildProcess, base: string, patienceMs: number, what: string): Promise<RunningServer> {
  const deadline = Date.now() + patienceMs;
  // A process that gave up (nginx missing, a port taken: it said why on stderr, which is ours) ends the wait at once.
  let exit: string | null = null;
  child.once('exit', (code, signal) => {
    exit = signal ?? `exit code ${code}`;
  });
  for (;;) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (exit) throw new Error(`${what} stopped before it answered (${exit}); its reason is above`);
    if (Date.now() > deadline) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Now on the clock of V8's CPU profiles (the system's monotonic clock, in microseconds): with BENCH_PROFILE, a scenario
 * reports its measured window in it, and bench/tools/profile-window.mjs cuts a profile to that window.
 */
export function profileClockMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** The window from `startedAtMicros` lasting `seconds`, when the run is profiled (BENCH_PROFILE); else nothing. */
export function profileWindow(startedAtMicros: number, seconds: number): { profileWindowMicros?: string } {
  if (!process.env.BENCH_PROFILE) return {};
  return { profileWindowMicros: `${startedAtMicros}:${startedAtMicros + Math.round(seconds * 1e6)}` };
}

/** Fastify's plain JSON route on this machine, measured with the same connections: the ceiling of the HTTP stack. */
export async function plainRouteYardstick(connections: number, seconds: number): Promise<number> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await autocannon({ url: address, connections, duration: seconds });
  await app.close();
  return Math.round(result.requests.average);
}

/**
 * CPU seconds a process has used (user + system, from /proc): the server's cost per request stays measurable on a
 * machine that other work shares, where requests per second do not.
 */
export function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerSecond = 100;
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

export function machine(): string {
  return `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
