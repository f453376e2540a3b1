import type { TCreateDepositRequest, TCreateDepositResponse } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import type { TConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { runWithIdempotencyKey, type TIdempotentRequest } from '../../../http/idempotency.ts';
import { newId } from '../../../lib/ids.ts';
import { chargeSavedPaymentMethod } from './charge-saved-payment-method.ts';
import { deposits } from './deposits.tables.ts';
import { openCheckout } from './open-checkout.ts';
import { findSavedPaymentMethod } from './saved-payment-method.ts';
import { assertAccountOpen } from '../../users/people.ts';

/**
 * `POST /v1/deposits`: add funds, in the two steps house rule 7 asks for. Step 1 records the intent (created) in
 * the transaction that stores the Idempotency-Key's answer, so a replay gets the same deposit back. Step 2, after
 * that commit and outside any transaction, goes to the provider: a saved card or Tilia payment method
 * (paymentMethodId) is charged without a page, anything else gets the provider's checkout. A replay comes to step 2
 * again with the same deposit and is answered from it as it stands. Writes deposits and idempotency_keys.
 */
export async function createDeposit(
  deps: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments'>,
  userId: string,
  request: TCreateDepositRequest,
  idempotent: TIdempotentRequest | null,
): Promise<TCreateDepositResponse> {
  const now = deps.clock.now();
  const recorded = await runWithIdempotencyKey<{ depositId: string }>(
    { db: deps.db, now },
    userId,
    idempotent,
    async (tx) => ({
      status: 201,
      body: { depositId: await recordDeposit(tx, { payments: deps.config.payments, now }, userId, request) },
    }),
  );
  const { depositId } = recorded.body;
  const provider = deps.payments[request.method];
  if (request.paymentMethodId) {
    return chargeSavedPaymentMethod({ db: deps.db, clock: deps.clock, provider }, userId, depositId);
  }
  return openCheckout(
    { db: deps.db, clock: deps.clock, provider, publicUrl: deps.config.publicUrl },
    userId,
    depositId,
  );
}

/**
 * Step 1, inside the idempotent request's transaction: the intent (created), checked against the bandwidth, for an
 * account that is not deleted.
 */
export async function recordDeposit(
  tx: Db,
  deps: { payments: TConfig['payments']; now: Date },
  userId: string,
  request: TCreateDepositRequest,
): Promise<string> {
  const { amount } = request.amount;
  if (amount < deps.payments.depositMinCents || amount > deps.payments.depositMaxCents) {
    throw new AppError('AMOUNT_OUT_OF_BANDWIDTH');
  }
  await assertAccountOpen(tx, userId);
  const saved = request.paymentMethodId
    ? await findSavedPaymentMethod(tx, request.method, userId, request.paymentMethodId)
    : null;
  const id = newId();
  await tx.insert(deposits).values({
    id,
    userId,
    method: request.method,
    status: 'created',
    amount,
    currency: request.amount.currency,
    savedMethodId: request.paymentMethodId ?? null,
    paymentMethodLabel: saved?.label ?? null,
    createdAt: deps.now,
    updatedAt: deps.now,
  });
  return id;
}

/**
 * The deposit that pays an order by card or Tilia (created, inside the order's transaction): its amount is the
 * order's total, priced by the drop, so the add-funds bandwidth does not apply. Opened with openCheckout after the
 * order commits; its webhook credits the person and the orders' deposit listener completes the order. Writes deposits.
 */
export async function recordOrderPaymentDeposit(
  tx: Db,
  input: {
    userId: string;
    method: 'card' | 'tilia';
    amount: number;
    /** The order it pays, and when that order's hold ends (its checkout closes then). */
    orderId: string;
    holdEndsAt: Date | null;
    now: Date;
  },
): Promise<string> {
  const id = newId();
  await tx.insert(deposits).values({
    id,
    userId: input.userId,
    method: input.method,
    status: 'created',
    amount: input.amount,
    currency: 'USD',
    orderId: input.orderId,
    orderHoldEndsAt: input.holdEndsAt,
    createdAt: input.now,
    updatedAt: input.now,
  });
  return id;
}
