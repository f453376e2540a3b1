import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { nginxBinary, startEdgeProxy, type EdgeProxy } from '../testing/nginx-edge.ts';
import { listening } from '../testing/sse-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// What nginx in front of the instances (deploy/nginx.conf.template) answers by itself, next to what the API answers
// through it: a client must not tell them apart. Skipped where nginx is not installed.
const MB = 1024 * 1024;
let t: TestApp;
let proxy: EdgeProxy;

describe.skipIf(!nginxBinary())('nginx in front of the instances', () => {
  beforeAll(async () => {
    t = await createTestApp();
    proxy = await startEdgeProxy([await listening(t.app)]);
  });
  afterAll(async () => {
    await proxy?.stop();
    await t?.close();
  });

  async function postJson(bytes: number, streamed: boolean) {
    const body = Buffer.alloc(bytes, 0x61);
    const response = await fetch(`${proxy.base}/v1/users/authentications/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamed ? new Blob([body]).stream() : body,
      duplex: 'half',
    } as RequestInit);
    return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
  }

  it('answers a body past its 16 MiB with the API’s own 413 PAYLOAD_TOO_LARGE, as JSON', async () => {
    const expected = { code: 'PAYLOAD_TOO_LARGE', message: errorCatalogue.PAYLOAD_TOO_LARGE.message };
    for (const streamed of [false, true]) {
      const byNginx = await postJson(17 * MB, streamed);
      expect(byNginx.status).toBe(413);
      expect(byNginx.type).toMatch(/^application\/json/);
      expect(byNginx.body).toEqual(expected);
    }
    // Within nginx's limit and past the API's 1 MiB, the instance answers: the same status and body.
    const byApi = await postJson(2 * MB, false);
    expect(byApi).toMatchObject({ status: 413, body: expected });
  });

  it('still passes requests through to the instances', async () => {
    const response = await fetch(`${proxy.base}/v1/health`);
    expect(response.status).toBe(200);
  });
});
