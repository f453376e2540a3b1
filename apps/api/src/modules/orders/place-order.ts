import type { TCreatedOrder, TCreateOrderRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { runWithIdempotencyKey, type TIdempotentRequest } from '../../http/idempotency.ts';
import { newId } from '../../lib/ids.ts';
import { getSaleDrop } from '../drops/get-sale-drop.ts';
import { openCheckout } from '../wallet/deposits/open-checkout.ts';
import { holdForPayment } from './hold-for-payment.ts';
import { priceOrder, purchasableRound } from './sale-round.ts';

type TPlaceOrderDeps = Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'purchases'>;

/**
 * `POST /v2/orders` (with an Idempotency-Key: a replay answers the first outcome, refusals included).
 * - BALANCE: claim the packs, debit the buyer, record the order and its notification, all in one transaction or
 *   nothing (sellPacksFromBalance), shared with the other purchases of the round arriving at once (purchaseBatcher).
 *   The drop and round are checked first, from the published drop kept in memory; a refusal there (the round has not
 *   opened) did nothing, so it is not kept as the key's answer and a retry after the opening buys.
 * - CARD, TILIA: hold the packs for ORDER_HOLD_MINUTES with a deposit intent for the total (holdForPayment), commit,
 *   then open the provider's checkout outside any transaction (house rule 7); the signed webhook completes the order.
 */
export async function placeOrder(
  deps: TPlaceOrderDeps,
  userId: string,
  request: TCreateOrderRequest,
  idempotent: TIdempotentRequest | null,
): Promise<TCreatedOrder> {
  const now = deps.clock.now();
  const drop = await getSaleDrop(deps.db, request.dropId);
  const round = purchasableRound(drop, now);
  const sale = {
    id: newId(),
    userId,
    drop: drop!,
    round,
    quantity: request.quantity,
    price: priceOrder(round, request.quantity, deps.config.orders),
    now,
  };
  // From the balance: batched with the other purchases of the round arriving at the same moment (group commit).
  const { paymentMethod } = request;
  if (paymentMethod === 'BALANCE') return deps.purchases.buy(sale, idempotent);

  const held = await runWithIdempotencyKey<TCreatedOrder & { depositId: string }>(
    { db: deps.db, now },
    userId,
    idempotent,
    async (tx) => ({
      status: 201,
      body: await holdForPayment(tx, { ...sale, paymentMethod, holdMinutes: deps.config.orders.holdMinutes }),
    }),
  );
  const { depositId, ...order } = held.body;
  if (order.status !== 'PENDING') return order;
  const method = paymentMethod === 'TILIA' ? 'tilia' : 'card';
  const checkout = await openCheckout(
    { db: deps.db, clock: deps.clock, provider: deps.payments[method], publicUrl: deps.config.publicUrl },
    userId,
    depositId,
    `/purchase/${order.id}/status`,
  );
  return { ...order, checkoutUrl: checkout.checkoutUrl };
}
