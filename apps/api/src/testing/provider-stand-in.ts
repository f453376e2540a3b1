import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TRecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type TStandInAnswer = { status: number; body: unknown } | 'hang';

/**
 * A payment provider's stand-in on loopback (127.0.0.1, a free port): it records every request as it arrived and
 * answers what the test says, when the test says (a promise: a provider still working while others call), or never
 * ('hang') so the adapter's timeout shows.
 */
export async function providerStandIn(answer: (request: TRecordedRequest) => TStandInAnswer | Promise<TStandInAnswer>) {
  const received: TRecordedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const recorded = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body };
      received.push(recorded);
      void Promise.resolve(standIn.answer(recorded)).then((reply) => {
        if (reply === 'hang') {
          hanging.add(response);
          return;
        }
        response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
