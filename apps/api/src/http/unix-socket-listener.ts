import { chmodSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';

/**
 * Also serves `httpServer` on a Unix socket at `path` (LISTEN_SOCKET), for a proxy on the same machine: `npm run
 * start:cluster`'s nginx reaches each instance through one. A hop through a socket file skips the TCP stack on both
 * sides, which is most of what an event written to a live drop page costs (thousands of writes a second during a
 * rush: bench/README.md, drop-watchers). Each connection is handed to the HTTP server as a TCP one would be, so
 * routes, limits and shutdown treat them alike. A file left by an instance that stopped is replaced; the socket is
 * opened to every local user, since nginx's workers run as another one.
 */
export async function listenOnUnixSocket(httpServer: HttpServer, path: string): Promise<Server> {
  rmSync(path, { force: true });
  const listener = createServer((socket) => httpServer.emit('connection', socket));
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(path, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o666);
  return listener;
}
