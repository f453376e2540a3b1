// `npm run start:cluster`: several API instances on one PostgreSQL and one Redis, behind nginx, on this machine.
// Installs what is missing and builds the web app if needed (as `npm start` does), migrates and seeds once, starts
// CLUSTER_INSTANCES API processes (2 by default) each on its own port on 127.0.0.1, waits until each answers
// /v1/health, then runs nginx in the foreground with a configuration made from deploy/nginx.conf.template in a
// temporary folder (no root, no /etc/nginx). Ctrl-C or SIGTERM stops nginx first, then the instances (each finishes its
// requests in flight), then removes the folder. An instance that dies is started again; nginx sends to the others
// meanwhile. Images go to the bucket when S3_BUCKET is set (checked by the database preparation, before any instance
// starts), else to the one UPLOADS_DIR (DATA_DIR/uploads) the instances on this machine share.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { apiServerBundle, ensureApiBuild, ensureDependencies, ensureWebBuild, root } from '../scripts/lib/prepare.mjs';

const env = process.env;

function fail(message) {
  console.error(`\n✗ ${message}\n`);
  process.exit(1);
}

function integer(name, fallback, min, max) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  return value;
}

if (!env.DATABASE_URL || !env.REDIS_URL) {
  fail(
    [
      'npm run start:cluster needs DATABASE_URL and REDIS_URL:',
      '  DATABASE_URL  the PostgreSQL (15+) that every instance shares; the embedded database is one process only',
      '  REDIS_URL     the Redis in which every instance counts rate limits together',
      'For example:',
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/cypher REDIS_URL=redis://127.0.0.1:6379 npm run start:cluster',
    ].join('\n'),
  );
}

const instanceCount = integer('CLUSTER_INSTANCES', 2, 1, 32);
const port = integer('PORT', 3000, 1, 65535);
const firstInstancePort = integer('CLUSTER_FIRST_PORT', port + 1, 1, 65535 - instanceCount);
const instancePorts = Array.from({ length: instanceCount }, (_, index) => firstInstancePort + index);
if (instancePorts.includes(port))
  fail(`CLUSTER_FIRST_PORT (${firstInstancePort}) would put an instance on nginx's port ${port}.`);
const listenHost = env.HOST || '0.0.0.0';
/** Node flags for every instance (e.g. `--max-old-space-size=4096`, or the bench's `--cpu-prof`, which NODE_OPTIONS refuses). */
const instanceNodeArgs = (env.CLUSTER_NODE_ARGS || '').split(' ').filter(Boolean);
const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'));
const nginxBinary =
  env.NGINX_BIN || ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => fs.existsSync(file)) || 'nginx';
// Who holds a drop page's live streams (decision record 35): the instances, nginx passing each stream on; or, with
// CLUSTER_LIVE_FANOUT=nginx, nginx itself through its Nchan module (Debian: libnginx-mod-nchan), the instances
// publishing each drop's events to it once. Measured with bench/drop-watchers.ts, nginx's fan-out did not take less
// from a rush than the instances' streams (it saves the instances' memory per watcher, and keeps the streams open
// when an instance restarts), so the instances stay the default.
const liveFanout = env.CLUSTER_LIVE_FANOUT || 'instances';
if (!['nginx', 'instances'].includes(liveFanout))
  fail(`CLUSTER_LIVE_FANOUT must be instances or nginx, not "${liveFanout}".`);
const nchanModule =
  liveFanout === 'instances'
    ? null
    : env.NGINX_NCHAN_MODULE ||
      ['/usr/lib/nginx/modules/ngx_nchan_module.so', '/usr/share/nginx/modules/ngx_nchan_module.so'].find((file) =>
        fs.existsSync(file),
      ) ||
      null;
if (liveFanout === 'nginx' && !nchanModule)
  fail(
    "CLUSTER_LIVE_FANOUT=nginx needs nginx's Nchan module (Debian: apt-get install libnginx-mod-nchan, or NGINX_NCHAN_MODULE).",
  );
// With nginx holding the streams, it counts each address's streams (as the instances do without it).
const livePerAddress = integer('DROP_LIVE_MAX_WATCHERS_PER_ADDRESS', 100, 1, 1_000_000);

ensureDependencies();
ensureWebBuild();
await ensureApiBuild();

// Every instance must sign and check tokens with the same key. Production sets AUTH_SECRET (the API refuses to start
// without it); elsewhere the key `npm start` keeps in DATA_DIR is made here, once, before any instance could race to.
function authSecret() {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === 'production') fail('AUTH_SECRET is required in production (the same on every instance).');
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

// The provenance seeds' key: derived from AUTH_SECRET outside production, so the line above covers it there.
if (env.NODE_ENV === 'production' && !env.PROVENANCE_SEED_KEY) {
  fail('PROVENANCE_SEED_KEY is required in production (32 bytes in hex, the same on every instance).');
}

const sharedEnv = {
  ...env,
  DATA_DIR: dataDir,
  AUTH_SECRET: authSecret(),
  PUBLIC_URL: publicUrl,
  // Client addresses (rate limits, sessions' IPs) come from nginx's X-Forwarded-For, which nginx sets itself.
  TRUST_PROXY: 'true',
  // Per-request logs of N instances drown the terminal; LOG_LEVEL=info brings them back.
  LOG_LEVEL: env.LOG_LEVEL || 'warn',
  // One purchase batch in flight per round in each instance (a single instance's default is two): the instances'
  // batches already overlap in the database, and fewer, larger batches commit less often. Measured with `drop-rush`
  // through two instances (2026-11-28): 2,136 purchases/s with one, 1,774 with two (medians of three runs).
  PURCHASE_BATCHES_IN_FLIGHT: env.PURCHASE_BATCHES_IN_FLIGHT || '1',
};

// The S3_* settings reach every instance with the rest of the environment; the API checks them (config.ts).
const images = env.S3_BUCKET
  ? `the bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''} (S3_BUCKET), shared by every instance`
  : `${path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'uploads'))}, shared by the instances on this machine (S3_BUCKET for several machines)`;

const nodeWithTsx = (script) => [process.execPath, ['--import', 'tsx', script]];

// A database named in DATABASE_URL that does not exist yet is made, as a first `npm start` makes its embedded one.
{
  const { default: pg } = await import('pg');
  const probe = new pg.Client({ connectionString: env.DATABASE_URL });
  try {
    await probe.connect();
  } catch (error) {
    if (error.code !== '3D000') fail(`PostgreSQL at DATABASE_URL is not reachable: ${error.message}`);
    const url = new URL(env.DATABASE_URL);
    const name = decodeURIComponent(url.pathname.slice(1));
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
    await admin.end();
    console.log(`▸ Created the database "${name}"`);
  } finally {
    await probe.end().catch(() => undefined);
  }
}

console.log(
  '▸ Database: migrate, publish the bundled terms, seed an empty one outside production (once, before the instances)',
);
{
  const [command, args] = nodeWithTsx('apps/api/src/cli/prepare-database.ts');
  const prepared = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: sharedEnv });
  if (prepared.status !== 0) {
    fail(
      `Preparing the database failed (see above). Is PostgreSQL reachable at DATABASE_URL${env.S3_BUCKET ? ', and the bucket S3_BUCKET' : ''}?`,
    );
  }
}

const nginxCheck = spawnSync(nginxBinary, ['-v'], { encoding: 'utf8' });
if (nginxCheck.error)
  fail(`nginx was not found (${nginxBinary}). Install it (Debian: apt-get install nginx) or set NGINX_BIN.`);

/** Copies a child's output to ours, each line tagged with its name. */
function tagOutput(child, name) {
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  }
}

let isStopping = false;
const instances = instancePorts.map((instancePort, index) => ({
  name: `api-${index + 1}`,
  port: instancePort,
  socket: '',
  child: null,
  starts: [],
}));

function startInstance(instance) {
  const [command, args] = [process.execPath, [...instanceNodeArgs, '--enable-source-maps', apiServerBundle]];
  // Its own process group, so a Ctrl-C in the terminal reaches this script only and the shutdown keeps its order.
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...sharedEnv,
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      LISTEN_SOCKET: instance.socket,
      DROP_LIVE_FANOUT: nchanModule ? livePublisherSocket : '',
    },
  });
  instance.child = child;
  instance.starts.push(Date.now());
  tagOutput(child, instance.name);
  child.on('exit', (code, signal) => {
    instance.child = null;
    if (isStopping) return;
    const recent = instance.starts.filter((at) => Date.now() - at < 60_000);
    console.error(`[cluster] ${instance.name} stopped (${signal ?? `exit ${code}`})`);
    if (recent.length >= 5) {
      console.error(`[cluster] ${instance.name} stopped 5 times within a minute: stopping the cluster`);
      void stop(1);
      return;
    }
    console.error(`[cluster] starting ${instance.name} again; nginx sends its requests to the others meanwhile`);
    setTimeout(() => !isStopping && startInstance(instance), 1000);
  });
}

async function waitForHealth(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    if (isStopping || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-nginx-'));
// nginx's workers run as another user when it is started by root: they must be able to reach the sockets in here.
fs.chmodSync(runDir, 0o711);
for (const instance of instances) instance.socket = path.join(runDir, `${instance.name}.sock`);
// nginx's publisher for the live streams it holds: only the instances, on this machine, reach it.
const livePublisherSocket = path.join(runDir, 'live-publisher.sock');
let nginx = null;

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

function whenExited(child, seconds, signal) {
  if (!child || exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, seconds * 1000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

async function stop(exitCode) {
  if (isStopping) return;
  isStopping = true;
  console.log('\n▸ Stopping: nginx first (no new requests), then the instances (each finishes what it has in flight)');
  // SIGQUIT: nginx's graceful stop, answering the requests it holds.
  await whenExited(nginx, 10, 'SIGQUIT');
  await Promise.all(instances.map((instance) => whenExited(instance.child, 25, 'SIGTERM')));
  fs.rmSync(runDir, { recursive: true, force: true });
  console.log('  stopped');
  process.exit(exitCode);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));

console.log(
  `▸ Starting ${instanceCount} API instances on 127.0.0.1:${instancePorts.join(', ')} (TRUST_PROXY=true, jobs on in each)`,
);
for (const instance of instances) startInstance(instance);
const healthy = await Promise.all(
  instances.map((instance) => waitForHealth(`http://127.0.0.1:${instance.port}/v1/health`, 120)),
);
if (isStopping) await new Promise(() => undefined);
if (healthy.includes(false)) {
  console.error(
    `\n✗ ${instances
      .filter((_, index) => !healthy[index])
      .map((instance) => instance.name)
      .join(', ')} did not answer /v1/health within 120 s`,
  );
  await stop(1);
}

const template = fs.readFileSync(path.join(root, 'deploy/nginx.conf.template'), 'utf8');
// nginx reaches each instance through its Unix socket (LISTEN_SOCKET): a live drop page's events cost a fifth less
// there than through TCP (bench/README.md, drop-watchers). The ports stay for health checks and direct calls.
const upstreamServers = instances
  .map((instance) => `    server unix:${instance.socket} max_fails=1 fail_timeout=5s;`)
  .join('\n');
const liveFragment = (name) => fs.readFileSync(path.join(root, 'deploy/nginx-live', name), 'utf8').trimEnd();
const configFile = path.join(runDir, 'nginx.conf');
fs.writeFileSync(
  configFile,
  template
    .replaceAll('{{LOAD_MODULES}}', nchanModule ? `load_module ${nchanModule};` : '')
    .replaceAll('{{LIVE_HTTP}}', nchanModule ? liveFragment('fanned-out.http.conf') : '')
    .replaceAll('{{LIVE_LOCATION}}', liveFragment(nchanModule ? 'fanned-out.location.conf' : 'proxied.location.conf'))
    .replaceAll('{{LIVE_PUBLISHER_SOCKET}}', livePublisherSocket)
    .replaceAll('{{LIVE_PER_ADDRESS}}', String(livePerAddress))
    .replaceAll('{{PUBLIC_ORIGIN}}', new URL(publicUrl).origin)
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{UPSTREAM_SERVERS}}', upstreamServers)
    .replaceAll('{{LISTEN}}', listenHost === '0.0.0.0' ? String(port) : `${listenHost}:${port}`),
);
// -e: where nginx reports problems before it has read the configuration (its default, /var/log/nginx, needs root).
const nginxArgs = ['-p', runDir, '-c', configFile, '-e', path.join(runDir, 'error.log')];
const tested = spawnSync(nginxBinary, ['-t', '-q', ...nginxArgs], { encoding: 'utf8' });
if (tested.status !== 0) {
  console.error(tested.stderr);
  console.error('\n✗ nginx refused the generated configuration (above)');
  await stop(1);
}

console.log(`▸ nginx on ${listenHost}:${port} (least connections, keep-alive to the instances; logs in ${runDir})`);
nginx = spawn(nginxBinary, nginxArgs, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
tagOutput(nginx, 'nginx');
nginx.on('exit', (code, signal) => {
  if (isStopping) return;
  console.error(`[cluster] nginx stopped (${signal ?? `exit ${code}`}); error log: ${path.join(runDir, 'error.log')}`);
  for (const line of fs.readFileSync(path.join(runDir, 'error.log'), 'utf8').split('\n').slice(-5))
    console.error(`[nginx] ${line}`);
  void stop(1);
});

// Ready once nginx answers /v1/health for as many requests as there are instances (least_conn spreads them).
const throughNginx = `http://127.0.0.1:${port}/v1/health`;
if (!(await waitForHealth(throughNginx, 20))) {
  console.error('\n✗ nginx did not answer /v1/health within 20 s');
  await stop(1);
}
for (let check = 1; check < instanceCount; check += 1) await waitForHealth(throughNginx, 5);

console.log(`\n  Cypher cluster is ready: ${publicUrl}`);
console.log(`  nginx :${port} → ${instances.map((instance) => `${instance.name} :${instance.port}`).join(', ')}`);
console.log('  one PostgreSQL (DATABASE_URL), one Redis (REDIS_URL); Ctrl-C stops everything');
console.log(
  `  live drop pages: streams held by ${nchanModule ? "nginx (Nchan); each instance publishes a drop's events to it once" : 'the instances'}`,
);
console.log(`  images: ${images}\n`);
