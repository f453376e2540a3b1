import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads a body its schema does not declare, through a parser of its own: a webhook's raw bytes (kept for
     * their signature), a form-encoded token request, an upload's multipart parts. The body-less check leaves it alone.
     */
    hasUndeclaredBody?: boolean;
  }
}

const METHODS_WITH_BODIES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MESSAGE = 'This request takes no body: send none, or {}.';

/**
 * A body that asks nothing: none at all, an empty text, `null` or `{}`. Clients differ in which they send to a route that takes no
 * body (a check-in, a publish, a delete), so all three are the same request, here and in an idempotency key's
 * fingerprint. Anything else, `[]` included, asks something.
 */
export function isEmptyBody(body: unknown): boolean {
  // An empty text body (a POST with a content type and nothing after it) is parsed as "".
  if (body === undefined || body === null || body === '') return true;
  return typeof body === 'object' && Object.getPrototypeOf(body) === Object.prototype && Object.keys(body).length === 0;
}

/**
 * JSON as Fastify parses it, but for an empty body: a client that sets `Content-Type: application/json` on every
 * request (curl with -H and no -d, an HTTP wrapper's default headers) sends a check-in or a delete with the header and
 * nothing after it, which Fastify's own parser refuses (FST_ERR_CTP_EMPTY_JSON_BODY) before any route or check runs:
 * a bare 400 where the same request without the header gets its route's answer. Here nothing is no body.
 */
function registerJsonParserAllowingEmpty(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body, done);
  });
}

/**
 * One check for every route instead of a schema on each: a write whose route declares no body (publish, delete,
 * mark read) and is sent one that asks something is refused as 400 INVALID_REQUEST under `body`, where it was
 * silently ignored (a client that sent `{ "reason": … }` to approve believed it was kept). No body, `null` and `{}`
 * pass, as the web app and scripts send them; a route that reads a body of its own says so (hasUndeclaredBody).
 */
export function registerBodyLessRouteCheck(app: FastifyInstance) {
  registerJsonParserAllowingEmpty(app);
  app.addHook('preValidation', async (request) => {
    // An address no route has (request.is404) answers 404 whatever its body, as before this check.
    if (request.is404 || !METHODS_WITH_BODIES.has(request.method) || isEmptyBody(request.body)) return;
    const { schema, config } = request.routeOptions;
    if (schema?.body !== undefined || config.hasUndeclaredBody) return;
    throw new AppError('INVALID_REQUEST', { details: [{ field: 'body', message: MESSAGE }] });
  });
}
