import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
 * An `onSend` hook for cacheable GET routes: `{ onSend: cachePublicly }`. Runs after serialisation, so the hash is of
 * the exact bytes sent. Errors are never cached.
 */
export async function cachePublicly(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  const etag = strongEtag(payload);
  reply.header('etag', etag);
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return null;
  }
  return payload;
}
