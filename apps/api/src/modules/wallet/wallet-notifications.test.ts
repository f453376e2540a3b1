import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { activeUser, bearer, latestMessage } from '../../testing/auth-helpers.ts';
import { verifyIdentityForTest } from '../../testing/identity-helpers.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest, usWireDetails } from '../../testing/wallet-helpers.ts';
import { deliverSignedWebhook } from '../../testing/webhook-helpers.ts';
import { deposits } from './deposits/deposits.tables.ts';

// Issue 22: funds added and each step of a withdrawal notify the person once, and a later step of a withdrawal leaves
// one unread notice for it, not one per step.
const WEBHOOK_SECRET = 'whsec_test_secret_for_wallet_notifications';
let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://cypher.test' } });
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

async function collector() {
  const user = await activeUser(t);
  const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  return { ...user, userId: me.json().data.id as string };
}

const feedOf = async (accessToken: string) =>
  (await t.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(accessToken) })).json().data as {
    items: { kind: string; stage: string; title: string; body: string; linkPath: string; isRead: boolean }[];
    unreadCount: number;
  };

describe('funds added', () => {
  it('notify once when the deposit succeeds, however often its webhook arrives, and not when a card fails at its checkout', async () => {
    const person = await collector();
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: bearer(person.accessToken),
      payload: { method: 'card', amount: { amount: 5_000, currency: 'USD' } },
    });
    const { depositId } = created.json().data as { depositId: string };
    const [deposit] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
    const event = {
      id: `evt_${newId()}`,
      type: 'payment.succeeded',
      data: {
        providerReference: deposit!.providerReference,
        amount: 5_000,
        currency: 'USD',
        paymentMethod: 'Visa •••• 4242',
      },
    };
    for (let delivery = 0; delivery < 3; delivery += 1) {
      expect((await deliverSignedWebhook(t, WEBHOOK_SECRET, 'card', event)).statusCode).toBe(200);
    }
    const feed = await feedOf(person.accessToken);
    expect(feed.items).toEqual([
      expect.objectContaining({
        kind: 'DEPOSIT',
        stage: 'SUCCESSFUL',
        title: 'Funds added',
        body: '$50.00 was added to your balance (Visa •••• 4242).',
        linkPath: `/payment?deposit=${depositId}`,
        isRead: false,
      }),
    ]);

    // A declined card adds nothing, and the person is at the checkout that says so: nothing more to tell.
    const declined = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: bearer(person.accessToken),
      payload: { method: 'card', amount: { amount: 2_000, currency: 'USD' } },
    });
    const checkoutUrl = new URL(declined.json().data.checkoutUrl as string);
    await t.app.inject({
      method: 'POST',
      url: checkoutUrl.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' }).toString(),
    });
    expect((await feedOf(person.accessToken)).unreadCount).toBe(1);
  });

  it('tell a crypto charge that failed or expired, long after its checkout was left; once each', async () => {
    const person = await collector();
    const cryptoCharge = async (amount: number) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/deposits',
        headers: bearer(person.accessToken),
        payload: { method: 'crypto', amount: { amount, currency: 'USD' } },
      });
      const { depositId } = created.json().data as { depositId: string };
      const [deposit] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
      return { depositId, providerReference: deposit!.providerReference };
    };
    const failed = await cryptoCharge(5_000);
    const expired = await cryptoCharge(2_500);
    const events = [
      {
        id: `evt_${newId()}`,
        type: 'payment.failed',
        data: {
          providerReference: failed.providerReference,
          amount: 5_000,
          currency: 'USD',
          failureReason: 'underpaid',
        },
      },
      {
        id: `evt_${newId()}`,
        type: 'payment.expired',
        data: { providerReference: expired.providerReference, amount: 2_500, currency: 'USD' },
      },
    ];
    for (const event of [...events, ...events]) {
      expect((await deliverSignedWebhook(t, WEBHOOK_SECRET, 'crypto', event)).statusCode).toBe(200);
    }
    expect((await feedOf(person.accessToken)).items).toEqual([
      expect.objectContaining({
        kind: 'DEPOSIT',
        stage: 'FAILED',
        title: 'Crypto charge expired',
        body: 'Your $25.00 crypto charge expired before a payment was confirmed, so nothing was added to your balance. If the $25.00 still arrives, it is added then.',
        linkPath: `/payment?deposit=${expired.depositId}`,
      }),
      expect.objectContaining({
        kind: 'DEPOSIT',
        stage: 'FAILED',
        title: 'Crypto payment failed',
        body: 'Your $50.00 crypto payment did not go through, so nothing was added to your balance.',
        linkPath: `/payment?deposit=${failed.depositId}`,
      }),
    ]);
  });
});

describe('withdrawal steps', () => {
  // The identity check before a first withdrawal is told too, in a notice of its own: these follow the withdrawal.
  const withdrawalFeedOf = async (accessToken: string) => {
    const items = (await feedOf(accessToken)).items.filter((item) => !item.title.startsWith('Identity'));
    return { items, unreadCount: items.filter((item) => !item.isRead).length };
  };

  async function withdrawalOf(person: { accessToken: string; userId: string }) {
    await verifyIdentityForTest(t, person.accessToken);
    await depositForTest(t.database.db, { userId: person.userId, source: 'crypto', amount: 20_000 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/withdrawals',
      headers: { ...bearer(person.accessToken), 'idempotency-key': newId() },
      payload: { method: 'wire', amount: { amount: 10_000, currency: 'USD' }, wire: usWireDetails, isConfirmed: true },
    });
    expect(created.statusCode).toBe(201);
    return created.json().data.id as string;
  }
  const decide = (id: string, move: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/console/withdrawals/${id}/${move}`,
      headers: bearer(admin.accessToken),
      ...(payload ? { payload } : {}),
    });

  it('notify each step once, the latest unread and the earlier ones read', async () => {
    const person = await collector();
    const id = await withdrawalOf(person);
    expect((await withdrawalFeedOf(person.accessToken)).items.map((item) => [item.kind, item.title])).toEqual([
      ['WITHDRAWAL', 'Withdrawal requested'],
    ]);
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    // A move that is refused (already approved) notifies nothing.
    expect((await decide(id, 'approve')).statusCode).toBe(409);
    expect((await decide(id, 'paid', { payoutReference: 'FW-1' })).statusCode).toBe(200);

    const feed = await withdrawalFeedOf(person.accessToken);
    expect(feed.items.map((item) => [item.title, item.stage, item.isRead])).toEqual([
      ['Withdrawal paid', 'SUCCESSFUL', false],
      ['Withdrawal approved', 'PENDING', true],
      ['Withdrawal requested', 'PENDING', true],
    ]);
    expect(feed.unreadCount).toBe(1);
    expect(feed.items[0]).toMatchObject({
      body: 'Your withdrawal of $100.00 has been paid out.',
      linkPath: '/payment?tab=withdraw',
    });
  });

  it('tell a rejection with its reason, and a failed payout with what came back', async () => {
    const rejected = await collector();
    await decide(await withdrawalOf(rejected), 'reject', { reason: 'Name does not match' });
    const [rejection] = (await withdrawalFeedOf(rejected.accessToken)).items;
    expect(rejection).toMatchObject({ kind: 'WITHDRAWAL', stage: 'FAILED', title: 'Withdrawal rejected' });
    expect(rejection!.body).toContain('Name does not match');
    expect(rejection!.body).toContain('the $25.00 fee is kept');

    // A USDC withdrawal has no fee, so none is said to be kept; a reason typed with its own stop gets no second one.
    const usdc = await collector();
    await verifyIdentityForTest(t, usdc.accessToken);
    await depositForTest(t.database.db, { userId: usdc.userId, source: 'crypto', amount: 20_000 });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/v1/withdrawals',
      headers: { ...bearer(usdc.accessToken), 'idempotency-key': newId() },
      payload: {
        method: 'usdc',
        amount: { amount: 2_500, currency: 'USD' },
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        isConfirmed: true,
      },
    });
    expect(asked.statusCode).toBe(201);
    await decide(asked.json().data.id as string, 'reject', { reason: 'Address belongs to an exchange we cannot pay.' });
    const [usdcRejection] = (await withdrawalFeedOf(usdc.accessToken)).items;
    expect(usdcRejection!.body).toBe(
      'Your withdrawal of $25.00 was rejected: Address belongs to an exchange we cannot pay. The amount is back in your withdrawable balance.',
    );
    const email = (await latestMessage(t, usdc.email)).text;
    expect(email).toContain('rejected: Address belongs to an exchange we cannot pay.\n');
    expect(email).not.toContain('..');
    expect(email).not.toContain('$0.00');

    const failed = await collector();
    const id = await withdrawalOf(failed);
    await decide(id, 'approve');
    await decide(id, 'failed', { reason: 'Account closed' });
    const feed = await withdrawalFeedOf(failed.accessToken);
    expect(feed.items.map((item) => item.title)).toEqual([
      'Withdrawal could not be paid',
      'Withdrawal approved',
      'Withdrawal requested',
    ]);
    expect(feed.items[0]!.body).toContain('Account closed');
    expect(feed.unreadCount).toBe(1);
  });
});
