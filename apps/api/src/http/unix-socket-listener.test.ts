import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnUnixSocket } from './unix-socket-listener.ts';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function getThrough(socketPath: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ socketPath, path: url }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('listenOnUnixSocket', () => {
  it('serves the same HTTP server on a socket file any local user may open, replacing a stale one', async () => {
    const server = createServer((request, response) => response.end(`seen ${request.url}`));
    const folder = mkdtempSync(path.join(tmpdir(), 'cypher-socket-'));
    closers.push(() => rmSync(folder, { recursive: true, force: true }));
    const socketPath = path.join(folder, 'api.sock');
    writeFileSync(socketPath, 'left by an instance that stopped');
    const listener = await listenOnUnixSocket(server, socketPath);
    closers.push(() => listener.close());
    expect(await getThrough(socketPath, '/v1/health')).toEqual({ status: 200, body: 'seen /v1/health' });
    expect(statSync(socketPath).isSocket()).toBe(true);
    expect(statSync(socketPath).mode & 0o777).toBe(0o666);
  });
});
