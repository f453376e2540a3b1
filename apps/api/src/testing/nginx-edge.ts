import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A real nginx configured from deploy/nginx.conf.template as `npm run start:cluster` fills it in (the instances holding
 * the live streams), in front of listening test apps: for tests of what the edge itself answers. Only where nginx is
 * installed (Debian: nginx); elsewhere `nginxBinary()` is null and the tests skip.
 */

const deployDir = fileURLToPath(new URL('../../../../deploy/', import.meta.url));
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => fs.existsSync(file)) ?? null;

export function nginxBinary(): string | null {
  return NGINX;
}

export interface EdgeProxy {
  /** nginx's address for clients (http://127.0.0.1:port). */
  base: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts nginx from the cluster's template in front of the apps at `appBases` (http://host:port). */
export async function startEdgeProxy(appBases: string[]): Promise<EdgeProxy> {
  if (!NGINX) throw new Error('nginx is not installed');
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-edge-test-'));
  // nginx started by root runs its workers as another user, who must reach the temporary files kept here.
  fs.chmodSync(runDir, 0o755);
  const port = await freePort();
  const config = fs
    .readFileSync(path.join(deployDir, 'nginx.conf.template'), 'utf8')
    .replaceAll('{{LOAD_MODULES}}', '')
    .replaceAll('{{LIVE_HTTP}}', '')
    .replaceAll('{{LIVE_LOCATION}}', fs.readFileSync(path.join(deployDir, 'nginx-live/proxied.location.conf'), 'utf8'))
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{UPSTREAM_SERVERS}}', appBases.map((base) => `    server ${new URL(base).host};`).join('\n'))
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    // One worker is enough here, and a test machine may not allow the cluster's 20,000 open files.
    .replace(/^worker_processes .*$/m, 'worker_processes 1;')
    .replace(/^worker_rlimit_nofile .*$/m, '');
  const configFile = path.join(runDir, 'nginx.conf');
  fs.writeFileSync(configFile, config);
  const args = ['-p', runDir, '-c', configFile, '-e', path.join(runDir, 'error.log')];
  const tested = spawnSync(NGINX, ['-t', '-q', ...args], { encoding: 'utf8' });
  if (tested.status !== 0) throw new Error(`nginx refused the configuration: ${tested.stderr}`);
  const child: ChildProcess = spawn(NGINX, args, { stdio: 'ignore' });
  for (let attempt = 0; ; attempt += 1) {
    const isUp = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (isUp) break;
    if (attempt > 100 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${fs.readFileSync(path.join(runDir, 'error.log'), 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}
