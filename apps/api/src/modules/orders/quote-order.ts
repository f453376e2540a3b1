import { usdCentsToCyp, type TOrderFee, type TOrderFeeQuery } from '@cypher/contract';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { getSaleDrop } from '../drops/get-sale-drop.ts';
import { priceOrder, purchasableRound } from './purchase-round.ts';

/**
 * Route: GET /v1/orders/fee · Writes: nothing · Reads: the published drop (kept in memory) · UI: features/drops
 * purchase dialog · Tests: orders.test.ts.
 *
 * Unit price, service fee and total of buying `quantity` packs of the drop's open round now.
 */
export async function quoteOrder(
  db: Db,
  config: Pick<TConfig, 'orders' | 'wallet'>,
  query: TOrderFeeQuery,
  now: Date,
): Promise<TOrderFee> {
  const round = purchasableRound(await getSaleDrop(db, query.dropId), now);
  const price = priceOrder(round, query.quantity, config.orders);
  const usd = (amount: number) => ({ amount, currency: 'USD' as const });
  return {
    dropId: query.dropId,
    round: round.round,
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
