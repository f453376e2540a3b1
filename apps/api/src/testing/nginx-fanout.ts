import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * A real nginx with its Nchan module in front of one listening test app, configured from the cluster's own fragments
 * (deploy/nginx-live/fanned-out.*.conf), for the tests of nginx's fan-out of live drop pages. Only where nginx and the
 * module are installed (Debian: nginx, libnginx-mod-nchan); elsewhere `nginxWithNchan()` is null and the tests skip.
 */

const deployDir = fileURLToPath(new URL('../../../../deploy/nginx-live/', import.meta.url));
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((file) => fs.existsSync(file)) ?? null;
const NCHAN = ['/usr/lib/nginx/modules/ngx_nchan_module.so', '/usr/share/nginx/modules/ngx_nchan_module.so'].find(
  (file) => fs.existsSync(file),
);

/** nginx's binary and the Nchan module's file, when both are here. */
export function nginxWithNchan(): { nginx: string; module: string } | null {
  return NGINX && NCHAN ? { nginx: NGINX, module: NCHAN } : null;
}

export interface FanoutProxy {
  /** nginx's address for clients (http://127.0.0.1:port). */
  base: string;
  /** nginx's error log so far (a worker that crashed says so there: "exited on signal"). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** A folder for nginx's files and the publisher's socket path in it: the app is made with the socket before nginx runs. */
export function fanoutRunDir(): { runDir: string; publisherSocket: string } {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-fanout-test-'));
  return { runDir, publisherSocket: path.join(runDir, 'live-publisher.sock') };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts nginx in `runDir` in front of the apps at `appBases`, with at most `perAddress` streams per client address. */
export async function startFanoutProxy(options: {
  runDir: string;
  publisherSocket: string;
  /** The instances' addresses (http://host:port): nginx sends each request to the next. */
  appBases: string[];
  perAddress: number;
}): Promise<FanoutProxy> {
  const found = nginxWithNchan();
  if (!found) throw new Error('nginx with its Nchan module is not installed');
  const port = await freePort();
  const fragment = (name: string) =>
    fs
      .readFileSync(path.join(deployDir, name), 'utf8')
      .replaceAll('{{LIVE_PUBLISHER_SOCKET}}', options.publisherSocket)
      .replaceAll('{{LIVE_PER_ADDRESS}}', String(options.perAddress))
      .replaceAll('{{PUBLIC_ORIGIN}}', `http://127.0.0.1:${port}`);
  const dir = options.runDir;
  const config = `load_module ${found.module};
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream cypher_api {
${options.appBases.map((base) => `    server ${new URL(base).host};`).join('\n')}
    keepalive 8;
  }
${fragment('fanned-out.http.conf')}
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $remote_addr;
    location / {
      proxy_pass http://cypher_api;
    }
${fragment('fanned-out.location.conf')}
  }
}
`;
  const configFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(configFile, config);
  const args = ['-p', dir, '-c', configFile, '-e', path.join(dir, 'error.log')];
  const tested = spawnSync(found.nginx, ['-t', '-q', ...args], { encoding: 'utf8' });
  if (tested.status !== 0) throw new Error(`nginx refused the configuration: ${tested.stderr}`);
  const child: ChildProcess = spawn(found.nginx, args, { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const isUp = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (isUp && fs.existsSync(options.publisherSocket)) break;
    if (attempt > 100 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    errorLog: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
