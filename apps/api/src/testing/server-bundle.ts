import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot } from '../lib/api-folder.ts';

/**
 * The server as `npm start` runs it: bundles the API if its sources changed (scripts/build-api.mjs) and returns the
 * node arguments that start it, for tests and benchmarks that run the real server in a process of its own.
 */
export function serverBundleArgs(): string[] {
  const built = spawnSync(process.execPath, ['scripts/build-api.mjs'], { cwd: repositoryRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('Bundling the API failed (node scripts/build-api.mjs)');
  return ['--enable-source-maps', path.join(repositoryRoot, 'apps/api/dist/server.mjs')];
}
