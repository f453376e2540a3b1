import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, bearer } from '../../../testing/auth-helpers.ts';
import { insertBrand } from '../../../testing/catalog-fixtures.ts';
import { verifyIdentityForTest } from '../../../testing/identity-helpers.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { depositForTest, usWireDetails } from '../../../testing/wallet-helpers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const address = '0x52908400098527886E0F7030069857D2E4169EE7';
const wireRequest = (amount: number, accountNumber: string = usWireDetails.accountNumber) => ({
  method: 'wire',
  amount: { amount, currency: 'USD' },
  wire: { ...usWireDetails, accountNumber },
  isConfirmed: true,
});
const usdcRequest = (amount: number, to = address) => ({
  method: 'usdc',
  amount: { amount, currency: 'USD' },
  address: to,
  isConfirmed: true,
});

async function fundedUser(cents: number) {
  const user = await activeUser(t);
  const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  await verifyIdentityForTest(t, user.accessToken);
  const userId = me.json().data.id as string;
  await depositForTest(t.database.db, { userId, source: 'crypto', amount: cents });
  return { ...user, userId };
}
async function withdraw(accessToken: string, payload: object): Promise<{ id: string; fee: { amount: number } }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/withdrawals',
    headers: bearer(accessToken),
    payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data;
}
async function decide(id: string, move: string, payload?: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/console/withdrawals/${id}/${move}`,
    headers: bearer(admin.accessToken),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode).toBe(200);
}
function contextOf(id: string, accessToken = admin.accessToken) {
  return t.app.inject({ method: 'GET', url: `/v1/console/withdrawals/${id}/context`, headers: bearer(accessToken) });
}
const usd = (amount: number) => ({ amount, currency: 'USD' });
// The suite shares one database: a destination of its own keeps other tests' payouts out of its matches.
const freshAccountNumber = () => String(Math.floor(Math.random() * 1e11)).padStart(12, '7');

describe('GET /v1/console/withdrawals/:id/context', () => {
  it("gives the person's balance now, what they added and were paid, and their other requests newest first", async () => {
    const person = await fundedUser(100_000);
    const first = await withdraw(person.accessToken, wireRequest(10_000));
    await decide(first.id, 'review');
    await decide(first.id, 'approve');
    await decide(first.id, 'paid', { payoutReference: 'FW-1' });
    const second = await withdraw(person.accessToken, usdcRequest(5_000));
    const third = await withdraw(person.accessToken, wireRequest(20_000));

    const response = await contextOf(third.id);
    expect(response.statusCode).toBe(200);
    const context = response.json().data;
    const stillHeld = 5_000 + second.fee.amount + 20_000 + third.fee.amount;
    expect(context).toMatchObject({
      person: { joinedAt: expect.any(String), identityVerifiedAt: expect.any(String) },
      balance: {
        withdrawable: usd(100_000 - (10_000 + first.fee.amount) - stillHeld),
        nonWithdrawable: usd(0),
        held: usd(stillHeld),
      },
      added: { count: 1, total: usd(100_000) },
      paidOut: { count: 1, total: usd(10_000) },
      otherRequestCount: 2,
    });
    expect(
      context.otherRequests.map((request: { id: string; status: string }) => [request.id, request.status]),
    ).toEqual([
      [second.id, 'submitted'],
      [first.id, 'paid'],
    ]);
  });

  it('says how often the same bank account was paid before, and not for another account', async () => {
    const person = await fundedUser(100_000);
    const account = freshAccountNumber();
    const paid = await withdraw(person.accessToken, wireRequest(10_000, account));
    await decide(paid.id, 'review');
    await decide(paid.id, 'approve');
    await decide(paid.id, 'paid', { payoutReference: 'FW-2' });
    // Refused requests and requests still open are not payouts that went through.
    const refused = await withdraw(person.accessToken, wireRequest(10_000, account));
    await decide(refused.id, 'reject', { reason: 'We could not confirm the account holder.' });
    const again = await withdraw(person.accessToken, wireRequest(10_000, account));
    const elsewhere = await withdraw(person.accessToken, wireRequest(10_000, freshAccountNumber()));

    expect((await contextOf(again.id)).json().data.destination).toEqual({ paidBefore: 1, sharedWith: [] });
    expect((await contextOf(elsewhere.id)).json().data.destination).toEqual({ paidBefore: 0, sharedWith: [] });
  });

  // Session 71's wallet hunt: typed "1234-56789", an account paid before, and asked for by someone else, was new.
  it('knows a bank account however its numbers were typed, with spaces or dashes', async () => {
    const [person, other] = [await fundedUser(50_000), await fundedUser(50_000)];
    const account = freshAccountNumber();
    const typed = `${account.slice(0, 4)}-${account.slice(4, 8)} ${account.slice(8)}`;
    const paid = await withdraw(person.accessToken, wireRequest(10_000, account));
    await decide(paid.id, 'review');
    await decide(paid.id, 'approve');
    await decide(paid.id, 'paid', { payoutReference: 'FW-3' });
    const again = await withdraw(person.accessToken, {
      ...wireRequest(10_000, typed),
      wire: { ...usWireDetails, accountNumber: typed, routingNumber: '0210-00021' },
    });
    await withdraw(other.accessToken, wireRequest(10_000, ` ${typed} `));

    expect((await contextOf(again.id)).json().data.destination).toEqual({
      paidBefore: 1,
      sharedWith: [{ id: other.userId, email: other.email, nickname: other.nickname }],
    });
  });

  // Review of session 71: with the SWIFT code in the key, the same IBAN account given with COBADEFFXXX, then
  // COBADEFF, was two destinations; a code names a bank by its first eight characters, and an IBAN needs none.
  it('knows an IBAN account whatever SWIFT code came with it, the branch suffix or none', async () => {
    const [person, other] = [await fundedUser(50_000), await fundedUser(50_000)];
    const german = {
      ...usWireDetails,
      country: 'DE',
      iban: 'DE89 3704 0044 0532 0130 00',
      swift: 'COBADEFFXXX',
      routingNumber: undefined,
      accountNumber: undefined,
      zip: '60311',
      state: 'Hesse',
    };
    const paid = await withdraw(person.accessToken, { ...wireRequest(10_000), wire: german });
    await decide(paid.id, 'review');
    await decide(paid.id, 'approve');
    await decide(paid.id, 'paid', { payoutReference: 'FW-4' });
    const again = await withdraw(person.accessToken, {
      ...wireRequest(10_000),
      wire: { ...german, swift: 'COBADEFF' },
    });
    await withdraw(other.accessToken, { ...wireRequest(10_000), wire: { ...german, swift: 'cobadeff500' } });

    expect((await contextOf(again.id)).json().data.destination).toEqual({
      paidBefore: 1,
      sharedWith: [{ id: other.userId, email: other.email, nickname: other.nickname }],
    });
  });

  it('names the other people who asked for a payout to the same address, in any case', async () => {
    const sharedAddress = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';
    const one = await fundedUser(50_000);
    const other = await fundedUser(50_000);
    const loner = await fundedUser(50_000);
    const mine = await withdraw(one.accessToken, usdcRequest(1_000, sharedAddress));
    await withdraw(other.accessToken, usdcRequest(1_000, sharedAddress.toLowerCase()));
    const alone = await withdraw(loner.accessToken, usdcRequest(1_000, '0x1111111111111111111111111111111111111111'));

    expect((await contextOf(mine.id)).json().data.destination).toEqual({
      paidBefore: 0,
      sharedWith: [{ id: other.userId, email: other.email, nickname: other.nickname }],
    });
    expect((await contextOf(alone.id)).json().data.destination.sharedWith).toEqual([]);
  });

  it('is for admins only, and answers WITHDRAWAL_NOT_FOUND for an unknown request', async () => {
    const person = await fundedUser(10_000);
    const request = await withdraw(person.accessToken, usdcRequest(1_000));
    const brand = await insertBrand(t.database.db);
    const manager = await signUpOperator(t, 'brand_manager', brand.id);
    expect((await contextOf(request.id, manager.accessToken)).statusCode).toBe(403);
    expect((await contextOf(request.id, person.accessToken)).statusCode).toBe(403);
    const unknown = await contextOf('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('WITHDRAWAL_NOT_FOUND');
  });
});
