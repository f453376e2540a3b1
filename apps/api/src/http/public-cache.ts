import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.ts';

/**
 * Public catalogue reads may be kept a minute by browsers and CDNs, then served stale for five more while they
 * revalidate. Revalidation is cheap: the ETag is a hash of the body, so an unchanged answer costs a 304 and no body.
 * Only for answers that are the same for everyone: nothing that depends on who is asking may use this.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/` prefixes are ignored and `*` matches anything. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * Live answers (a drop's rounds and sold counts) may be kept one second: the promise is "correct within a second of a
 * purchase", and a minute would break it. One second still lets a CDN absorb a rush: each edge asks once a second.
 */
export const LIVE_PUBLIC_CACHE_CONTROL = 'public, max-age=1';

/** For answers that depend on who asks: nobody keeps them, and shared caches tell them apart by Authorization. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * An `onSend` hook for cacheable GET routes: `{ onSend: cachePublicly }`. Runs after serialisation, so the hash is of
 * the exact bytes sent. Errors are never cached.
 */
export async function cachePublicly(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  return sendCacheable(request, reply, payload, PUBLIC_CACHE_CONTROL);
}

/** The same with `LIVE_PUBLIC_CACHE_CONTROL`: `{ onSend: cacheLive }`. */
export async function cacheLive(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  return sendCacheable(request, reply, payload, LIVE_PUBLIC_CACHE_CONTROL);
}

/**
 * For routes that answer visitors and signed-in people alike, where the signed-in answer carries their own part: a
 * visitor's answer is cached like `cacheLive`, a signed-in one (the route ran optionalAuth) is never cached.
 */
export async function cacheLiveForVisitors(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('vary', 'Authorization');
  if (request.principal) {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return payload;
  }
  return sendCacheable(request, reply, payload, LIVE_PUBLIC_CACHE_CONTROL);
}

/** Sets the ETag and `cacheControl` on a 200, and answers 304 when the client already holds the same bytes. */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, payload: unknown, cacheControl: string) {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  if (request.servedFromMemory) return payload;
  const etag = strongEtag(payload);
  reply.header('etag', etag);
  reply.header('cache-control', cacheControl);
  if (cacheControl.startsWith('public') && !request.headers.authorization) {
    reply.server.publicAnswers?.remember(request.url, {
      body: payload,
      etag,
      cacheControl,
      contentType: reply.getHeader('content-type'),
    });
  }
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return null;
  }
  return payload;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicAnswers?: PublicAnswers;
  }
  interface FastifyRequest {
    /** Answered from PublicAnswers: its bytes, ETag and Cache-Control are already set. */
    servedFromMemory?: boolean;
  }
}

interface TRememberedAnswer {
  body: string | Buffer;
  etag: string;
  cacheControl: string;
  contentType: unknown;
  until: number;
}

interface PublicAnswers {
  remember(url: string, answer: Omit<TRememberedAnswer, 'until'>): void;
}

/** Distinct addresses kept at most; past it the oldest go first. */
const MAX_REMEMBERED = 5_000;

/**
 * The bytes of public answers (the same for every visitor: drops, the catalogue), served again by this process for
 * `ttlMs` without running their route, database read, validation or serialisation: a rush of visitors on one drop page
 * costs one build of it per second per instance. Only visitors (no Authorization) are answered from it, only what
 * sendCacheable marked public is kept, and `ttlMs` is at most the second public reads promise (a purchase shows
 * within a second). Per process: each instance keeps its own, so nothing needs invalidating across instances.
 */
export function registerPublicAnswers(app: FastifyInstance, deps: { clock: Clock; ttlMs: number }): void {
  if (deps.ttlMs <= 0) return;
  const remembered = new Map<string, TRememberedAnswer>();
  app.decorate('publicAnswers', {
    remember(url, answer) {
      if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
      remembered.set(url, { ...answer, until: deps.clock.now().getTime() + deps.ttlMs });
    },
  } satisfies PublicAnswers);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.headers.authorization) return;
    const answer = remembered.get(request.url);
    if (!answer) return;
    if (answer.until <= deps.clock.now().getTime()) {
      remembered.delete(request.url);
      return;
    }
    request.servedFromMemory = true;
    reply.header('etag', answer.etag).header('cache-control', answer.cacheControl);
    if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    return reply.header('content-type', answer.contentType as string).send(answer.body);
  });
}
