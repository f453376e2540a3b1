import { purchaseStatusPath, type TCreatedOrder, type TCreateOrderRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import type { Principal } from '../../http/auth-guard.ts';
import { replayOrRefuse, runWithIdempotencyKey, type TIdempotentRequest } from '../../http/idempotency.ts';
import { holdsValidPass } from '../passes/pass-units.ts';
import { assertMayBuyInRaffleRound } from '../raffles/raffle-purchase-gate.ts';
import { requireAdmission } from '../drops/waiting-room/require-admission.ts';
import { verifiedEmailFor } from '../users/verified-emails.ts';
import { openCheckout } from '../wallet/deposits/open-checkout.ts';
import { holdForPayment } from './hold-for-payment.ts';
import { agreedPrice, newPurchase, priceOrder } from './purchase-round.ts';
import { guaranteedPacksFor, raffleSaleItem, refusalOf, saleItemOf } from './sale-items.ts';
import { isAnsweredFromMemory } from './sold-out-memory.ts';

type TPurchasePacksDeps = Pick<
  AppContext,
  | 'db'
  | 'clock'
  | 'config'
  | 'payments'
  | 'depositListeners'
  | 'balancePurchases'
  | 'soldOut'
  | 'dropLive'
  | 'seedKey'
  | 'authSecret'
>;

/**
 * Route: POST /v2/orders and POST /v1/orders (with an Idempotency-Key: a replay answers the first outcome, refusals
 * included) · Writes: through the payment path, see below · Reads: the published drop (kept in memory), the buyer's
 * verified address (carried by the access token once verified) · UI: features/drops purchase dialog, features/orders
 * purchase status page · Tests: orders.test.ts, card-orders.test.ts, purchase-races.test.ts, agreed-price.test.ts.
 *
 * A purchase of packs or a pass (issue 18: one path for every item kind, orders/sale-items.ts): checked first against
 * what needs no lock (the drop and its open round, from the published drop kept in memory, or the pass on sale; the
 * buyer's verified email, spec section 8's EMAIL_VERIFICATION_REQUIRED; for a holders-only round, a valid pass,
 * PASS_REQUIRED; for a raffle round, a winner in their purchase window, RAFFLE_NOT_A_WINNER (RAFFLE_WINDOW_ENDED for a
 * first winner past it); for a round that guarantees packs to holders, whether the buyer is one; last, the price:
 * PRICE_CHANGED when the total now is not the request's `expectedTotal`, the one the buyer was shown). A refusal there did
 * nothing, so it is not kept as the key's answer: a retry after the round opens, or after verifying, buys; and a
 * retry of a purchase answered before gets that answer even if these checks would refuse it now. A round
 * every instance knows is sold out is answered SOLD_OUT from memory right after the email check, before the round's
 * own checks read anything (decision record 35).
 * - BALANCE: decided and paid in one transaction with the other purchases of the round arriving at once
 *   (balancePurchaseBatcher, purchaseFromBalance).
 * - CARD, TILIA: the units are held for ORDER_HOLD_MINUTES with a deposit intent for the total (holdForPayment),
 *   committed, then the provider's checkout is opened outside any transaction (house rule 7); the signed webhook
 *   completes the order (order-payments.ts).
 */
export async function purchasePacks(
  deps: TPurchasePacksDeps,
  buyer: Pick<Principal, 'userId' | 'verifiedEmail'>,
  request: TCreateOrderRequest,
  idempotent: TIdempotentRequest | null,
): Promise<TCreatedOrder> {
  const now = deps.clock.now();
  let checked: Awaited<ReturnType<typeof checkedPurchase>>;
  try {
    checked = await checkedPurchase(deps, buyer, request, idempotent, now);
  } catch (refusal) {
    // A retry of a purchase answered before gets that answer, though the round may have closed or sold out since.
    const answered = await replayOrRefuse<TKeptOrder>(deps.db, buyer.userId, idempotent, refusal);
    return withCheckout(deps, buyer.userId, request.paymentMethod, answered.body);
  }
  const { item, purchase } = checked;
  const { paymentMethod } = request;
  if (paymentMethod === 'BALANCE') return deps.balancePurchases.purchase(purchase, idempotent);

  const held = await runWithIdempotencyKey<TKeptOrder>({ db: deps.db, now }, buyer.userId, idempotent, async (tx) => ({
    status: 201,
    body: await holdForPayment(tx, { ...purchase, paymentMethod, holdMinutes: deps.config.orders.holdMinutes }),
  }));
  // Held packs count as sold on the drop page.
  if (held.body.status === 'PENDING' && item.kind === 'PACK') deps.dropLive.changed(item.drop.id);
  return withCheckout(deps, buyer.userId, paymentMethod, held.body);
}

/** What a key keeps of an order: the order, and for one paid through a provider the deposit that pays it. */
type TKeptOrder = TCreatedOrder & { depositId?: string };

/** The checks that need no lock, in order, and the purchase they allow (refusals as described above). */
async function checkedPurchase(
  deps: TPurchasePacksDeps,
  buyer: Pick<Principal, 'userId' | 'verifiedEmail'>,
  request: TCreateOrderRequest,
  idempotent: TIdempotentRequest | null,
  now: Date,
) {
  const { userId } = buyer;
  const onSale = await saleItemOf(deps.db, request, now);
  const buyerEmail = await verifiedEmailFor(deps.db, buyer);
  if (!buyerEmail) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  // Known sold out everywhere (decision record 35): answered before the round's own checks, which read the database.
  if (await isAnsweredFromMemory(deps.soldOut, deps.db, { itemId: onSale.id, userId }, idempotent)) {
    throw new AppError(refusalOf(onSale.kind, 'SOLD_OUT'));
  }
  if (onSale.kind === 'PACK' && onSale.round.requiredPassId) {
    if (!(await holdsValidPass(deps.db, userId, onSale.round.requiredPassId, now))) throw new AppError('PASS_REQUIRED');
  }
  const rafflePlace = onSale.kind === 'PACK' ? await assertMayBuyInRaffleRound(deps, userId, onSale.round, now) : null;
  // A winner's place is decided again inside the purchase's transaction; any other round's purchase is left as it was.
  const item = rafflePlace ? raffleSaleItem(onSale, rafflePlace) : onSale;
  // A round with a waiting room sells only to people it admitted (ADMISSION_REQUIRED, ADMISSION_INVALID).
  if (item.kind === 'PACK') {
    await requireAdmission(deps, { userId, policyId: item.round.id, token: request.admissionToken, now });
  }
  // What the buyer agreed to, or nothing: the purchase is charged this price whatever the payment (the order keeps it).
  const price = agreedPrice(priceOrder(item, request.quantity, deps.config.orders), request.expectedTotal);
  const purchase = newPurchase({
    userId,
    buyerEmail,
    item,
    quantity: request.quantity,
    guaranteedPacks: await guaranteedPacksFor(deps.db, item, userId, now),
    price,
    now,
  });
  return { item, purchase };
}

/**
 * The answer to the buyer: a balance purchase as decided; a card or Tilia order still pending with the provider's
 * checkout for its deposit (opened again on a replay: the same deposit, so the same payment).
 */
async function withCheckout(
  deps: TPurchasePacksDeps,
  userId: string,
  paymentMethod: TCreateOrderRequest['paymentMethod'],
  kept: TKeptOrder,
): Promise<TCreatedOrder> {
  const { depositId, ...order } = kept;
  if (!depositId || order.status !== 'PENDING' || paymentMethod === 'BALANCE') return order;
  const method = paymentMethod === 'TILIA' ? 'tilia' : 'card';
  const checkout = await openCheckout(
    {
      db: deps.db,
      clock: deps.clock,
      provider: deps.payments[method],
      publicUrl: deps.config.publicUrl,
      listeners: deps.depositListeners,
    },
    userId,
    depositId,
    purchaseStatusPath(order.id),
  );
  return { ...order, checkoutUrl: checkout.checkoutUrl };
}
