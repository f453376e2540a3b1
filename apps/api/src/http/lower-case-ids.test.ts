import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../testing/catalog-fixtures.ts';
import { collectorWithPack } from '../testing/collection-fixtures.ts';
import { signUpOperator } from '../testing/operator-helpers.ts';
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

describe('an id in a body', () => {
  // Session 79's hunt: a product id in capitals passed the database's lookup and missed the module's map keyed by
  // what the database answered (a 500 on edition pools, drops and fusions; a false RELATED_ITEM_OF_OTHER_BRAND on
  // products). The contract's ZUuid reads every body id in lower case.
  it('is the same id in capitals: an edition pool of a product named so is made, of that product', async () => {
    const admin = await signUpOperator(t, 'admin');
    const brand = await insertBrand(t.database.db);
    const product = await insertProduct(t.database.db, brand.id, { name: 'Capital Fox' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/console/edition-pools',
      headers: bearer(admin.accessToken),
      payload: { brandId: brand.id.toUpperCase(), productId: product.id.toUpperCase(), size: 2 },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ size: 2, product: { id: product.id, name: 'Capital Fox' } });
  });
});
