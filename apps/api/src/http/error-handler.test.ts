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
    const response = await t.app.inject({ method: 'GET', url: '/v1/probe/crash', headers: { 'x-request-id': 'req-crash-0001' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL_ERROR', message: errorCatalogue.INTERNAL_ERROR.message });
    expect(response.headers['x-request-id']).toBe('req-crash-0001');
    expect(t.errorReporter.reports.at(-1)).toEqual({
      error: expect.objectContaining({ message: 'database exploded' }),
      requestId: 'req-crash-0001',
    });
  });

  it('does not report expected 4xx outcomes', async () => {
    const before = t.errorReporter.reports.length;
    await t.app.inject({ method: 'GET', url: '/v1/probe/app-error/USER_ALREADY_EXISTS' });
    expect(t.errorReporter.reports.length).toBe(before);
  });
});
