// `npm test`: install what is missing, typecheck, run the unit and API suites (PGlite by default, PostgreSQL when
// TEST_DATABASE_URL is set), then the browser journeys when a Chromium is found (required when E2E=required).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, run, runOrExit } from './lib/prepare.mjs';

ensureDependencies();

// TYPECHECK=skip: .ci/run's second pass (the database suites on PostgreSQL) runs on a tree its first pass checked.
if (process.env.TYPECHECK === 'skip') {
  console.log('\n▸ Typecheck skipped (TYPECHECK=skip)');
} else {
  console.log('\n▸ Typecheck');
  runOrExit('npm', ['run', 'typecheck', '--silent']);
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

console.log('\n▸ Unit and API tests' + (process.env.TEST_DATABASE_URL ? ' (on PostgreSQL)' : ' (on PGlite)'));
const vitestReport = path.join(reportDir, 'vitest.json');
// Extra arguments go to vitest, e.g. `npm test -- --project api` for the database suites alone.
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`];
// On PostgreSQL the suites mostly wait for the server (a file used about half a core with one worker per core), so
// twice as many files run at once; PGlite runs inside each worker and keeps its core busy, so one worker per core
// (vitest's own default leaves a core free: one worker on a two-core machine, 6.3 minutes where two take 4.5).
const extraArgs = process.argv.slice(2);
if (!extraArgs.some((arg) => arg.startsWith('--maxWorkers'))) {
  const cores = os.availableParallelism();
  // At most three files at once on PostgreSQL: a race file holds up to 30 connections (two instances' pools, their
  // listeners, a gate), and the server allows 100. With four, a passing run peaked at 87 connections (2026-11-29,
  // sampled every 200 ms) and one CI run had 38 of a redeem race's 100 requests refused ("too many clients", 503).
  const onPostgres = Math.min(3, Math.max(2, cores * 2));
  vitestArgs.push(`--maxWorkers=${process.env.TEST_DATABASE_URL ? onPostgres : Math.max(2, cores)}`);
}
const vitestStatus = run('npx', [...vitestArgs, ...extraArgs]);
if (fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // Named again at the very end: CI keeps only the tail of a run's output, where the journeys' lines had pushed a
  // failed unit test's name out of sight (stop 43's CI said "1 failed" and nothing more).
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(`${path.relative(process.cwd(), file.name)} › ${test.fullName}`);
    }
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failures.push(`${path.relative(process.cwd(), file.name)} (${file.message || 'failed to load'})`);
    }
  }
} else if (vitestStatus !== 0) totals.failed += 1;

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (candidate) => candidate && fs.existsSync(candidate),
);
let e2eStatus = 0;
if (process.env.E2E === 'skip') {
  console.log('\n▸ Browser journeys skipped (E2E=skip)');
} else if (!chromium) {
  if (process.env.E2E === 'required') {
    console.error(
      '\n✗ Browser journeys are required (E2E=required) but no Chromium was found. Install it: apt-get install -y chromium',
    );
    e2eStatus = 1;
    totals.failed += 1;
  } else {
    console.log(
      '\n▸ Browser journeys skipped: no Chromium at /usr/bin/chromium or CHROMIUM_PATH (apt-get install -y chromium)',
    );
  }
} else {
  console.log(`\n▸ Browser journeys in ${chromium}`);
  ensureWebBuild();
  const playwrightReport = path.join(reportDir, 'playwright.json');
  e2eStatus = run('npx', ['playwright', 'test'], {
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  });
  if (fs.existsSync(playwrightReport)) {
    const { stats } = JSON.parse(fs.readFileSync(playwrightReport, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    collectFailedJourneys(JSON.parse(fs.readFileSync(playwrightReport, 'utf8')).suites ?? [], failures);
  } else if (e2eStatus !== 0) totals.failed += 1;
}

fs.rmSync(reportDir, { recursive: true, force: true });
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((name) => `  ✗ ${name}`).join('\n')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(vitestStatus !== 0 || e2eStatus !== 0 ? 1 : 0);

/** Playwright's JSON report nests suites by file and describe; a journey failed when its last result did. */
function collectFailedJourneys(suites, into) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') into.push(`${spec.file}:${spec.line} › ${spec.title} [${test.projectName}]`);
      }
    }
    collectFailedJourneys(suite.suites ?? [], into);
  }
}
