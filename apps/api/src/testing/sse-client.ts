import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/** One server-sent event as a browser's EventSource would hand it over, with when it arrived. */
interface TSseEvent {
  event: string;
  id: string | null;
  data: string;
  receivedAt: number;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body when the answer was not a stream (an error's JSON). */
  body: string;
  events: TSseEvent[];
  /** Comment lines seen (heartbeats), without their colon. */
  comments: string[];
  /** The reconnection time the stream last set (its `retry:` field), in milliseconds. */
  retryMs: number | null;
  /** The first event (from `after` on) that `accept` takes, or a rejection after `timeoutMs`. */
  next(accept: (event: TSseEvent) => boolean, options?: { after?: number; timeoutMs?: number }): Promise<TSseEvent>;
  /** Resolves once a comment has come (a heartbeat). */
  nextComment(timeoutMs?: number): Promise<string>;
  close(): void;
}

/**
 * A stream of server-sent events read over a real HTTP connection (app.inject waits for the end of an answer, and a
 * stream has none): the listening app's address, `path`, and the events parsed as the EventSource standard says.
 */
export async function openSse(base: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const request = http.request(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers } });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
  const events: TSseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  let buffer = '';
  let body = '';
  let retryMs: number | null = null;
  const isStream = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    if (!isStream) {
      body += chunk;
      return;
    }
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1));
        else if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('id:')) id = line.slice(3).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        else if (/^retry: ?\d+$/.test(line)) retryMs = Number(line.slice(6));
      }
      if (data.length > 0) events.push({ event, id, data: data.join('\n'), receivedAt: performance.now() });
    }
    wake();
  });
  const isEnded = new Promise<void>((resolve) => response.once('end', resolve));
  if (!isStream) await isEnded;

  function waitFor<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const found = find();
    if (found !== undefined) return Promise.resolve(found);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const value = find();
        if (value === undefined) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(value);
      };
      waiters.add(check);
    });
  }

  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    get body() {
      return body;
    },
    events,
    comments,
    get retryMs() {
      return retryMs;
    },
    next: (accept, options = {}) =>
      waitFor(() => events.slice(options.after ?? 0).find(accept), options.timeoutMs ?? 5_000, 'such event'),
    nextComment: (timeoutMs = 5_000) => waitFor(() => comments[0], timeoutMs, 'comment'),
    close: () => {
      request.destroy();
      response.destroy();
    },
  };
}

/** The app listening on a free port of 127.0.0.1 (once per app); its base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bound = app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('the app is not listening on a port');
  return `http://127.0.0.1:${bound.port}`;
}
