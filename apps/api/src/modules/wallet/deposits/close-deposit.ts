import { eq } from 'drizzle-orm';
import type { TDepositStatus } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { inRetriedTransaction } from '../../../db/transaction.ts';
import { notify } from '../../notifications/notify.ts';
import { cryptoDepositClosedNotice, depositPath } from '../wallet-notices.ts';
import type { DepositListener } from './deposit-listener.ts';
import { transitionDeposit } from './deposit-states.ts';
import { deposits, type TDepositRow } from './deposits.tables.ts';

/**
 * Route: none of its own; the abandoned-checkout job (expire-abandoned-deposits.ts) and a checkout that could not be
 * opened (open-checkout.ts) call it · Writes: deposits, and the listeners' rows (an order released: orders,
 * purchase_allowances, its units, notifications), notifications · Tests: orders/closed-order-payments.test.ts, deposits.test.ts,
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
    await tellDepositClosed(tx, closed, listeners, move.now);
    return closed;
  });
}

/**
 * Tells the listeners a deposit ended unpaid, and its person when none did (an order tells its own story) and they
 * are likely gone: a crypto charge fails or expires long after its checkout was left (session 79's hunt). A card or
 * Tilia payment fails while the person is at its checkout or on the page that waits for it, which says so; a deposit
 * the provider never had (no checkout opened) was answered at once.
 */
export async function tellDepositClosed(
  tx: Db,
  closed: TDepositRow,
  listeners: readonly DepositListener[],
  now: Date,
): Promise<void> {
  let isTold = false;
  for (const listener of listeners) if (await listener.onClosed(tx, closed, now)) isTold = true;
  if (isTold || closed.method !== 'crypto' || closed.providerReference === null || closed.orderId !== null) return;
  if (closed.status !== 'failed' && closed.status !== 'expired') return;
  await notify(tx, {
    userId: closed.userId,
    kind: 'DEPOSIT',
    ...cryptoDepositClosedNotice({ status: closed.status, amount: closed.amount }),
    linkPath: depositPath(closed.id),
    referenceId: closed.id,
    now,
  });
}
