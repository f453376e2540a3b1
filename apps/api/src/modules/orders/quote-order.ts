import { usdCentsToCyp, type TOrderFee, type TOrderFeeQuery } from '@cypher/contract';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { priceOrder } from './purchase-round.ts';
import { saleItemOf } from './sale-items.ts';

/**
 * Route: GET /v1/orders/fee · Writes: nothing · Reads: the published drop (kept in memory) or the pass · UI: features/drops
 * purchase dialog · Tests: orders.test.ts.
 *
 * Unit price, service fee and total of buying `quantity` packs of the drop's open round, or passes, now.
 */
export async function quoteOrder(
  db: Db,
  config: Pick<TConfig, 'orders' | 'wallet'>,
  query: TOrderFeeQuery,
  now: Date,
): Promise<TOrderFee> {
  const item = await saleItemOf(db, query, now);
  const price = priceOrder(item, query.quantity, config.orders);
  const usd = (amount: number) => ({ amount, currency: 'USD' as const });
  return {
    itemKind: item.kind,
    itemId: item.id,
    dropId: item.kind === 'PACK' ? item.drop.id : null,
    round: item.kind === 'PACK' ? item.round.round : null,
    quantity: query.quantity,
    unitPrice: usd(price.unitPrice),
    unitPriceCyp: {
      amount: usdCentsToCyp(price.unitPrice, {
        cypPerUsd: config.wallet.cypPerUsd,
        minorUnits: config.wallet.cypMinorUnits,
      }),
      currency: 'CYP',
    },
    subtotal: usd(price.subtotal),
    serviceFee: usd(price.serviceFee),
    total: usd(price.total),
  };
}
