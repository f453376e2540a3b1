import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TConfig } from '../config.ts';
import { isApiPath } from './error-handler.ts';
import { isInProcessRead } from './in-process-read.ts';

/**
 * Request logs: one line per API request (method, address, status, milliseconds), none for the web app's files, the
 * uploaded images or the API docs' own assets, which would drown the rest (a short visit asked for thousands). In
 * development the lines are written for people (`12:04:31 INFO  GET /v1/drops 200 4 ms`); elsewhere they stay pino's
 * JSON, one object a line, for machines.
 */
export function loggerOptions(config: TConfig): FastifyServerOptions['logger'] {
  const options = { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] };
  return config.environment === 'development' ? { ...options, stream: readableStream(process.stdout) } : options;
}

export function isLoggedRequest(url: string): boolean {
  return isApiPath(url) && !url.startsWith('/uploads/') && !url.startsWith('/docs/static/');
}

/**
 * Fastify's request lines (an "incoming request" and a "request completed" for every request, files included) give
 * way to one line per API request, written when it completes: at info, or at error with the error when it failed.
 * The reads a page view makes in process (in-process-read.ts) are part of that view, which is not logged either.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: (request) => !isLoggedRequest(request.url) || isInProcessRead(request) });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
// What every line carries and the readable form shows in its own way (or leaves out: the host and process id).
const shownApart = new Set([
  'level',
  'time',
  'msg',
  'pid',
  'hostname',
  'reqId',
  'method',
  'url',
  'statusCode',
  'ms',
  'err',
]);

/** One pino JSON line as a person reads it; a line that is not JSON is passed on as it is. */
export function readableLogLine(line: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now()).toTimeString().slice(0, 8);
  const level = (levelNames[Number(record.level)] ?? String(record.level)).padEnd(5);
  const isRequest = record.msg === 'request' && typeof record.method === 'string';
  const text = isRequest
    ? `${String(record.method)} ${String(record.url)} ${String(record.statusCode)} ${String(record.ms)} ms`
    : String(record.msg ?? '');
  const rest = Object.entries(record).filter(([key]) => !shownApart.has(key));
  const details = rest.length > 0 ? ` ${JSON.stringify(Object.fromEntries(rest))}` : '';
  const err = record.err as { stack?: unknown } | undefined;
  const stack = typeof err?.stack === 'string' ? `\n${err.stack}` : '';
  return `${time} ${level} ${text}${details}${stack}\n`;
}

function readableStream(out: NodeJS.WritableStream) {
  return { write: (line: string) => void out.write(readableLogLine(line)) };
}
