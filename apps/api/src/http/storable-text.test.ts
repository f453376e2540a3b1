import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { activeUser, bearer } from '../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { isStorableText } from './storable-text.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof activeUser>>;

/** A route that makes the refused text itself, past every check, to drive the database's refusal. */
function registerProbeRoutes(app: FastifyInstance) {
  app.get('/v1/probe/refused-text/:kind', async (request) => {
    const { kind } = request.params as { kind: string };
    const nul = String.fromCharCode(0);
    const surrogate = String.fromCharCode(0xd800);
    if (kind === 'text') await t.database.db.execute(sql`select ${`a${nul}b`}::text`);
    if (kind === 'jsonb') await t.database.db.execute(sql`select ${JSON.stringify({ a: surrogate })}::jsonb`);
    if (kind === 'uuid') await t.database.db.execute(sql`select ${'not-a-uuid'}::uuid`);
    return { data: null };
  });
}

beforeAll(async () => {
  t = await createTestApp({ beforeReady: registerProbeRoutes });
  user = await activeUser(t);
});
afterAll(() => t.close());

const refused = (field: string) => ({
  code: 'INVALID_REQUEST',
  message: errorCatalogue.INVALID_REQUEST.message,
  details: [{ field, message: expect.stringContaining('cannot be stored') }],
});

describe('text the database cannot store', () => {
  it('knows a NUL character and a lone surrogate from text with odd but real characters', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('\udc00')).toBe(false);
    expect(isStorableText('ab\ud83d')).toBe(false);
    for (const text of ['', 'plain', '\u202eevil.exe', '😀 and 👩‍👩‍👧', 'e\u0301\u0301', '\ufeff\uffff', '\u0001']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses a NUL character in a query parameter with 400 and the field', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/brands?q=%00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused('q'));
  });

  it('refuses a NUL character in a path parameter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/tags/abc%00def' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused('id'));
  });

  it('refuses a NUL character or a lone surrogate in any text of a JSON body, nested or as a key', async () => {
    const headers = { ...bearer(user.accessToken), 'content-type': 'application/json' };
    const cases: [string, string][] = [
      ['{"nickname":"Fan\\u0000"}', 'nickname'],
      ['{"nickname":"Fan\\ud800"}', 'nickname'],
      ['{"nickname":"Fan","links":{"site":["ok","\\udfff"]}}', 'links.site.1'],
      ['{"nick\\u0000name":"Fan"}', 'nick\u0000name'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({ method: 'PATCH', url: '/v1/users/profile', headers, payload });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual(refused(field));
    }
  });

  it('checks before validation, so no route is left out (a visitor is told to sign in first)', async () => {
    const request = { method: 'POST', url: '/v1/bank-accounts', payload: { bankName: 'First\u0000Bank' } } as const;
    const response = await t.app.inject({ ...request, headers: bearer(user.accessToken) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused('bankName'));
    expect((await t.app.inject(request)).statusCode).toBe(401);
  });

  it('keeps right-to-left marks, emoji and combining marks: they are text', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/brands?q=${encodeURIComponent('\u202e😀e\u0301')}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it.each(['text', 'jsonb', 'uuid'])(
    'answers the database refusing the text of a value (%s) with 400, not 500, as a last line of defence',
    async (kind) => {
      const reports = t.errorReporter.reports.length;
      const response = await t.app.inject({ method: 'GET', url: `/v1/probe/refused-text/${kind}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'INVALID_REQUEST', message: errorCatalogue.INVALID_REQUEST.message });
      expect(t.errorReporter.reports.length).toBe(reports);
    },
  );
});
