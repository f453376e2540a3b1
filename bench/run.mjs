// `npm run bench [-- scenario ...]`: starts the real server on this machine (PGlite in a temporary folder, or
// BENCH_DATABASE_URL), drives each scenario with autocannon over loopback, prints a summary and records it in
// bench/results/. Run on demand; tests never assert timings.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { apiServerBundle, ensureApiBuild } from '../scripts/lib/prepare.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3900);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const databaseUrl = process.env.BENCH_DATABASE_URL;

const benchUser = { email: `bench.${Date.now()}@example.com`, password: 'Collector#2026' };

/** Each scenario: what it measures, and how to build its requests once the server is up. */
const scenarios = {
  health: {
    about: 'GET /v1/health: HTTP stack, error model hooks and a `select 1`',
    requests: async () => [{ method: 'GET', path: '/v1/health' }],
  },
  'users-my': {
    about: 'GET /v1/users/my: JWT check, session lookup and the user row',
    requests: async ({ accessToken }) => [
      { method: 'GET', path: '/v1/users/my', headers: { authorization: `Bearer ${accessToken}` } },
    ],
  },
  'balances-my': {
    about: 'GET /v1/balances/my: both currencies, withdrawable and not, held in review, from the ledger accounts',
    requests: async ({ accessToken }) => [
      { method: 'GET', path: '/v1/balances/my', headers: { authorization: `Bearer ${accessToken}` } },
    ],
  },
  'balance-history': {
    about: 'GET /v1/balances?page=1&size=20: a page of the ledger history with its receipts and the count',
    requests: async ({ accessToken }) => [
      { method: 'GET', path: '/v1/balances?page=1&size=20', headers: { authorization: `Bearer ${accessToken}` } },
    ],
  },
  'drops-list': {
    about: 'GET /v1/drops?status=AVAILABLE: the public drop list a visitor opens (its answer kept a second in memory)',
    requests: async () => [{ method: 'GET', path: '/v1/drops?status=AVAILABLE&page=1&size=20' }],
  },
  'drop-detail': {
    about: 'GET /v1/drops/{id}: the live seeded drop, as a visitor sees it',
    requests: async () => {
      const drops = await (await fetch(`${base}/v1/drops?status=AVAILABLE`)).json();
      return [{ method: 'GET', path: `/v1/drops/${drops.data.items[0].id}` }];
    },
  },
  products: {
    about: 'GET /v1/products?page=1&size=20: a page of the catalogue',
    requests: async () => [{ method: 'GET', path: '/v1/products?page=1&size=20' }],
  },
  product: {
    about: 'GET /v1/products/{id}: one product page',
    requests: async () => {
      const products = await (await fetch(`${base}/v1/products?size=1`)).json();
      return [{ method: 'GET', path: `/v1/products/${products.data.items[0].id}` }];
    },
  },
  'sign-in': {
    about: 'POST /v1/users/authentications/login: argon2id verification bound (19 MiB, t=2) plus a new session',
    // Each request claims a different client address (the server trusts X-Forwarded-For here), so the per-IP
    // sign-in limit does not turn the run into a measurement of 429s.
    requests: async () => [
      {
        method: 'POST',
        path: '/v1/users/authentications/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(benchUser),
        setupRequest: (request) => {
          const n = Math.floor(Math.random() * 2 ** 24);
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}` },
          };
        },
      },
    ],
  },
};

async function waitForHealth(deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

async function prepareUser() {
  const response = await fetch(`${base}/v1/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...benchUser, agreeToTerms: true, agreeToPrivacy: true }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}

/**
 * Gives the bench user a ledger worth reading: 25 confirmed crypto deposits through the sandbox checkout (the same
 * signed-webhook path as a real provider's), so balance-history reads full pages.
 */
async function fundBenchUser({ accessToken }) {
  for (let i = 0; i < 25; i += 1) {
    const created = await fetch(`${base}/v1/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ method: 'crypto', amount: { amount: 1000 + i, currency: 'USD' } }),
    });
    if (created.status !== 201) throw new Error(`deposit failed: ${created.status} ${await created.text()}`);
    const { checkoutUrl } = (await created.json()).data;
    const paid = await fetch(`${base}${new URL(checkoutUrl).pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=succeeded',
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`sandbox payment failed: ${paid.status}`);
  }
}

// Scenarios with a script of their own (TypeScript, run with tsx): each prepares its own database and server.
const scripted = [
  'ledger-postings',
  'purchase',
  'drop-rush',
  'drop-watchers',
  'collection',
  'reminders',
  'redeem-codes',
  'fuzz',
  'web',
];
const selected = process.argv.slice(2).filter((name) => !name.startsWith('-'));
const everything = selected.length === 0;
for (const name of everything ? scripted : selected.filter((candidate) => scripted.includes(candidate))) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exitCode = 1;
}
const names = everything ? Object.keys(scenarios) : selected.filter((name) => !scripted.includes(name));
if (names.length === 0) process.exit();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-bench-'));
await ensureApiBuild();
const server = spawn(process.execPath, ['--enable-source-maps', apiServerBundle], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    JOBS_ENABLED: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
});

const results = [];
try {
  await waitForHealth();
  const tokens = await prepareUser();
  await fundBenchUser(tokens);
  for (const name of names) {
    const scenario = scenarios[name];
    if (!scenario) throw new Error(`unknown scenario ${name}; known: ${Object.keys(scenarios).join(', ')}`);
    const result = await autocannon({ url: base, connections, duration, requests: await scenario.requests(tokens) });
    const summary = {
      scenario: name,
      about: scenario.about,
      database: databaseUrl ? 'postgres' : 'pglite',
      connections,
      durationSeconds: duration,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99 },
      non2xx: result.non2xx,
      errors: result.errors,
      machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      at: new Date().toISOString(),
    };
    results.push(summary);
    console.log(
      `${name.padEnd(10)} ${String(summary.requestsPerSecond).padStart(7)} req/s   p50 ${summary.latencyMs.p50} ms   p99 ${summary.latencyMs.p99} ms   non-2xx ${summary.non2xx}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const file = path.join(
  root,
  'bench/results',
  `${new Date().toISOString().slice(0, 10)}-${databaseUrl ? 'postgres' : 'pglite'}.json`,
);
fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nrecorded in ${path.relative(root, file)}`);
