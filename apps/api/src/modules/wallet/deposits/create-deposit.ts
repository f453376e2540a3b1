import { eq } from 'drizzle-orm';
import type { TCreateDepositRequest, TCreateDepositResponse } from '@cypher/contract';
import type { PaymentProvider } from '../../../adapters/payments/payment-provider.ts';
import type { TConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { newId } from '../../../lib/ids.ts';
import type { Clock } from '../../../lib/clock.ts';
import { transitionDeposit } from './deposit-states.ts';
import { deposits, type TDepositRow } from './deposits.tables.ts';
import { findSavedPaymentMethod } from './saved-payment-method.ts';

/** Step 1, inside the idempotent request's transaction: the intent (created), checked against the bandwidth. */
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
 * Step 2, after the intent committed (house rule 7): ask the provider for a checkout and record it (created ->
 * pending). A replay of the request comes here again with the same deposit: a pending one answers its checkout, a
 * failed one the same 502. If the provider fails, the deposit is marked failed (nothing was credited, nothing to undo).
 */
export async function openCheckout(
  deps: { db: Db; clock: Clock; provider: PaymentProvider | null; publicUrl: string },
  userId: string,
  depositId: string,
): Promise<TCreateDepositResponse> {
  const [deposit] = await deps.db.select().from(deposits).where(eq(deposits.id, depositId));
  if (!deposit || deposit.userId !== userId) throw new AppError('DEPOSIT_NOT_FOUND');
  if (deposit.status !== 'created') return answerFor(deposit);
  if (!deps.provider) {
    await transitionDeposit(deps.db, depositId, {
      to: 'failed',
      now: deps.clock.now(),
      changes: { failureReason: 'provider_not_configured' },
    });
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
  let checkout;
  try {
    checkout = await deps.provider.createCheckout({
      depositId,
      amount: deposit.amount,
      currency: 'USD',
      method: deposit.method,
      returnUrl: `${deps.publicUrl}/payment?deposit=${depositId}`,
    });
  } catch (error) {
    const failed = await transitionDeposit(deps.db, depositId, {
      to: 'failed',
      now: deps.clock.now(),
      changes: { failureReason: 'provider_unavailable' },
    });
    // Someone else's call for the same deposit got through meanwhile: answer theirs.
    if (!failed) return answerFor(await reload(deps.db, depositId));
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { cause: error });
  }
  const pending = await transitionDeposit(deps.db, depositId, {
    to: 'pending',
    now: deps.clock.now(),
    changes: {
      providerReference: checkout.providerReference,
      checkoutUrl: checkout.checkoutUrl,
      expiresAt: checkout.expiresAt,
    },
  });
  return answerFor(pending ?? (await reload(deps.db, depositId)));
}

export async function reload(db: Db, id: string): Promise<TDepositRow> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  if (!row) throw new AppError('DEPOSIT_NOT_FOUND');
  return row;
}

/**
 * What POST /v1/deposits answers for the deposit as it stands: the checkout (or, for a saved-method charge, none) once
 * the provider has it; 502 when the provider never took it; 409 while another request is still asking.
 */
export function answerFor(deposit: TDepositRow): TCreateDepositResponse {
  const hasProviderAnswer = deposit.savedMethodId ? deposit.providerReference !== null : deposit.checkoutUrl !== null;
  if (deposit.status === 'failed' && !hasProviderAnswer) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  if (!hasProviderAnswer) throw new AppError('REQUEST_IN_PROGRESS');
  return { depositId: deposit.id, checkoutUrl: deposit.checkoutUrl, status: deposit.status };
}
