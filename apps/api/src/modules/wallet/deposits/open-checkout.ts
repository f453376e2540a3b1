import { eq } from 'drizzle-orm';
import type { TCreateDepositResponse } from '@cypher/contract';
import type { PaymentProvider } from '../../../adapters/payments/payment-provider.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { closeDeposit } from './close-deposit.ts';
import { answerFor, reloadDeposit } from './deposit-answer.ts';
import type { DepositListener } from './deposit-listener.ts';
import { transitionDeposit } from './deposit-states.ts';
import { deposits } from './deposits.tables.ts';

/**
 * Step 2, after the intent committed (house rule 7): ask the provider for a checkout and record it (created ->
 * pending). A replay of the request comes here again with the same deposit: a pending one answers its checkout, a
 * failed one the same 502. If the provider fails while the deposit is still created, it is marked failed (nothing was
 * credited, nothing to undo), and an order it pays is released in the same transaction (closeDeposit); a checkout
 * another call opened meanwhile stays open and is the answer.
 */
export async function openCheckout(
  deps: {
    db: Db;
    clock: Clock;
    provider: PaymentProvider | null;
    publicUrl: string;
    /** Told when the deposit fails here (an order it pays is released at once): the app's deposit listeners. */
    listeners?: readonly DepositListener[];
  },
  userId: string,
  depositId: string,
  /** Where the provider sends the person back: the payment page by default, an order's status page for an order. */
  returnPath = `/payment?deposit=${depositId}`,
): Promise<TCreateDepositResponse> {
  const { listeners = [] } = deps;
  const [deposit] = await deps.db.select().from(deposits).where(eq(deposits.id, depositId));
  if (!deposit || deposit.userId !== userId) throw new AppError('DEPOSIT_NOT_FOUND');
  if (deposit.status !== 'created') return answerFor(deposit);
  if (!deps.provider) {
    const now = deps.clock.now();
    await closeDeposit(deps.db, depositId, { to: 'failed', now, failureReason: 'provider_not_configured' }, listeners);
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  }
  let checkout;
  try {
    checkout = await deps.provider.createCheckout({
      depositId,
      amount: deposit.amount,
      currency: 'USD',
      method: deposit.method,
      returnUrl: `${deps.publicUrl}${returnPath}`,
    });
  } catch (error) {
    // Only from created: no checkout was handed out, so nobody can be paying on one. Once another call for the same
    // deposit (a retried request) recorded its checkout, the person may be paying there; failing it would hold that
    // payment for review (deposit_failed), money taken and not credited.
    const failed = await closeDeposit(
      deps.db,
      depositId,
      { to: 'failed', from: ['created'], now: deps.clock.now(), failureReason: 'provider_unavailable' },
      listeners,
    );
    // Someone else's call for the same deposit got through meanwhile: answer theirs.
    if (!failed) return answerFor(await reloadDeposit(deps.db, depositId));
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
  return answerFor(pending ?? (await reloadDeposit(deps.db, depositId)));
}
