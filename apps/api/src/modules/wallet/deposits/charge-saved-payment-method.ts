import { and, eq, isNull } from 'drizzle-orm';
import type { TCreateDepositResponse } from '@cypher/contract';
import { PaymentRefusedError, type PaymentProvider } from '../../../adapters/payments/payment-provider.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { answerFor, reloadDeposit } from './deposit-answer.ts';
import { transitionDeposit } from './deposit-states.ts';
import { deposits, type TDepositRow } from './deposits.tables.ts';
import { CREATED_DEPOSIT_TTL_MS } from './expire-abandoned-deposits.ts';
import { findSavedPaymentMethod } from './saved-payment-method.ts';

/**
 * How long a saved-method charge may wait for the provider's word before the abandoned-checkout job expires it. A
 * charge is normally confirmed within seconds; a day covers a provider's retries of a webhook we missed, and a
 * confirmation that comes later still credits (expired -> succeeded).
 */
export const SAVED_METHOD_CHARGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Step 2 of a saved-method deposit, after the intent committed (house rule 7): charge the saved card or Tilia payment
 * method. Replays of the request (a client's retries, or concurrent copies) all come here with the same deposit, so
 * the charge is claimed first: created -> pending in one conditional UPDATE, and only the caller whose UPDATE moved the
 * row calls the provider; every other caller answers the deposit as it stands (being charged, charged, or decided).
 * The provider's own idempotency key (the deposit id) stays as a second guard, not the only one. Pending is the
 * charging state: a saved-method deposit has no checkout to wait on, so pending means "ours to charge, outcome by
 * webhook". The outcome arrives as the provider's signed webhook, applied exactly once like a checkout's; a call that
 * throws without a refusal (PaymentRefusedError) leaves the deposit pending for that webhook, since the charge may
 * have gone through.
 * Writes deposits.
 */
export async function chargeSavedPaymentMethod(
  deps: { db: Db; clock: Clock; provider: PaymentProvider | null },
  userId: string,
  depositId: string,
): Promise<TCreateDepositResponse> {
  const [deposit] = await deps.db.select().from(deposits).where(eq(deposits.id, depositId));
  if (!deposit || deposit.userId !== userId || !deposit.savedMethodId) throw new AppError('DEPOSIT_NOT_FOUND');
  if (deposit.status !== 'created') return answerFor(deposit);

  const claimedAt = deps.clock.now();
  const claimed = await transitionDeposit(deps.db, depositId, {
    to: 'pending',
    now: claimedAt,
    // If this process stops before the provider's answer is recorded, nobody else will call the provider for this
    // deposit: the claim closes as an intent would (expired after the same 15 minutes), and a charge the provider
    // did make still credits through its webhook (expired -> succeeded, found by the deposit id it echoes).
    changes: { expiresAt: new Date(claimedAt.getTime() + CREATED_DEPOSIT_TTL_MS) },
  });
  if (!claimed) return answerFor(await reloadDeposit(deps.db, depositId));
  const savedMethodId = deposit.savedMethodId;
  const fail = (failureReason: string) =>
    transitionDeposit(deps.db, depositId, { to: 'failed', now: deps.clock.now(), changes: { failureReason } });

  if (!deps.provider?.chargeSavedMethod) {
    await fail('provider_not_configured');
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
  let saved;
  try {
    saved = await findSavedPaymentMethod(deps.db, deposit.method, userId, savedMethodId);
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
    // Only a refusal says nothing was charged. A timeout or a lost answer may follow a charge that went through:
    // failing the deposit then would hold the provider's payment.succeeded for review (money taken, not credited).
    // So the deposit stays pending, as if the answer had come, until the webhook decides it or the claim's expiry
    // closes it (a charge confirmed after that still credits: expired -> succeeded).
    if (!(error instanceof PaymentRefusedError)) return answerFor(await reloadDeposit(deps.db, depositId));
    await fail(error.reason);
    // Answered as it stands: failed with the provider's reason, or decided meanwhile by the provider's webhook.
    return answerFor(await reloadDeposit(deps.db, depositId));
  }
  const recorded = await recordCharge(deps.db, depositId, charge.providerReference, deps.clock.now());
  return answerFor(recorded ?? (await reloadDeposit(deps.db, depositId)));
}

/**
 * The provider's charge on the claimed deposit, which now waits a day for the webhook. Not a move of the state
 * machine: still pending. Null when the webhook came first (it records the reference itself) or the deposit is closed.
 */
async function recordCharge(
  db: Db,
  depositId: string,
  providerReference: string,
  now: Date,
): Promise<TDepositRow | null> {
  const [row] = await db
    .update(deposits)
    .set({ providerReference, expiresAt: new Date(now.getTime() + SAVED_METHOD_CHARGE_TTL_MS), updatedAt: now })
    .where(and(eq(deposits.id, depositId), eq(deposits.status, 'pending'), isNull(deposits.providerReference)))
    .returning();
  return row ?? null;
}
