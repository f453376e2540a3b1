import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUp } from '../../testing/auth-helpers.ts';
import { insertBrand } from '../../testing/catalog-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { revokeOperatorRole } from '../console/operators/revoke-operator-role.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/users/my', () => {
  it('answers every User field of the spec for the signed-in user', async () => {
    const user = await signUp(t);
    const response = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: expect.any(String),
      email: user.email,
      nickname: null,
      photoUrl: null,
      backgroundUrl: null,
      phoneEnding: null,
      marketingConsent: false,
      twoFactor: { isEnabled: false, verifiedAt: null },
      discord: null,
      discordReconnectAvailableAt: null,
      status: 'CREATED',
      isDeleteRequestedAccount: false,
      deletionScheduledAt: null,
      isEmailVerified: false,
      hasPassword: true,
      isOperator: false,
      createdAt: expect.any(String),
    });
  });

  it('says isOperator for an admin and a brand manager, and no longer once the role is revoked', async () => {
    const brand = await insertBrand(t.database.db);
    const admin = await signUpOperator(t, 'admin');
    const manager = await signUpOperator(t, 'brand_manager', brand.id);
    const isOperator = async (accessToken: string) =>
      (await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) })).json().data.isOperator;
    expect(await isOperator(admin.accessToken)).toBe(true);
    expect(await isOperator(manager.accessToken)).toBe(true);

    await revokeOperatorRole(t.database.db, t.clock.now(), manager.grantId, null);
    expect(await isOperator(manager.accessToken)).toBe(false);
  });

  it('answers 401 UNAUTHORIZED to a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/users/my' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /v1/users/{id}', () => {
  it('answers the public profile only: no email, phone, consent or status', async () => {
    const user = await signUp(t);
    const { id } = (
      await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) })
    ).json().data;
    const response = await t.app.inject({ method: 'GET', url: `/v1/users/${id}` });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data).sort()).toEqual([
      'backgroundUrl',
      'createdAt',
      'id',
      'nickname',
      'photoUrl',
    ]);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/0191a7e2-0000-7000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/not-a-uuid' })).statusCode).toBe(400);
  });
});
