// `npm run bench -- drop-rush`: the largest public pack drops drew about 18 fans per pack. A drop of BENCH_PACKS
// (10,000) packs, BENCH_BUYERS (10,000) funded buyers making BENCH_ATTEMPTS (200,000) purchase attempts over HTTP with
// keep-alive and a fresh Idempotency-Key each, against the real server on its own database. Reports the sell-out rate
// (successful purchases per second until the last sale), the time to sell out, p50/p99 over all attempts, every
// attempt's outcome, the invariants afterwards, and as yardsticks in the same run: Fastify's plain JSON route and, on
// PostgreSQL, a single-row insert with pgbench; the purchase rate as a ratio to each.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runPurchases } from './purchase-run.ts';
import { recordResult } from './record-result.ts';

const buyers = Number(process.env.BENCH_BUYERS ?? 10_000);
const packs = Number(process.env.BENCH_PACKS ?? 10_000);
const attempts = Number(process.env.BENCH_ATTEMPTS ?? 200_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** BENCH_WARMUP_PACKS: an earlier drop other buyers sell out first, so the cluster's code is warm (purchase-run.ts). */
const warmUpPacks = Number(process.env.BENCH_WARMUP_PACKS ?? 0);

/** Single-row inserts per second with pgbench on the run's own database: what PostgreSQL itself does here. */
function pgbenchInserts(databaseUrl: string): number {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pgbench-')), 'insert.sql');
  fs.writeFileSync(script, 'insert into bench_rows (id) values (gen_random_uuid());\n');
  execFileSync('psql', [databaseUrl, '-qc', 'create table if not exists bench_rows (id uuid primary key)']);
  const output = execFileSync('pgbench', [
    '-n',
    '-f',
    script,
    '-c',
    '20',
    '-j',
    '2',
    '-T',
    '5',
    databaseUrl,
  ]).toString();
  const tps = /tps = ([\d.]+)/.exec(output);
  execFileSync('psql', [databaseUrl, '-qc', 'drop table bench_rows']);
  return tps ? Math.round(Number(tps[1])) : 0;
}

const run = await runPurchases({
  label: 'drop-rush',
  buyers,
  packs,
  attempts,
  connections,
  warmUpPacks,
  port: Number(process.env.BENCH_PORT ?? 3911),
  beforeServer: async (database): Promise<Record<string, number>> =>
    database.kind === 'postgres'
      ? { pgbenchSingleRowInsertsPerSecond: pgbenchInserts(database.env.DATABASE_URL!) }
      : {},
});
const { plainFastifyRoutePerSecond } = run.yardsticks;
const pgbench = (run.yardsticks as { pgbenchSingleRowInsertsPerSecond?: number }).pgbenchSingleRowInsertsPerSecond;
const summary = {
  scenario: 'drop-rush',
  about: `${attempts} purchase attempts by ${buyers} funded buyers on a drop of ${packs} packs, ${connections} connections`,
  ...run,
  soldOut: run.successful === packs,
  ratios: {
    purchaseToPlainRoute: Number((run.successfulPurchasesPerSecond / plainFastifyRoutePerSecond).toFixed(3)),
    ...(pgbench ? { purchaseToPgbenchInsert: Number((run.successfulPurchasesPerSecond / pgbench).toFixed(3)) } : {}),
  },
  targets: {
    successfulPurchasesPerSecond: 3000,
    sellOutSeconds: 5,
    isRateMet: run.successfulPurchasesPerSecond >= 3000,
    isSellOutMet: run.timeToLastSaleSeconds !== null && run.timeToLastSaleSeconds <= 5,
  },
};
console.log(JSON.stringify(summary, null, 2));
recordResult(summary);
if (!Object.values(summary.invariants).every(Boolean) || summary.unknownOutcomes.length > 0) process.exitCode = 1;
