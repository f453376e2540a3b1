import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { insertBrand } from '../testing/catalog-fixtures.ts';
import { cachePublicly, matchesIfNoneMatch, PUBLIC_CACHE_CONTROL, strongEtag } from './public-cache.ts';

let t: TestApp;
let probeBody = { data: { version: 1 } };

function registerProbe(app: FastifyInstance) {
  app.get('/v1/probe/cached', { onSend: cachePublicly }, async () => probeBody);
  app.get('/v1/probe/cached-error', { onSend: cachePublicly }, async (_request, reply) =>
    reply.status(404).send({ code: 'NOT_FOUND' }),
  );
}

beforeAll(async () => {
  t = await createTestApp({ beforeReady: registerProbe });
});
afterAll(() => t.close());

describe('cachePublicly', () => {
  it('sends Cache-Control and a strong ETag that is a hash of the body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/probe/cached' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(response.headers.etag).toBe(strongEtag(response.body));
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  });

  it('answers 304 with no body to a matching If-None-Match, and 200 again once the body changes', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/v1/probe/cached' });
    const etag = String(first.headers.etag);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/v1/probe/cached',
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);

    probeBody = { data: { version: 2 } };
    const changed = await t.app.inject({ method: 'GET', url: '/v1/probe/cached', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('never caches an error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/probe/cached-error' });
    expect(response.statusCode).toBe(404);
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('compares If-None-Match weakly, across lists, with * matching anything', () => {
    expect(matchesIfNoneMatch('"abc"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', '"abc"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"abc"')).toBe(false);
  });
});

describe('public catalogue reads', () => {
  it('carry an ETag and revalidate to 304 until the catalogue changes', async () => {
    const brand = await insertBrand(t.database.db);
    const url = `/v1/brands/${brand.id}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const list = await t.app.inject({ method: 'GET', url: '/v1/brands' });
    const listTag = String(list.headers.etag);
    await insertBrand(t.database.db);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/brands', headers: { 'if-none-match': listTag } })).statusCode,
    ).toBe(200);
  });
});
