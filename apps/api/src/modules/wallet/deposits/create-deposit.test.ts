import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TCreateDepositRequest } from '@cypher/contract';
import type { PaymentProvider } from '../../../adapters/payments/payment-provider.ts';
import { activeUser, bearer } from '../../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createDeposit } from './create-deposit.ts';
import { deposits } from './deposits.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

/** A card provider that answers at once and records what it was asked. */
function recordingProvider() {
  const asked: string[] = [];
  const provider: PaymentProvider = {
    method: 'card',
    async createCheckout(request) {
      asked.push(`checkout ${request.depositId}`);
      return {
        providerReference: `cs_recorded_${request.depositId}`,
        checkoutUrl: `https://pay.test/${request.depositId}`,
        expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
      };
    },
    async chargeSavedMethod(request) {
      asked.push(`charge ${request.depositId}`);
      return { providerReference: `pi_recorded_${request.depositId}` };
    },
    verifyWebhook: () => {
      throw new Error('not used');
    },
  };
  return { provider, asked };
}

async function signedInWithCard() {
  const user = await activeUser(t);
  const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  const card = await t.app.inject({
    method: 'POST',
    url: '/v1/cards',
    headers: bearer(user.accessToken),
    payload: { nameOnCard: 'Ada Lovelace', cardNumber: '4242424242424242', expMonth: 12, expYear: 2039 },
  });
  return { userId: me.json().data.id as string, cardId: card.json().data.id as string };
}

function depositsFor(card: PaymentProvider | null) {
  return { db: t.database.db, clock: t.clock, config: t.deps.config, payments: { card, crypto: null, tilia: null } };
}

describe('createDeposit', () => {
  it('opens a checkout without a saved method, and charges the saved card with one', async () => {
    const { userId, cardId } = await signedInWithCard();
    const { provider, asked } = recordingProvider();
    const request: TCreateDepositRequest = { method: 'card', amount: { amount: 2500, currency: 'USD' } };

    const checkout = await createDeposit(depositsFor(provider), userId, request, null);
    expect(checkout).toEqual({
      depositId: checkout.depositId,
      checkoutUrl: `https://pay.test/${checkout.depositId}`,
      status: 'pending',
    });
    const charged = await createDeposit(depositsFor(provider), userId, { ...request, paymentMethodId: cardId }, null);
    expect(charged).toEqual({ depositId: charged.depositId, checkoutUrl: null, status: 'pending' });
    expect(asked).toEqual([`checkout ${checkout.depositId}`, `charge ${charged.depositId}`]);
  });

  it('answers a replay under the same Idempotency-Key with the same deposit, asking the provider nothing more', async () => {
    const { userId, cardId } = await signedInWithCard();
    const { provider, asked } = recordingProvider();
    const request: TCreateDepositRequest = {
      method: 'card',
      amount: { amount: 1800, currency: 'USD' },
      paymentMethodId: cardId,
    };
    const idempotent = { key: 'create-deposit-replay', requestHash: 'same-request' };
    const first = await createDeposit(depositsFor(provider), userId, request, idempotent);
    const replay = await createDeposit(depositsFor(provider), userId, request, idempotent);
    expect(replay).toEqual(first);
    expect(asked).toEqual([`charge ${first.depositId}`]);
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, userId))).toHaveLength(1);
  });

  it('ends the intent failed with 502 PAYMENT_PROVIDER_UNAVAILABLE where no provider takes the method', async () => {
    const { userId } = await signedInWithCard();
    const request: TCreateDepositRequest = { method: 'card', amount: { amount: 1200, currency: 'USD' } };
    await expect(createDeposit(depositsFor(null), userId, request, null)).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    });
    const rows = await t.database.db.select().from(deposits).where(eq(deposits.userId, userId));
    expect(rows.map((row) => [row.status, row.failureReason])).toEqual([['failed', 'provider_not_configured']]);
  });
});
