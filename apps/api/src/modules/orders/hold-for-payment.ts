import type { TCreatedOrder } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { recordOrderPaymentDeposit } from '../wallet/deposits/create-deposit.ts';
import { admitBuyer, type TSale } from './buy-with-balance.ts';
import { recordHeldOrder } from './claim-packs.ts';
import { orderNotices } from './order-notices.ts';

/**
 * A purchase paid by card or Tilia, step 1 (inside the idempotent request's transaction): admit the buyer, hold the
 * packs for `holdMinutes` (claimed by the order, owned by nobody yet) and record the deposit that will pay the total
 * (writes purchase_allowances, deposits, orders, packs, notifications). The caller opens the checkout after commit.
 */
export async function holdForPayment(
  tx: Db,
  sale: TSale & { paymentMethod: 'CARD' | 'TILIA'; holdMinutes: number },
): Promise<TCreatedOrder & { depositId: string }> {
  await admitBuyer(tx, sale);
  const depositId = await recordOrderPaymentDeposit(tx, {
    userId: sale.userId,
    method: sale.paymentMethod === 'CARD' ? 'card' : 'tilia',
    amount: sale.price.total,
    now: sale.now,
  });
  await recordHeldOrder(tx, {
    ...sale,
    holdExpiresAt: new Date(sale.now.getTime() + sale.holdMinutes * MINUTE_MS),
    depositId,
    notification: orderNotices.pending(sale.drop.name, sale.quantity, sale.holdMinutes),
  });
  return { id: sale.id, status: 'PENDING', checkoutUrl: null, depositId };
}
