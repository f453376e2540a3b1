import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCatalogue, errorCodes } from '@cypher/contract';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { AppError } from './app-error.ts';

let t: TestApp;

/** Routes that exist only in this test, to drive each branch of the error handler through real HTTP handling. */
function registerProbeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/v1/probe/app-error/:code', async (request) => {
    throw new AppError((request.params as { code: (typeof errorCodes)[number] }).code);
  });
  typed.get('/v1/probe/crash', async () => {
    throw new Error('database exploded');
  });
  typed.get('/v1/probe/database-gone', async () => {
    // What drizzle throws when PostgreSQL terminated the session under the statement.
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    throw Object.assign(new Error('Failed query: select 1\nparams: '), { cause: terminated });
  });
  typed.post(
    '/v1/probe/validate',
    {
      schema: {
        body: z.strictObject({ email: z.email(), age: z.number().int().min(18) }),
        querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
      },
    },
    async () => ({ data: { ok: true } }),
  );
  const line = {
    quantity: z.number({ error: 'Choose 1 to 10.' }).int().min(1, 'Choose 1 to 10.').max(10, 'Choose 1 to 10.'),
  };
  typed.post(
    '/v1/probe/union',
    {
      schema: {
        body: z.union([z.strictObject({ dropId: z.uuid(), ...line }), z.strictObject({ passId: z.uuid(), ...line })]),
      },
    },
    async () => ({ data: { ok: true } }),
  );
}

beforeAll(async () => {
  t = await createTestApp({ beforeReady: registerProbeRoutes });
});
afterAll(() => t.close());

describe('error model', () => {
  it.each(errorCodes)('AppError(%s) answers its catalogue status and message', async (code) => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/probe/app-error/${code}` });
    expect(response.statusCode).toBe(errorCatalogue[code].status);
    expect(response.json()).toEqual({ code, message: errorCatalogue[code].message });
  });

  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: errorCatalogue.NOT_FOUND.message });
  });

  it('answers a known path with the wrong method with 405 and the allowed methods', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/v1/health' });
    expect(response.statusCode).toBe(405);
    expect(response.json().code).toBe('METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toContain('GET');
  });

  it('answers an invalid body with 400 INVALID_REQUEST and one detail per field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/validate',
      payload: { email: 'not-an-email', age: 12 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('INVALID_REQUEST');
    expect(body.message).toBe(errorCatalogue.INVALID_REQUEST.message);
    expect(body.details.map((detail: { field: string }) => detail.field).sort()).toEqual(['age', 'email']);
  });

  // Review of session 36: an order with a quantity of "2" was told `body: Invalid input`, and 1e308 the quantity's
  // words twice.
  it("names the closest option's fields when no option of a union matches, and says each field's words once", async () => {
    const details = async (payload: object) =>
      (await t.app.inject({ method: 'POST', url: '/v1/probe/union', payload })).json().details;
    const dropId = '0190a0b0-0000-7000-8000-000000000001';
    expect(await details({ dropId, quantity: '2' })).toEqual([{ field: 'quantity', message: 'Choose 1 to 10.' }]);
    expect(await details({ dropId, quantity: 1e308 })).toEqual([{ field: 'quantity', message: 'Choose 1 to 10.' }]);
    expect(await details({ dropId, passId: dropId, quantity: 1 })).toEqual([
      { field: 'passId', message: 'This field is not taken here.' },
    ]);
    expect(await details({ email: 'fan@example.com', age: 20, isAdmin: true })).not.toContainEqual(
      expect.objectContaining({ field: 'body' }),
    );
  });

  it('refuses unknown body fields (strict bodies)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/validate',
      payload: { email: 'fan@example.com', age: 20, isAdmin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_REQUEST');
  });

  it('answers an invalid query string with 400 INVALID_REQUEST', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/validate?page=0',
      payload: { email: 'fan@example.com', age: 20 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('page');
  });

  it('tells a query parameter sent twice to be sent once', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/validate?page=1&page=2',
      payload: { email: 'fan@example.com', age: 20 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'page', message: 'Send this parameter once.' }]);
  });

  it('answers a body in a content type the route has no parser for with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/validate',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>fan@example.com</email>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: errorCatalogue.UNSUPPORTED_MEDIA_TYPE.message,
    });
  });

  it('answers a body past the limit with PAYLOAD_TOO_LARGE at its catalogue status', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(errorCatalogue.PAYLOAD_TOO_LARGE.status);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers malformed JSON with 400 INVALID_REQUEST, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/probe/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_REQUEST');
  });

  it('answers an unexpected failure with 500, hides the cause and hands it to the error reporter with the request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/probe/crash',
      headers: { 'x-request-id': 'req-crash-0001' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL_ERROR', message: errorCatalogue.INTERNAL_ERROR.message });
    expect(response.headers['x-request-id']).toBe('req-crash-0001');
    expect(t.errorReporter.reports.at(-1)).toEqual({
      error: expect.objectContaining({ message: 'database exploded' }),
      requestId: 'req-crash-0001',
    });
  });

  it('answers a lost database connection with 503 SERVICE_UNAVAILABLE and Retry-After, not reported as a bug', async () => {
    const before = t.errorReporter.reports.length;
    const response = await t.app.inject({ method: 'GET', url: '/v1/probe/database-gone' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: errorCatalogue.SERVICE_UNAVAILABLE.message,
    });
    expect(t.errorReporter.reports.length).toBe(before);
  });

  it('does not report expected 4xx outcomes', async () => {
    const before = t.errorReporter.reports.length;
    await t.app.inject({ method: 'GET', url: '/v1/probe/app-error/USER_ALREADY_EXISTS' });
    expect(t.errorReporter.reports.length).toBe(before);
  });

  it('answers a path that does not decode with 400 INVALID_REQUEST, without echoing it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/users/%FF%FE',
      headers: { 'x-request-id': 'req-bad-url-01' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'INVALID_REQUEST', message: errorCatalogue.INVALID_REQUEST.message });
    expect(response.headers['x-request-id']).toBe('req-bad-url-01');
  });

  it('answers a path parameter past 100 characters with 414 URI_TOO_LONG', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/tags/${'a'.repeat(150)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ code: 'URI_TOO_LONG', message: errorCatalogue.URI_TOO_LONG.message });
  });
});

/** One raw HTTP exchange over a real socket: what Node's parser refuses never reaches app.inject. */
async function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRawAnswer(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) as unknown };
}

describe('requests Node’s HTTP parser refuses', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  it('answers headers past 16 KiB with 431 HEADERS_TOO_LARGE in the error shape', async () => {
    const answer = parseRawAnswer(
      await rawExchange(port, `GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(answer.body).toEqual({ code: 'HEADERS_TOO_LARGE', message: errorCatalogue.HEADERS_TOO_LARGE.message });
  });

  it('answers an address past 16 KiB with 414 URI_TOO_LONG, as a long path parameter is answered', async () => {
    for (const path of [`/v1/brands?q=${'a'.repeat(100_000)}`, `/v1/${'a'.repeat(20_000)}`]) {
      const answer = parseRawAnswer(await rawExchange(port, `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(answer.status).toBe(414);
      expect(answer.body).toEqual({ code: 'URI_TOO_LONG', message: errorCatalogue.URI_TOO_LONG.message });
    }
  });

  it('answers a request line that is not HTTP with 400 INVALID_REQUEST', async () => {
    const answer = parseRawAnswer(await rawExchange(port, 'GET /v1/health HTTP/9.9 nonsense\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'INVALID_REQUEST', message: errorCatalogue.INVALID_REQUEST.message });
  });

  it('still serves normal requests on the same server', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/v1/health`);
    expect(response.status).toBe(200);
  });
});
