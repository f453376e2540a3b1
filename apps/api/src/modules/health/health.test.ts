import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantWidths } from '@cypher/contract';
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

  it('sends a JSON answer the security headers that apply to one, and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // The pages' own headers say nothing about a JSON answer.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^\S{8,}$/);
  });

  it("sends pages and files the pages' security headers", async () => {
    for (const url of ['/', '/robots.txt']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it("sends an API route's page the pages' security headers (a mail link's page)", async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/v1/subscribe/confirm?token=nothing',
      headers: { accept: 'text/html' },
    });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    // The page's address carries its token: it is sent to no other site, and the page is framed by none.
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const pressed = await t.app.inject({
      method: 'POST',
      url: '/v1/subscribe/unsubscribe?token=nothing',
      headers: { accept: 'text/html' },
    });
    expect(pressed.headers['content-type']).toContain('text/html');
    expect(pressed.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends the same security headers on an error as on any other answer', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/v1/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/v1/no-such-route' });
    expect(missing.statusCode).toBe(404);
    for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options']) {
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
    // Session 68's API hunt: an upload's width read as any number, where the server takes six.
    const width = document.paths['/uploads/{name}'].get.parameters.find(
      (parameter: { name: string }) => parameter.name === 'w',
    );
    expect(width.schema).toEqual({ type: 'number', enum: [...imageVariantWidths] });
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
