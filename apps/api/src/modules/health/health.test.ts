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

  it('says which operations need a bearer token, from the guard each route runs', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const bearer = [{ bearer: [] }];
    expect(paths['/v1/balances/my']!.get!.security).toEqual(bearer);
    expect(paths['/v2/orders']!.post!.security).toEqual(bearer);
    expect(paths['/v1/deposits']!.post!.security).toEqual(bearer);
    expect(paths['/v1/console/drops']!.post!.security).toEqual(bearer);
    expect(paths['/v1/passes']!.get!.security).toEqual([{}, { bearer: [] }]);
    expect(paths['/v1/health']!.get!.security).toBeUndefined();
    expect(paths['/v1/users/authentications/login']!.post!.security).toBeUndefined();
    // Every operation that answers a visitor 401 says so: none is left without its security.
    const unmarked = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security === undefined)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const visitorRefusals: string[] = [];
    for (const operation of unmarked.filter((name) => /^(GET|DELETE) /.test(name) && !name.includes('{'))) {
      const [method, url] = operation.split(' ') as ['GET' | 'DELETE', string];
      if ((await t.app.inject({ method, url })).statusCode === 401) visitorRefusals.push(operation);
    }
    expect(visitorRefusals).toEqual([]);
  });

  it('serves the documentation UI at /docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
