import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { TErrorCode, TFieldError } from '@cypher/contract';
import type { ErrorReporter } from '../adapters/error-reporter/error-reporter.ts';
import { AppError } from './app-error.ts';
import { errorMessage } from './i18n.ts';

/** Paths that belong to the API: unknown ones answer JSON, everything else may fall back to the web app. */
export const API_PREFIXES = ['/v1/', '/v2/', '/docs', '/dev/', '/uploads/'] as const;

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

/** Fastify's own 4xx errors, turned into catalogue codes. */
function codeForClientError(error: FastifyError): TErrorCode {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'PAYLOAD_TOO_LARGE';
  switch (error.statusCode) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 429:
      return 'REQUEST_MAXIMUN';
    default:
      return 'INVALID_REQUEST';
  }
}

function fieldErrors(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const context = (error as { validationContext?: string }).validationContext;
  return error.validation.map<TFieldError>((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { field: field || context || 'body', message: issue.message ?? 'Invalid value' };
  });
}

function send(reply: FastifyReply, request: FastifyRequest, code: TErrorCode, status: number, extra: object = {}) {
  return reply.status(status).send({ code, message: errorMessage(code, request.language), ...extra });
}

/**
 * The error model of house rule 2: every failure leaves as `{ code, message, details? }`. Expected outcomes are
 * AppErrors with their catalogue status; anything else is a bug, answered 500, logged with its request id and
 * handed to the error reporter.
 */
export function registerErrorHandling(app: FastifyInstance, errorReporter: ErrorReporter) {
  // A second router that only remembers which method+path pairs exist, so a wrong method answers 405, not 404.
  const knownRoutes = FindMyWay();
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!knownRoutes.hasRoute(method as HTTPMethod, route.url)) knownRoutes.on(method as HTTPMethod, route.url, () => undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, request, 'INVALID_REQUEST', 400, { details: fieldErrors(error) });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = codeForClientError(error);
      return send(reply, request, code, error.statusCode === 413 ? 400 : error.statusCode);
    }
    request.log.error({ err: error, requestId: request.id }, 'unhandled error');
    errorReporter.report(error, { requestId: request.id, method: request.method, url: request.url });
    return send(reply, request, 'INTERNAL_ERROR', 500);
  });

  return {
    /** Answers an unmatched API path: 405 when the path exists under another method, else 404. */
    replyNotFound(request: FastifyRequest, reply: FastifyReply) {
      const path = request.url.split('?')[0] ?? request.url;
      const allowed = ALL_METHODS.filter(
        (method) => method !== request.method && knownRoutes.find(method, path) !== null,
      );
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return send(reply, request, 'METHOD_NOT_ALLOWED', 405);
      }
      return send(reply, request, 'NOT_FOUND', 404);
    },
  };
}

const ALL_METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
