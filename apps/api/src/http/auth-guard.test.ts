import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { bearer, signUp } from '../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const someId = '0190a7c4-5b7e-7000-8000-000000000001';

/** Routes for signed-in people, across modules, each sent a body its schema refuses. */
const signedInRoutes: { method: 'POST' | 'PATCH'; url: string }[] = [
  { method: 'POST', url: '/v1/redeems' },
  { method: 'POST', url: '/v1/orders' },
  { method: 'POST', url: '/v1/favorites' },
  { method: 'POST', url: '/v1/withdrawals' },
  { method: 'POST', url: '/v1/cards' },
  { method: 'POST', url: `/v1/fusions/${someId}/fuse` },
  { method: 'POST', url: `/v1/editions/${someId}/export` },
  { method: 'PATCH', url: '/v1/users/profile' },
  { method: 'POST', url: '/v1/console/drops' },
];

describe('a visitor on a route for signed-in people', () => {
  it.each(signedInRoutes)('$method $url is told to sign in whatever the body (401 before 400)', async (route) => {
    const answer = await t.app.inject({ ...route, payload: { unexpected: [1], code: 42, amount: 'many' } });
    expect(answer.statusCode, answer.body).toBe(401);
    expect(answer.json()).toEqual({ code: 'UNAUTHORIZED', message: errorCatalogue.UNAUTHORIZED.message });
  });

  it('is told to sign in before a malformed path parameter is looked at', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/v1/fusions/not-an-id/fuse', payload: {} });
    expect(answer.statusCode, answer.body).toBe(401);
  });
});

describe('an account whose address is not verified yet', () => {
  const moneyRoutes = [
    { url: '/v1/deposits', payload: { method: 'crypto', amount: { amount: 2_000, currency: 'USD' } } },
    {
      url: '/v1/cards',
      payload: { nameOnCard: 'Ada Lovelace', cardNumber: '4242424242424242', expMonth: 12, expYear: 2039 },
    },
    { url: '/v1/tilia/payment-methods', payload: { type: 'card', label: 'Visa 4242' } },
    { url: '/v1/wallet-addresses', payload: { address: '0x52908400098527886E0F7030069857D2E4169EE7' } },
    {
      url: '/v1/withdrawals',
      payload: {
        method: 'usdc',
        amount: { amount: 1_500, currency: 'USD' },
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        isConfirmed: true,
      },
    },
    { url: '/v1/identity-verifications', payload: {} },
  ];

  it.each(moneyRoutes)('moves no money and saves no way to pay or be paid: POST $url is 403', async (route) => {
    const person = await signUp(t);
    const answer = await t.app.inject({ method: 'POST', ...route, headers: bearer(person.accessToken) });
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json()).toEqual({
      code: 'EMAIL_VERIFICATION_REQUIRED',
      message: errorCatalogue.EMAIL_VERIFICATION_REQUIRED.message,
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: route.url.replace('identity-verifications', 'cards'),
      headers: bearer(person.accessToken),
    });
    expect(JSON.stringify(listed.json().data ?? [])).not.toMatch(/"id"/);
  });
});

// Session 68's API hunt: `Bearer <token> <more>` was taken as the token, whatever followed it.
describe('the Authorization header', () => {
  it('is one bearer token, with its scheme in any case and spaces around it, and nothing else', async () => {
    const person = await signUp(t);
    const me = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/v1/users/my', headers: { authorization } });
    for (const header of [`Bearer ${person.accessToken}`, `bearer  ${person.accessToken} `]) {
      expect((await me(header)).statusCode, header.slice(0, 8)).toBe(200);
    }
    for (const header of [
      `Bearer ${person.accessToken} extra`,
      `Bearer ${person.accessToken},other`,
      `Basic ${person.accessToken}`,
      `Bearer`,
      person.accessToken,
    ]) {
      const answer = await me(header);
      expect(answer.statusCode, header.slice(0, 8)).toBe(401);
      expect(answer.json().code).toBe('UNAUTHORIZED');
    }
  });
});
