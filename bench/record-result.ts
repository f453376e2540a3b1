import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

/**
 * The commit the run measured: HEAD, marked "+uncommitted" when the code differs from it (anything but bench/results, docs/ and Markdown),
 * so a run of work in progress is never filed under the commit before it.
 */
export function measuredCommit(): string {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const head = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  const changed = execSync(
    'git status --porcelain --untracked-files=no -- . ":(exclude)bench/results" ":(exclude)docs" ":(exclude)*.md"',
    { cwd: root },
  )
    .toString()
    .trim();
  return changed ? `${head}+uncommitted` : head;
}

/**
 * Appends one run to `bench/results/<scenario>.json`, newest last, so a change's before and after sit side by side.
 * BENCH_LABEL (for example "before" or "after") names the run.
 */
export function recordResult(summary: { scenario: string } & Record<string, unknown>): void {
  const file = path.join(resultsDir, `${summary.scenario}.json`);
  const runs: unknown[] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  runs.push({ ...(process.env.BENCH_LABEL ? { label: process.env.BENCH_LABEL } : {}), ...summary });
  fs.writeFileSync(file, `${JSON.stringify(runs, null, 2)}\n`);
  console.log(`recorded in ${path.relative(process.cwd(), file)}`);
}
