// Shared by `npm start` and `npm test`: install what is missing and build the web app when its sources changed.
// Plain Node with no dependencies, because it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules' || child === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** `npm ci` on a fresh clone; `npm install` when the lockfile moved on since the last install. */
export function ensureDependencies() {
  const installedMarker = path.join(root, 'node_modules/.package-lock.json');
  const lockfile = path.join(root, 'package-lock.json');
  if (!fs.existsSync(installedMarker)) {
    console.log('Installing dependencies (first run)…');
    runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
  } else if (mtime(lockfile) > mtime(installedMarker)) {
    console.log('Dependencies changed; installing…');
    runOrExit('npm', ['install', '--no-audit', '--no-fund']);
  }
}

/**
 * Builds apps/web/dist unless it is newer than every web and contract source file: the browser's app and the server's
 * render of the public pages (dist/.ssr, which an older build lacks).
 */
export function ensureWebBuild() {
  const built = ['apps/web/dist/index.html', 'apps/web/dist/.ssr/entry-server.js'].map((file) =>
    mtime(path.join(root, file)),
  );
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/contract/src',
  ];
  const newestSource = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (Math.min(...built) >= newestSource) return;
  console.log('Building the web app…');
  runOrExit('npm', ['run', 'build', '-w', '@cypher/web']);
}

/** What `npm start`, the cluster, the journeys and the benchmarks run: the API bundled into one file. */
export const apiServerBundle = path.join(root, 'apps/api/dist/server.mjs');

/**
 * Bundles the API's own code (apps/api/src and the contract) into apps/api/dist/server.mjs unless the bundle is newer
 * than every source. Packages from node_modules stay outside the bundle and load as usual. Why bundle at all: the
 * server then starts from one file instead of about 400 TypeScript modules compiled through tsx's loader, which
 * nearly halves the CPU a restart takes (docs/decisions/0021-the-api-runs-from-a-bundle.md).
 */
export async function ensureApiBuild() {
  const sources = ['apps/api/src', 'apps/api/package.json', 'packages/contract/src', 'packages/contract/package.json'];
  const newestSource = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (mtime(apiServerBundle) >= newestSource) return;
  const { build } = await import('esbuild');
  const manifest = (folder) => JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
  const packages = [manifest('apps/api'), manifest('packages/contract')]
    .flatMap((pkg) => Object.keys(pkg.dependencies ?? {}))
    .filter((name) => !name.startsWith('@cypher/'));
  const result = await build({
    entryPoints: [path.join(root, 'apps/api/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: packages.flatMap((name) => [name, `${name}/*`]),
    sourcemap: 'linked',
    outfile: apiServerBundle,
    write: false,
    logLevel: 'warning',
  });
  // Written under temporary names and renamed, so a server starting meanwhile never reads half a file.
  fs.mkdirSync(path.dirname(apiServerBundle), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}
