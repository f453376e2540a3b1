import { eq } from 'drizzle-orm';
import type { TCreateDepositResponse } from '@cypher/contract';
import type { PaymentProvider } from '../../../adapters/payments/payment-provider.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { answerFor, reload } from './create-deposit.ts';
import { transitionDeposit } from './deposit-states.ts';
import { deposits } from './deposits.tables.ts';
import { findSavedPaymentMethod } from './saved-payment-method.ts';

/**
 * How long a saved-method charge may wait for the provider's word before the abandoned-checkout job expires it. A
 * charge is normally confirmed within seconds; a day covers a provider's retries of a webhook we missed, and a
 * confirmation that comes later still credits (expired -> succeeded).
 */
export const SAVED_METHOD_CHARGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Step 2 of a saved-method deposit, after the intent committed (house rule 7): ask the provider to charge the saved
 * card or Tilia payment method and record the charge (created -> pending, no checkout). The outcome arrives later as
 * the provider's signed webhook, applied exactly once like a checkout's. A replay of the request (or a concurrent
 * one) comes here with the same deposit: one still created calls the provider again, which is keyed by depositId and
 * answers the same charge, so a person is charged once however many times the request arrives.
 */
export async function chargeSavedPaymentMethod(
  deps: { db: Db; clock: Clock; provider: PaymentProvider | null },
  userId: string,
  depositId: string,
): Promise<TCreateDepositResponse> {
  const [deposit] = await deps.db.select().from(deposits).where(eq(deposits.id, depositId));
  if (!deposit || deposit.userId !== userId || !deposit.savedMethodId) throw new AppError('DEPOSIT_NOT_FOUND');
  if (deposit.status !== 'created') return answerFor(deposit);
  const fail = (failureReason: string) =>
    transitionDeposit(deps.db, depositId, { to: 'failed', now: deps.clock.now(), changes: { failureReason } });

  if (!deps.provider?.chargeSavedMethod) {
    await fail('provider_not_configured');
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
  let saved;
  try {
    saved = await findSavedPaymentMethod(deps.db, deposit.method, userId, deposit.savedMethodId);
  } catch (error) {
    // Removed between the intent and the charge: nothing was charged, the deposit ends here.
    await fail('payment_method_removed');
    throw error;
  }
  let charge;
  try {
    charge = await deps.provider.chargeSavedMethod({
      depositId,
      amount: deposit.amount,
      currency: 'USD',
      method: deposit.method,
      paymentMethodToken: saved.token,
    });
  } catch (error) {
    const failed = await fail('provider_unavailable');
    // Someone else's call for the same deposit got through meanwhile (or its webhook already came): answer that.
    if (!failed) return answerFor(await reload(deps.db, depositId));
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { cause: error });
  }
  const now = deps.clock.now();
  const pending = await transitionDeposit(deps.db, depositId, {
    to: 'pending',
    now,
    changes: {
      providerReference: charge.providerReference,
      expiresAt: new Date(now.getTime() + SAVED_METHOD_CHARGE_TTL_MS),
    },
  });
  return answerFor(pending ?? (await reload(deps.db, depositId)));
}
