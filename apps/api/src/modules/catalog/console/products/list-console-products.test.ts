import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../../../testing/catalog-fixtures.ts';
import { signUpOperator } from '../../../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../../../testing/test-app.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const list = (query: string, accessToken = admin.accessToken) =>
  t.app.inject({ method: 'GET', url: `/v1/console/products?${query}`, headers: bearer(accessToken) });

describe('GET /v1/console/products?ids', () => {
  it('answers the products a form names, whichever page of the list they are on, in the operator’s brands only', async () => {
    const brand = await insertBrand(t.database.db);
    const first = await insertProduct(t.database.db, brand.id, { name: 'Aster' });
    await insertProduct(t.database.db, brand.id, { name: 'Birch' });
    const draft = await insertProduct(t.database.db, brand.id, { name: 'Cedar', status: 'DRAFT' });

    // A page of one holds the first by name only; by id, both named come back, drafts included, with what is left.
    const page = await list(`brandId=${brand.id}&sort=name&size=1`);
    expect(page.json().data).toMatchObject({ total: 3, items: [{ id: first.id }] });
    const named = await list(`brandId=${brand.id}&sort=name&size=1&ids=${draft.id},${first.id}`);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data).toMatchObject({ total: 2, items: [{ id: first.id }] });
    const both = await list(`sort=name&ids=${draft.id},${first.id}`);
    expect(both.json().data).toMatchObject({
      total: 2,
      items: [
        { id: first.id, name: 'Aster' },
        { id: draft.id, name: 'Cedar', status: 'DRAFT', editionsLeft: 100 },
      ],
    });

    // Another brand's manager is told nothing of them.
    const manager = await signUpOperator(t, 'brand_manager', (await insertBrand(t.database.db)).id);
    expect((await list(`ids=${first.id}`, manager.accessToken)).json().data).toMatchObject({ items: [], total: 0 });
    const notAnId = await list('ids=aster');
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
