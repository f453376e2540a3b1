// `npm run bench -- fuzz`: the OpenAPI-driven fuzzer of apps/api/src/testing/fuzz with the full count, at least 200
// generated malformed requests to every operation of /docs/json, in process (app.inject) on a fresh database:
// PGlite, or a new database on BENCH_DATABASE_URL's server. Reports the number of requests, the status
// distribution and every finding (a 5xx, an answer outside { code, message }, another person's data), and records
// the run in bench/results/fuzz.json. FUZZ_SEED repeats a run; FUZZ_PER_OPERATION changes the count.
import { newSeed } from '../apps/api/src/testing/fuzz/prng.ts';
import { machine } from './bench-server.ts';
import { measuredCommit, recordResult } from './record-result.ts';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : newSeed();
const perOperation = Number(process.env.FUZZ_PER_OPERATION ?? 200);
// The test helpers open their database from TEST_DATABASE_URL: a bench on PostgreSQL hands them its server.
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const { createTestApp } = await import('../apps/api/src/testing/test-app.ts');
const { runFuzz, summariseFindings } = await import('../apps/api/src/testing/fuzz/run-fuzz.ts');

console.log(
  `fuzz: seed ${seed}, ${perOperation} requests per operation, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
const t = await createTestApp();
let report: Awaited<ReturnType<typeof runFuzz>>;
try {
  report = await runFuzz(t, {
    seed,
    perOperation,
    onOperation: (done, total, operation) => {
      if (done % 10 === 0 || done === total)
        console.log(`  ${String(done).padStart(3)}/${total} operations (${operation.id})`);
    },
  });
} finally {
  await t.close();
}

const summary = {
  scenario: 'fuzz',
  about: `OpenAPI-driven fuzzing: ${perOperation} generated malformed requests per operation through app.inject`,
  database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
  seed,
  perOperation,
  operations: report.operations,
  requests: report.requests,
  unsent: report.unsent,
  durationSeconds: Math.round(report.durationMs / 1000),
  requestsPerSecond: Math.round(report.requests / (report.durationMs / 1000)),
  statuses: report.statuses,
  strategies: report.strategies,
  findingCount: report.findingCount,
  findings: summariseFindings(report).split('\n').filter(Boolean),
  slowest: report.slowest.slice(0, 5),
  machine: machine(),
  commit: measuredCommit(),
  at: new Date().toISOString(),
};
console.log(JSON.stringify(summary, null, 2));
if (report.findingCount > 0) {
  console.log(`\nfirst findings (repeat with FUZZ_SEED=${seed}):`);
  for (const finding of report.findings.slice(0, 30)) {
    console.log(
      `\n${finding.operation} [${finding.strategy}] ${finding.mutation} as ${finding.identity} -> ${finding.status}`,
    );
    console.log(`  ${finding.problems.join('; ')}`);
    console.log(`  ${finding.request.replaceAll('\n', '\n  ')}`);
    console.log(`  answer: ${finding.answer}`);
  }
}
recordResult(summary);
if (report.findingCount > 0) process.exitCode = 1;
