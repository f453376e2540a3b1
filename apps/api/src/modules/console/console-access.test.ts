import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeMedia } from '../../testing/fixture-media.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { bearer, keyFromLatestEmail, signUp, verifiedUser } from '../../testing/auth-helpers.ts';
import { insertBrand, insertCollection, insertProduct } from '../../testing/catalog-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { operatorGrants } from './console.tables.ts';

let t: TestApp;
let ownBrand: Awaited<ReturnType<typeof insertBrand>>;
let otherBrand: Awaited<ReturnType<typeof insertBrand>>;
let manager: Awaited<ReturnType<typeof signUpOperator>>;
let admin: Awaited<ReturnType<typeof signUpOperator>>;

beforeAll(async () => {
  t = await createTestApp();
  await storeMedia(t.storage, ['a.png']);
  ownBrand = await insertBrand(t.database.db, { name: 'Own Brand' });
  otherBrand = await insertBrand(t.database.db, { name: 'Other Brand' });
  manager = await signUpOperator(t, 'brand_manager', ownBrand.id);
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) {
  return t.app.inject({ method, url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });
}

const productBody = (brandId: string) => ({
  brandId,
  name: `Product ${Math.random()}`,
  rarity: 'RARE',
  imageUrl: '/uploads/a.png',
});

describe('who may reach the console', () => {
  const probes: [string, string, object?][] = [
    ['GET', '/v1/console/me'],
    ['GET', '/v1/console/products'],
    ['POST', '/v1/console/brands', { slug: 'x-brand', name: 'X', type: 'ARTIST' }],
    ['GET', '/v1/console/audit-log'],
  ];

  it.each(probes)('%s %s answers 401 UNAUTHORIZED to a visitor', async (method, url, payload) => {
    const response = await call(method as 'GET', url, undefined, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it.each(probes)('%s %s answers 403 FORBIDDEN to a collector', async (method, url, payload) => {
    const collector = await signUp(t);
    const response = await call(method as 'GET', url, collector.accessToken, payload);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('tells an admin and a brand manager what they hold', async () => {
    const adminMe = (await call('GET', '/v1/console/me', admin.accessToken)).json().data;
    expect(adminMe).toMatchObject({
      userId: admin.userId,
      email: admin.email,
      roles: ['admin'],
      isAdmin: true,
      brands: [],
    });
    const managerMe = (await call('GET', '/v1/console/me', manager.accessToken)).json().data;
    expect(managerMe).toMatchObject({ roles: ['brand_manager'], isAdmin: false });
    expect(managerMe.brands).toEqual([
      { id: ownBrand.id, slug: ownBrand.slug, name: 'Own Brand', type: 'ARTIST', logoUrl: null },
    ]);
  });

  it('opens nothing to a grant held by an account whose address is not verified, until it is', async () => {
    // Someone signs up with the address a grant was (once) made to, without owning it: no console for them.
    const squatter = await signUp(t);
    const userId = (await call('GET', '/v1/users/my', squatter.accessToken)).json().data.id as string;
    await t.database.db
      .insert(operatorGrants)
      .values({ id: newId(), userId, role: 'admin', brandId: null, createdAt: t.clock.now() });
    for (const url of ['/v1/console/me', '/v1/console/withdrawals']) {
      const refused = await call('GET', url, squatter.accessToken);
      expect([refused.statusCode, refused.json()]).toEqual([
        403,
        { code: 'EMAIL_VERIFICATION_REQUIRED', message: 'Please verify your email.' },
      ]);
    }
    // The address's owner verifies it: the grant counts from then on.
    const key = await keyFromLatestEmail(t, squatter.email);
    const verified = await t.app.inject({
      method: 'PATCH',
      url: '/v1/users/authentications/email-verifications',
      payload: { key },
    });
    expect(verified.statusCode).toBe(200);
    expect((await call('GET', '/v1/console/me', squatter.accessToken)).statusCode).toBe(200);
  });

  it('ends access as soon as a grant is revoked', async () => {
    const temporary = await signUpOperator(t, 'brand_manager', ownBrand.id);
    expect((await call('GET', '/v1/console/me', temporary.accessToken)).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/console/operators/${temporary.grantId}`, admin.accessToken)).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/v1/console/me', temporary.accessToken)).statusCode).toBe(403);
  });
});

describe('a brand manager', () => {
  it('cannot edit, publish or even open another brand’s product (403), but can their own', async () => {
    const theirs = await insertProduct(t.database.db, otherBrand.id, { name: 'Not yours', status: 'DRAFT' });
    const mine = await insertProduct(t.database.db, ownBrand.id, { name: 'Yours', status: 'DRAFT' });

    const refused = await call('PATCH', `/v1/console/products/${theirs.id}`, manager.accessToken, {
      name: 'Taken over',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await call('POST', `/v1/console/products/${theirs.id}/publish`, manager.accessToken)).statusCode).toBe(403);
    expect((await call('GET', `/v1/console/products/${theirs.id}`, manager.accessToken)).statusCode).toBe(403);

    const edited = await call('PATCH', `/v1/console/products/${mine.id}`, manager.accessToken, {
      name: 'Yours, renamed',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.name).toBe('Yours, renamed');
    expect(
      (await call('POST', `/v1/console/products/${mine.id}/publish`, manager.accessToken)).json().data.status,
    ).toBe('PUBLISHED');
  });

  it('creates under their own brand only', async () => {
    expect((await call('POST', '/v1/console/products', manager.accessToken, productBody(ownBrand.id))).statusCode).toBe(
      201,
    );
    expect(
      (await call('POST', '/v1/console/products', manager.accessToken, productBody(otherBrand.id))).statusCode,
    ).toBe(403);
    const license = { brandId: otherBrand.id, name: 'Sneaky license' };
    expect((await call('POST', '/v1/console/licenses', manager.accessToken, license)).statusCode).toBe(403);
    const collection = { brandId: otherBrand.id, name: 'Sneaky collection' };
    expect((await call('POST', '/v1/console/collections', manager.accessToken, collection)).statusCode).toBe(403);
  });

  it('cannot hang their product on another brand’s collection', async () => {
    const foreign = await insertCollection(t.database.db, otherBrand.id);
    const response = await call('POST', '/v1/console/products', manager.accessToken, {
      ...productBody(ownBrand.id),
      collectionId: foreign.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('RELATED_ITEM_OF_OTHER_BRAND');
  });

  it('sees drafts of their own brand only in console lists', async () => {
    const draftOfMine = await insertProduct(t.database.db, ownBrand.id, { status: 'DRAFT' });
    await insertProduct(t.database.db, otherBrand.id, { status: 'DRAFT' });
    const page = (await call('GET', '/v1/console/products?size=100&status=DRAFT', manager.accessToken)).json().data;
    expect(page.items.map((product: { id: string }) => product.id)).toContain(draftOfMine.id);
    expect(page.items.every((product: { brand: { id: string } }) => product.brand.id === ownBrand.id)).toBe(true);
    const brands = (await call('GET', '/v1/console/brands', manager.accessToken)).json().data.items;
    expect(brands.map((brand: { id: string }) => brand.id)).toEqual([ownBrand.id]);
  });

  it('edits their brand page but leaves brands, featuring, taxonomy, banners, operators and the audit log to admins', async () => {
    expect(
      (await call('PATCH', `/v1/console/brands/${ownBrand.id}`, manager.accessToken, { tagline: 'Ours' })).statusCode,
    ).toBe(200);
    const refusals: [string, string, object?][] = [
      ['PATCH', `/v1/console/brands/${otherBrand.id}`, { tagline: 'Theirs' }],
      ['PATCH', `/v1/console/brands/${ownBrand.id}`, { isFeatured: true }],
      ['POST', '/v1/console/brands', { slug: 'new-brand', name: 'New', type: 'ARTIST' }],
      ['POST', '/v1/console/categories', { slug: 'new-category', name: 'New' }],
      ['POST', '/v1/console/tags', { slug: 'new-tag', name: 'New' }],
      ['GET', '/v1/console/banners'],
      ['POST', '/v1/console/banners', { title: 'Mine', imageUrl: '/uploads/a.png' }],
      ['GET', '/v1/console/operators'],
      ['GET', '/v1/console/audit-log'],
    ];
    for (const [method, url, payload] of refusals) {
      const response = await call(method as 'GET', url, manager.accessToken, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/v1/console/categories', manager.accessToken)).statusCode).toBe(200);
  });
});

describe('an admin', () => {
  it('may change any brand’s entries', async () => {
    const theirs = await insertProduct(t.database.db, otherBrand.id, { status: 'DRAFT' });
    const response = await call('PATCH', `/v1/console/products/${theirs.id}`, admin.accessToken, {
      rarity: 'LEGENDARY',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.rarity).toBe('LEGENDARY');
    expect(
      (await call('PATCH', `/v1/console/brands/${otherBrand.id}`, admin.accessToken, { isFeatured: true })).json().data
        .isFeatured,
    ).toBe(true);
  });

  it('grants a role only to an account that verified its address', async () => {
    const unverified = await signUp(t);
    for (const role of ['admin', 'brand_manager'] as const) {
      const refused = await call('POST', '/v1/console/operators', admin.accessToken, {
        email: unverified.email,
        role,
        ...(role === 'brand_manager' ? { brandId: otherBrand.id } : {}),
      });
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'OPERATOR_EMAIL_NOT_VERIFIED']);
    }
    const listed = (await call('GET', '/v1/console/operators?size=100', admin.accessToken)).json().data;
    expect(listed.items.map((grant: { user: { email: string } }) => grant.user.email)).not.toContain(unverified.email);
  });

  it('grants and revokes roles, but not their own admin role', async () => {
    const person = await verifiedUser(t);
    const granted = await call('POST', '/v1/console/operators', admin.accessToken, {
      email: person.email,
      role: 'brand_manager',
      brandId: otherBrand.id,
    });
    expect(granted.statusCode).toBe(201);
    expect(granted.json().data).toMatchObject({
      role: 'brand_manager',
      brand: { id: otherBrand.id },
      user: { email: person.email },
    });
    const listed = (await call('GET', '/v1/console/operators?size=100', admin.accessToken)).json().data;
    expect(listed.items.map((grant: { id: string }) => grant.id)).toContain(granted.json().data.id);
    expect(listed.total).toBe(listed.items.length);
    const again = await call('POST', '/v1/console/operators', admin.accessToken, {
      email: person.email,
      role: 'brand_manager',
      brandId: otherBrand.id,
    });
    expect(again.json().code).toBe('OPERATOR_ROLE_ALREADY_GRANTED');
    const unknown = await call('POST', '/v1/console/operators', admin.accessToken, {
      email: 'nobody@example.com',
      role: 'admin',
    });
    expect(unknown.json().code).toBe('USER_ID_NOT_FOUND');
    const noBrand = await call('POST', '/v1/console/operators', admin.accessToken, {
      email: person.email,
      role: 'brand_manager',
    });
    expect(noBrand.json().details).toEqual([{ field: 'brandId', message: 'A brand manager needs a brand.' }]);
    expect((await call('DELETE', `/v1/console/operators/${admin.grantId}`, admin.accessToken)).statusCode).toBe(403);
  });
});
