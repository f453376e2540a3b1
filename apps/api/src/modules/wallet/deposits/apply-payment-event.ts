import { and, eq } from 'drizzle-orm';
import type { TDepositMethod } from '@cypher/contract';
import type { TPaymentEvent } from '../../../adapters/payments/payment-provider.ts';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { postDeposit } from '../post-deposit.ts';
import { transitionDeposit } from './deposit-states.ts';
import { deposits, paymentEvents } from './deposits.tables.ts';

export type TPaymentEventOutcome = 'applied' | 'duplicate' | 'ignored';

const paymentMethodLabel: Record<TDepositMethod, string> = { card: 'Card', crypto: 'Crypto', tilia: 'Tilia' };

/**
 * Applies a verified provider event exactly once (house rule 7): the event id row, the deposit's transition and the
 * ledger posting commit in one transaction. Concurrent deliveries of the same event meet at the event id's primary
 * key: one inserts, the others wait for it and find the row (duplicate). An event for a deposit that is not
 * pending, of another provider, or with another amount changes nothing (ignored) but is still recorded.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: TDepositMethod,
  event: TPaymentEvent,
  now: Date,
): Promise<TPaymentEventOutcome> {
  return inTransaction(db, async (tx) => {
    const [deposit] = await tx
      .select()
      .from(deposits)
      .where(and(eq(deposits.providerReference, event.data.providerReference), eq(deposits.method, provider)));
    const inserted = await tx
      .insert(paymentEvents)
      .values({ provider, eventId: event.id, eventType: event.type, depositId: deposit?.id ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (inserted.length === 0) return 'duplicate';
    if (!deposit) return 'ignored';
    if (event.type === 'payment.succeeded') {
      if (event.data.amount !== deposit.amount || event.data.currency !== deposit.currency) return 'ignored';
      const succeeded = await transitionDeposit(tx, deposit.id, { to: 'succeeded', now });
      if (!succeeded) return 'ignored';
      await postDeposit(tx, {
        userId: deposit.userId,
        source: provider,
        amount: deposit.amount,
        currency: deposit.currency,
        referenceId: deposit.id,
        paymentMethod: event.data.paymentMethod ?? paymentMethodLabel[provider],
        now,
      });
      return 'applied';
    }
    const to = event.type === 'payment.failed' ? 'failed' : 'expired';
    const moved = await transitionDeposit(tx, deposit.id, {
      to,
      now,
      changes: { failureReason: event.data.failureReason ?? (to === 'expired' ? 'expired' : 'failed') },
    });
    return moved ? 'applied' : 'ignored';
  });
}
