import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { activeUser, bearer } from '../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let accessToken: string;
beforeAll(async () => {
  t = await createTestApp();
  accessToken = (await activeUser(t)).accessToken;
});
afterAll(() => t.close());

const send = (method: 'POST' | 'DELETE', url: string, payload?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(accessToken), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload,
  });

describe('a write whose route takes no body', () => {
  it('is refused with a body that asks something, under `body`, and does nothing', async () => {
    for (const payload of ['{"isRead":false}', '[]', '"all"', '0']) {
      const refused = await send('POST', '/v1/notifications/read-all', payload);
      expect([refused.statusCode, refused.json()], payload).toEqual([
        400,
        {
          code: 'INVALID_REQUEST',
          message: errorCatalogue.INVALID_REQUEST.message,
          details: [{ field: 'body', message: 'This request takes no body: send none, or {}.' }],
        },
      ]);
    }
    const removal = await send('DELETE', '/v1/wallet-addresses/0190a0b0-0000-7000-8000-000000000001', '{"id":1}');
    expect([removal.statusCode, removal.json().details]).toEqual([
      400,
      [{ field: 'body', message: expect.any(String) }],
    ]);
  });

  it('takes no body, null or {} alike', async () => {
    for (const payload of [undefined, 'null', '{}']) {
      expect((await send('POST', '/v1/notifications/read-all', payload)).statusCode, payload).toBe(204);
    }
    // A client that says text/plain and sends nothing after it (Fastify reads "").
    const emptyText = await t.app.inject({
      method: 'POST',
      url: '/v1/notifications/read-all',
      headers: { ...bearer(accessToken), 'content-type': 'text/plain' },
      payload: '',
    });
    expect(emptyText.statusCode).toBe(204);
    // One that says JSON and sends nothing, as a client with default headers does: no body too, on a POST and a
    // DELETE, and a route that needs a body is told which fields it lacks.
    for (const [method, url] of [
      ['POST', '/v1/notifications/read-all'],
      ['DELETE', '/v1/wallet-addresses/0190a0b0-0000-7000-8000-000000000001'],
    ] as const) {
      const emptyJson = await t.app.inject({
        method,
        url,
        headers: { ...bearer(accessToken), 'content-type': 'application/json' },
        payload: '',
      });
      expect(emptyJson.statusCode, url).toBe(method === 'POST' ? 204 : 404);
    }
    const needsBody = await t.app.inject({
      method: 'POST',
      url: '/v1/redeems',
      headers: { ...bearer(accessToken), 'content-type': 'application/json' },
      payload: '',
    });
    expect([needsBody.statusCode, needsBody.json().code]).toEqual([400, 'INVALID_REQUEST']);
    expect(needsBody.json().details?.length).toBeGreaterThan(0);
    // Anything that is there is still parsed as JSON, poisoned keys refused as before.
    const notJson = await send('POST', '/v1/notifications/read-all', '{');
    expect(notJson.statusCode).toBe(400);
  });

  it('leaves an address no route has to answer 404, body or not', async () => {
    const unknown = await send('POST', '/v1/notifications/read-everything', '{"isRead":false}');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('still asks who is calling first', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/v1/notifications/read-all',
      headers: { 'content-type': 'application/json' },
      payload: '{"isRead":false}',
    });
    expect(visitor.statusCode).toBe(401);
  });
});
