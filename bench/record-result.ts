import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

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
