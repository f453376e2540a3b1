import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';

/*
 * Reads the server makes of its own public API while it answers a page (the server's render, a page's subject
 * check). Each goes through the whole HTTP pipeline in process, as a visitor would make it, but it is part of the page
 * view, not a request of its own: it is not logged as an API request (the page's files are not either), so the API's
 * request lines and their 404 counts are what clients asked.
 */

// A marker only this process can set: a header a client sends with any other value is an ordinary request.
const IN_PROCESS_MARK = 'x-in-process-read';
const inProcessToken = randomBytes(16).toString('hex');

/** GET `url` through the app in process, with `headers` and the mark that keeps it out of the request log. */
export function readInProcess(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: { ...headers, [IN_PROCESS_MARK]: inProcessToken } });
}

export function isInProcessRead(request: FastifyRequest): boolean {
  return request.headers[IN_PROCESS_MARK] === inProcessToken;
}
