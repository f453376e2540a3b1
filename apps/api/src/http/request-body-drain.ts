import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How much of a refused body is read and thrown away so its sender can read the answer (decision record 47). */
export interface DrainBound {
  bytes: number;
  ms: number;
}

/**
 * 16 MiB, nginx's client_max_body_size in front of the instances (deploy/nginx.conf.template): any body the edge lets
 * through is read to its end before it is answered. 10 s is enough for that much on a slow uplink, and little for a
 * client that stalls.
 */
export const DEFAULT_DRAIN_BOUND: DrainBound = { bytes: 16 * 1024 * 1024, ms: 10_000 };

/**
 * Reads and discards what is left of a request's body, until it ends or `bound` is reached (bytes read here, or time).
 * Resolves true when the body ended within it.
 */
export function discardRestOfBody(raw: IncomingMessage, bound: DrainBound): Promise<boolean> {
  // A stream already over (the client aborted before the answer, or the body ended) emits neither 'end' nor 'close'
  // again: waiting for them would hold the answer, and the request's memory, for the whole bound.
  if (raw.destroyed || raw.closed || raw.readableEnded || raw.socket?.destroyed) return Promise.resolve(raw.complete);
  return new Promise((resolve) => {
    let discarded = 0;
    const timer = setTimeout(() => finish(false), bound.ms);
    function onData(chunk: Buffer) {
      discarded += chunk.length;
      if (discarded > bound.bytes) finish(false);
    }
    const onEnd = () => finish(true);
    // A sender that went away: nobody is left to read the answer, and nothing more arrives.
    const onClose = () => finish(raw.complete);
    function finish(hasEnded: boolean) {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      resolve(hasEnded);
    }
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.resume();
  });
}

/**
 * An answer that would leave while the request's body is still arriving (a body past its limit, an upload whose file
 * is too large, a refusal before the body was read) waits until the rest has been read and thrown away, up to `bound`.
 * Without this, Fastify answers a body past its limit and closes the connection while the client is still sending: the
 * client's next write meets a reset (EPIPE, ECONNRESET), and browsers and fetch often report that instead of the
 * answer. With the whole body read, the close that follows is clean. Past the bound the answer goes at once with
 * `Connection: close`, so a client sending gigabytes costs at most 16 MiB of reading and ties nothing up.
 *
 * Only a request on a socket says its body is incomplete (`complete === false`); app.inject's has no such flag and
 * no connection to reset.
 */
export function registerRequestBodyDrain(app: FastifyInstance, bound: DrainBound = DEFAULT_DRAIN_BOUND) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete !== false) return done(null, payload);
    void discardRestOfBody(request.raw, bound).then((hasEnded) => {
      if (!hasEnded) reply.header('connection', 'close');
      done(null, payload);
    });
  });
}
