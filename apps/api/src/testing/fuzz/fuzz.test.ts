import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';
import { runFuzz, summariseFindings } from './run-fuzz.ts';

// A small count per operation (every strategy once) keeps `npm test` quick; `npm run bench -- fuzz` sends the full count (bench/fuzz.ts).
// A fixed seed by default, so the suite gives the same answer on every run and a red CI always means a change; the
// bench (npm run bench -- fuzz) draws a new seed each run to explore. FUZZ_SEED repeats any run; FUZZ_PER_OPERATION
// sends more.
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_261_123;
const perOperation = Number(process.env.FUZZ_PER_OPERATION ?? 16);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it(`answers generated malformed requests to every operation without a 5xx, in the error shape, with nobody else's data (seed ${seed})`, async () => {
  const report = await runFuzz(t, { seed, perOperation });
  const summary = `fuzz seed ${seed} (repeat with FUZZ_SEED=${seed}): ${report.requests} requests to ${report.operations} operations, ${report.findingCount} findings\n${summariseFindings(report)}`;
  if (report.findingCount > 0) console.log(summary, '\n', JSON.stringify(report.findings.slice(0, 20), null, 2));
  expect(report.operations).toBeGreaterThan(100);
  expect(report.requests).toBeGreaterThanOrEqual(report.operations * perOperation * 0.95);
  expect(report.findingCount, summary).toBe(0);
}, 180_000);
