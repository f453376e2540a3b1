// `npm run bench -- purchase`: many funded buyers buying packs of one live drop that does not sell out, over HTTP
// (keep-alive, a fresh Idempotency-Key per attempt) against the real server on its own database: PostgreSQL with
// BENCH_DATABASE_URL, else PGlite. Reports successful purchases per second, p50/p99, every attempt's final status, the
// invariants checked afterwards, and the plain-route and health figures of the same run.
import { runPurchases } from './purchase-run.ts';
import { recordResult } from './record-result.ts';

const buyers = Number(process.env.BENCH_BUYERS ?? 1000);
const packs = Number(process.env.BENCH_PACKS ?? 100_000);
const run = await runPurchases({
  label: 'purchase',
  buyers,
  packs,
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  port: Number(process.env.BENCH_PORT ?? 3910),
});
const summary = {
  scenario: 'purchase',
  about: `POST /v2/orders from the balance: ${buyers} funded buyers, one live drop of ${packs} packs, keep-alive, a new Idempotency-Key per attempt`,
  ...run,
  yardsticks: {
    ...run.yardsticks,
    purchaseToPlainRoute: Number(
      (run.successfulPurchasesPerSecond / run.yardsticks.plainFastifyRoutePerSecond).toFixed(3),
    ),
  },
};
console.log(JSON.stringify(summary, null, 2));
recordResult(summary);
if (!Object.values(summary.invariants).every(Boolean) || summary.unknownOutcomes.length > 0) process.exitCode = 1;
