import { eq } from 'drizzle-orm';
import type { TDepositStatus } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { inRetriedTransaction } from '../../../db/transaction.ts';
import type { DepositListener } from './deposit-listener.ts';
import { transitionDeposit } from './deposit-states.ts';
import { deposits, type TDepositRow } from './deposits.tables.ts';

/**
 * Route: none of its own; the abandoned-checkout job (expire-abandoned-deposits.ts) and a checkout that could not be
 * opened (open-checkout.ts) call it · Writes: deposits, and the listeners' rows (an order released: orders,
 * purchase_allowances, its units, notifications) · Tests: orders/closed-order-payments.test.ts, deposits.test.ts,
 * expire-deposits.test.ts.
 *
 * Ends a deposit nobody will pay (failed or expired) the way the provider's own failed or expired event does
 * (apply-payment-event.ts): in one transaction, the listeners lock their rows first (the lock order of
 * db/transaction.ts: an order, its allowance, then the deposit), the deposit moves conditionally, and only if it
 * moved are the listeners told (onClosed), so an order it pays is released once, at once, instead of holding its
 * units until its own hold ends. A payment confirmed meanwhile wins: the deposit no longer moves, nobody is told.
 */
export async function closeDeposit(
  db: Db,
  depositId: string,
  move: { to: 'failed' | 'expired'; now: Date; failureReason: string; from?: readonly TDepositStatus[] },
  listeners: readonly DepositListener[] = [],
): Promise<TDepositRow | null> {
  return inRetriedTransaction(db, async (tx) => {
    const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, depositId));
    if (!deposit) return null;
    for (const listener of listeners) await listener.lockFor(tx, deposit);
    const closed = await transitionDeposit(tx, depositId, {
      to: move.to,
      now: move.now,
      changes: { failureReason: move.failureReason },
      ...(move.from ? { from: move.from } : {}),
    });
    if (!closed) return null;
    for (const listener of listeners) await listener.onClosed(tx, closed, move.now);
    return closed;
  });
}
