import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TLanguage } from '@cypher/contract';
import { resolveLanguage } from './i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: TLanguage;
  }
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

/** Request ids: taken from a trusted edge's `x-request-id` when it looks sane, otherwise made here. */
export function requestIdFor(request: { headers: FastifyRequest['headers'] }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

export function registerRequestContext(app: FastifyInstance) {
  app.decorateRequest('language', 'en');
  app.decorateRequest('principal', null);
  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request, reply) => {
    request.language = resolveLanguage(request.headers['accept-language']);
    reply.header('x-request-id', request.id);
  });
}
