import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { DEFAULT_LANGUAGE, errorCatalogue, type TErrorCode } from '@cypher/contract';
import type { ErrorReporter } from '../adapters/error-reporter/error-reporter.ts';
import { isConnectionLoss, isRefusedValue } from '../db/errors.ts';
import { AppError } from './app-error.ts';
import { errorMessage } from './i18n.ts';
import { validationDetails } from './validation-details.ts';

/** Paths that belong to the API: unknown ones answer JSON, everything else may fall back to the web app. */
const API_PREFIXES = ['/v1/', '/v2/', '/docs', '/dev/', '/uploads/'] as const;

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/**
 * Fastify's and its plugins' own 4xx errors, turned into catalogue codes; the answer takes the code's status from
 * the catalogue, so code and status never disagree (a 415 is not answered as INVALID_REQUEST, whose status is 400).
 */
function codeForClientError(error: FastifyError): TErrorCode {
  switch (error.statusCode) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 408:
      return 'REQUEST_TIMEOUT';
    // The body limit, and the multipart plugin's limits on parts, files and fields.
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'REQUEST_MAXIMUN';
    case 431:
      return 'HEADERS_TOO_LARGE';
    default:
      return 'INVALID_REQUEST';
  }
}

/**
 * Headers a route sets for the answer it meant to give: its type and length, a year's caching, a byte range, a
 * validator. An error answer must not carry them (a shared cache would keep a 500 for a year). A stream that fails
 * before its first byte has them on the raw response already, where Fastify copied them before writing, and Fastify
 * reads the type from there too: an image's type left there made the error's JSON body an invalid payload.
 */
const ANSWER_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
] as const;

function forgetAnswerHeaders(reply: FastifyReply) {
  for (const name of ANSWER_HEADERS) {
    reply.removeHeader(name);
    if (!reply.raw.headersSent) reply.raw.removeHeader(name);
  }
}

/** Answers a catalogue code with the catalogue's status, so the two never disagree. */
function send(reply: FastifyReply, request: FastifyRequest, code: TErrorCode, extra: object = {}) {
  const body = { code, message: errorMessage(code, request.language), ...extra };
  return reply.status(errorCatalogue[code].status).send(body);
}

/**
 * The error model of house rule 2: every failure leaves as `{ code, message, details? }`. Expected outcomes are
 * AppErrors with their catalogue status; a lost database connection is 503 SERVICE_UNAVAILABLE (isConnectionLoss,
 * the one place that decides it); anything else is a bug, answered 500, logged with its request id and handed to the
 * error reporter.
 */
export function registerErrorHandling(app: FastifyInstance, errorReporter: ErrorReporter) {
  // A second router that only remembers which method+path pairs exist, so a wrong method answers 405, not 404. It
  // takes parameters of any length, so a path that missed Fastify's router only by a parameter past its 100 characters
  // is told 414 (under `npm start` the web app's catch-all takes such a path before Fastify's own
  // FST_ERR_MAX_PARAM_LENGTH can be raised).
  const knownRoutes = FindMyWay({ maxParamLength: Number.MAX_SAFE_INTEGER });
  app.addHook('onRoute', (route) => {
    // A wildcard route (the docs' files) holds any path under it: a file it does not have is not found, whatever the
    // method or length.
    if (!isApiPath(route.url) || route.url.includes('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!knownRoutes.hasRoute(method as HTTPMethod, route.url))
        knownRoutes.on(method as HTTPMethod, route.url, () => undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    forgetAnswerHeaders(reply);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      return send(reply, request, 'INVALID_REQUEST', {
        details: validationDetails(error.validation, context, request.query),
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = codeForClientError(error);
      return send(reply, request, code);
    }
    if (isConnectionLoss(error)) {
      // The database is away (restarting, failing over, our connection terminated): not a bug in this request, and
      // worth retrying, so 503 with Retry-After; a webhook refused so is delivered again by its provider. The pool
      // drops the broken connections and opens new ones, so the process recovers by itself once the database is back.
      request.log.warn({ err: error, requestId: request.id }, 'database unavailable');
      reply.header('retry-after', '1');
      return send(reply, request, 'SERVICE_UNAVAILABLE');
    }
    if (isRefusedValue(error)) {
      // The last line of defence behind the storable-text check and the schemas: the database refused a value, which
      // only a client's input can carry (its transaction rolled back). Logged, so the gap in validation is seen and
      // closed.
      request.log.warn({ err: error, requestId: request.id }, 'database refused a value of a request');
      return send(reply, request, 'INVALID_REQUEST');
    }
    request.log.error({ err: error, requestId: request.id }, 'unhandled error');
    errorReporter.report(error, { requestId: request.id, method: request.method, url: request.url });
    return send(reply, request, 'INTERNAL_ERROR');
  });

  /** Whether the path is a route's under this method but for a parameter past Fastify's 100 characters (a slash after). */
  function isParameterTooLong(method: HTTPMethod, path: string): boolean {
    const found = knownRoutes.find(method, path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
    return Object.values(found?.params ?? {}).some((value) => (value?.length ?? 0) > FASTIFY_MAX_PARAM_LENGTH);
  }

  return {
    /** Answers an unmatched API path: 414 for a parameter too long, 405 for a path of another method, else 404. */
    replyNotFound(request: FastifyRequest, reply: FastifyReply) {
      const path = request.url.split('?')[0] ?? request.url;
      if (isParameterTooLong(request.method as HTTPMethod, path)) return send(reply, request, 'URI_TOO_LONG');
      const allowed = ALL_METHODS.filter(
        (method) => method !== request.method && knownRoutes.find(method, path) !== null,
      );
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return send(reply, request, 'METHOD_NOT_ALLOWED');
      }
      return send(reply, request, 'NOT_FOUND');
    },
  };
}

/** Fastify's router's default `maxParamLength`: a longer parameter matches no route. */
const FASTIFY_MAX_PARAM_LENGTH = 100;

const ALL_METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Fastify's `frameworkErrors`: failures its router meets before any route or hook runs, whose default answers are
 * Fastify's own shape and echo the path back. A path that does not decode (`/v1/users/%FF%FE`) is a bad request;
 * a path parameter past the router's 100 characters is 414. onRequest hooks never ran, so the request id is set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, request, 'URI_TOO_LONG');
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, request, 'INVALID_REQUEST');
  request.log.error({ err: error, requestId: request.id }, 'router error');
  return send(reply, request, 'INTERNAL_ERROR');
}

/** Node's parser error: `rawPacket` is the Buffer it was reading (Fastify's types call it the Buffer's JSON form). */
type TClientError = Error & { code?: string; rawPacket?: unknown };

/**
 * Node counts the request line in its 16 KiB of headers, so an address past it overflows them too. It is the address
 * when what was read holds no whole first line, or a first line longer than any header block of ours: 414, as a path
 * parameter past the router's limit is, not 431.
 */
const LONGEST_REASONABLE_REQUEST_LINE = 8 * 1024;

function isRequestLineOverflow(error: TClientError): boolean {
  if (!Buffer.isBuffer(error.rawPacket)) return false;
  const firstLineEnd = error.rawPacket.indexOf('\r\n');
  return firstLineEnd === -1 || firstLineEnd > LONGEST_REASONABLE_REQUEST_LINE;
}

/** What Node's HTTP parser refused, by its error code, as a catalogue entry. */
function clientErrorCode(error: TClientError): TErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return isRequestLineOverflow(error) ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'INVALID_REQUEST';
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses some requests (an address or headers past 16 KiB, a malformed request
 * line, a body that never arrives) before Fastify builds a request, so neither hooks nor the error handler see them.
 * This writes the same `{ code, message }` answer by hand on the socket, then closes it: after a parse error the
 * connection's framing cannot be trusted for a next request.
 */
export function clientErrorHandler(this: FastifyInstance, error: TClientError, socket: Socket) {
  // A connection reset by the client has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = clientErrorCode(error);
  const status = errorCatalogue[code].status;
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ code, message: errorMessage(code, DEFAULT_LANGUAGE) });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
