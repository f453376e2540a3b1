// `npm run typecheck`: every TypeScript project of the repository, as many at once as the machine has cores. Each
// `tsc -p` is one thread and the projects do not build on one another (none emits; each reads the contract's source),
// so on two cores two at a time take about two thirds of the time one after another did (96 s).
import { spawn } from 'node:child_process';
import os from 'node:os';

const projects = ['apps/web', 'apps/api', 'packages/contract', 'tsconfig.e2e.json', 'bench'];
const lanes = Math.max(1, Math.min(projects.length, os.availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const output = [];
    const tsc = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    tsc.stdout.on('data', (chunk) => output.push(chunk));
    tsc.stderr.on('data', (chunk) => output.push(chunk));
    tsc.on('close', (code) => {
      // A project's errors printed together, not interleaved with another's.
      if (output.length > 0) process.stdout.write(Buffer.concat(output));
      if (code !== 0) console.error(`✗ tsc -p ${project} failed`);
      resolve(code === 0);
    });
  });
}

const pending = [...projects];
const results = await Promise.all(
  Array.from({ length: lanes }, async () => {
    let ok = true;
    while (pending.length > 0) ok = (await check(pending.shift())) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
