import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/health', () => {
  it('answers ok with the app version and the database kind in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { status: 'ok', version: '1.2.1', database: t.database.kind },
    });
  });

  it('sends security headers and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^\S{8,}$/);
  });

  it('sends the same security headers on an error as on any other answer', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/v1/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/v1/no-such-route' });
    expect(missing.statusCode).toBe(404);
    for (const name of ['content-security-policy', 'x-content-type-options', 'cross-origin-opener-policy']) {
      expect(missing.headers[name]).toBe(health.headers[name]);
    }
  });
});

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3 document at /docs/json that lists the health route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toBe('1.2.1');
    expect(document.paths['/v1/health'].get.responses['200']).toBeDefined();
  });

  it('serves the documentation UI at /docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
