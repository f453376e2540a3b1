import type { FastifyInstance } from 'fastify';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `part`'s values (path parameters or query), with every one that is an id written in lower case. */
function withLowerCaseIds(part: unknown): void {
  if (part === null || typeof part !== 'object') return;
  const values = part as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' && UUID.test(value)) values[key] = value.toLowerCase();
    else if (Array.isArray(value)) {
      values[key] = value.map((item) => (typeof item === 'string' && UUID.test(item) ? item.toLowerCase() : item));
    }
  }
}

/**
 * An id in an address is the same id in any case (RFC 9562 reads them so, and so does PostgreSQL's uuid type), but
 * PostgreSQL answers ids in lower case, so a lookup keyed by what the database answered missed an id the address
 * spelled in capitals: /v1/editions/01A2… and /v1/drops/01A2… answered 404 while products and brands were found.
 * One rule for every route, before validation: ids in the path and the query are read in lower case. Bodies are left
 * alone (a password may look like an id): where a body holds an id, the contract's ZUuid reads it in lower case.
 */
export function registerLowerCaseIds(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    withLowerCaseIds(request.params);
    withLowerCaseIds(request.query);
  });
}
