import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectorWithPack } from '../testing/collection-fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an id in an address', () => {
  it('finds the same edition and drop in capitals as in lower case', async () => {
    const { dropId, editionIds } = await collectorWithPack(t);
    const editionId = editionIds[0]!;
    for (const url of [
      `/v1/editions/${editionId.toUpperCase()}`,
      `/v1/editions/${editionId.toUpperCase()}/histories`,
      `/v1/drops/${dropId.toUpperCase()}`,
      `/v1/drops/${dropId.toUpperCase()}/provenance`,
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    }
    const edition = (await t.app.inject({ method: 'GET', url: `/v1/editions/${editionId.toUpperCase()}` })).json();
    expect(edition.data.id).toBe(editionId);
  });
});
