import http from 'node:http';

/*
 * Route: none of its own; the drop feeds publish through it (drop-feeds.ts) · Writes: nothing · Reads: nothing ·
 * Tests: nginx-fanout.test.ts, drop-live.test.ts.
 *
 * nginx's fan-out of a drop page's events (decision record 35): with nginx's Nchan module in front of the instances
 * (`npm run start:cluster` sets it up when the module is installed), nginx holds every live stream itself and an
 * instance publishes each event once per drop, as an HTTP POST to nginx's publisher, which writes it to every watcher.
 * The instance then holds no stream and writes to no watcher: what a watcher costs is nginx's alone. The publisher is
 * reached through a Unix socket in the cluster's run folder (or an http:// address), never from outside.
 */

export interface TChannelInfo {
  /** Streams nginx holds on the drop's channel now. */
  subscribers: number;
  /** Messages the channel keeps (at most one: the newest, which a new watcher gets at once). */
  messages: number;
}

export interface LiveFanout {
  /** Publishes one `counts` event's data on the drop's channel; the channel after it, or null when nginx did not take it. */
  publish(dropId: string, data: string): Promise<TChannelInfo | null>;
  /** The drop's channel as nginx has it (no channel: no subscribers, no message), or null when nginx did not answer. */
  channel(dropId: string): Promise<TChannelInfo | null>;
  close(): void;
}

/** Where nginx's publisher listens: a Unix socket's path, or an http:// address. */
/** How long a publication or a question may take, from the moment it is asked (a wait for a socket included). */
const REQUEST_TIMEOUT_MS = 2_000;

export function nginxFanout(target: string, log?: (message: string, error?: unknown) => void): LiveFanout {
  const isSocket = !/^https?:\/\//.test(target);
  const base = isSocket ? null : new URL(target);
  // A few connections kept open: publications are a handful a second per drop, never one per purchase.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  function request(method: 'GET' | 'POST', dropId: string, body?: string): Promise<TChannelInfo | null> {
    const path = `${base?.pathname.replace(/\/$/, '') ?? ''}/live/${encodeURIComponent(dropId)}`;
    return new Promise((resolveOnce) => {
      // Once, whichever comes first: the answer, an error, a connection closed early (nginx's worker gone), the timer.
      let isSettled = false;
      const resolve = (info: TChannelInfo | null) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        resolveOnce(info);
      };
      const timer = setTimeout(() => {
        sent.destroy(new Error('no answer from nginx’s live fan-out within 2 s'));
        resolve(null);
      }, REQUEST_TIMEOUT_MS);
      timer.unref();
      const sent = http.request(
        {
          agent,
          method,
          path,
          ...(isSocket ? { socketPath: target } : { host: base!.hostname, port: base!.port || 80 }),
          headers: {
            accept: 'text/json',
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('close', () => resolve(null));
          response.on('error', () => resolve(null));
          response.on('end', () => {
            // 404 to a GET: nginx has no such channel (nobody watches, nothing kept), e.g. after nginx restarted.
            if (method === 'GET' && response.statusCode === 404) return resolve({ subscribers: 0, messages: 0 });
            if (!response.statusCode || response.statusCode >= 300) {
              log?.(`nginx's live fan-out answered ${response.statusCode}`);
              return resolve(null);
            }
            resolve(channelInfo(Buffer.concat(chunks).toString('utf8')));
          });
        },
      );
      sent.on('error', (error) => {
        log?.('could not reach nginx’s live fan-out', error);
        resolve(null);
      });
      sent.end(body);
    });
  }

  return {
    publish: (dropId, data) => request('POST', dropId, data),
    channel: (dropId) => request('GET', dropId),
    close: () => agent.destroy(),
  };
}

/** Nchan's channel answer (`{"messages": 1, "requested": 3, "subscribers": 12, "last_message_id": "…"}`). */
export function channelInfo(text: string): TChannelInfo | null {
  try {
    const info = JSON.parse(text) as { subscribers?: unknown; messages?: unknown };
    if (typeof info.subscribers !== 'number' || typeof info.messages !== 'number') return null;
    return { subscribers: info.subscribers, messages: info.messages };
  } catch {
    return null;
  }
}
