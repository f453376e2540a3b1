import { claimBuyerHash, dropStatusAt, orderServiceFee, roundStateAt } from '@cypher/contract';
import type { TConfig } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { newId, randomHex } from '../../lib/ids.ts';
import { sha256Hex } from '../../lib/sha256-hex.ts';
import type { TSaleDrop, TSaleRound } from '../drops/get-sale-drop.ts';
import type { TSaleItem } from './sale-items.ts';

/**
 * What a purchase is before it is decided: `quantity` units of an item on sale (packs of a drop's open round, a
 * pass), priced, by a buyer whose email is verified. Made once per request (purchasePacks) and decided by either
 * payment path: from the balance (purchaseFromBalance) or held for a card or Tilia payment (holdForPayment). Tests:
 * orders.test.ts, agreed-price.test.ts.
 */
export interface TPurchase {
  /** The order's id, whatever the outcome. */
  id: string;
  userId: string;
  /** The buyer's verified address, lower case: what a whitelist is matched against. */
  buyerEmail: string;
  /** The order's secret salt in the claim log, and the hash the log shows of the buyer (claimBuyerHash). */
  buyerSalt: string;
  buyerHash: string;
  item: TSaleItem;
  quantity: number;
  /**
   * How many of the buyer's units of the item, counting the ones they bought before, come from a guarantee's
   * held-back packs (decision record 29): a holder's share while the guarantee holds, else 0.
   */
  guaranteedPacks: number;
  price: TOrderPrice;
  now: Date;
}

export function newPurchase(input: Omit<TPurchase, 'id' | 'buyerSalt' | 'buyerHash'>): TPurchase {
  const buyerSalt = randomHex(16);
  return { ...input, id: newId(), buyerSalt, buyerHash: claimBuyerHash(buyerSalt, input.userId, sha256Hex) };
}

/**
 * The round a purchase buys from now, by spec section 4's rules: DROP_NOT_FOUND for no published drop (or one not
 * yet visible), DROP_NOT_AVAILABLE outside its sale window, ROUND_NOT_ACTIVE between rounds.
 */
export function purchasableRound(drop: TSaleDrop | null, now: Date): TSaleRound {
  if (!drop) throw new AppError('DROP_NOT_FOUND');
  const status = dropStatusAt(drop, now);
  if (status === 'NONE') throw new AppError('DROP_NOT_FOUND');
  if (status !== 'AVAILABLE') throw new AppError('DROP_NOT_AVAILABLE');
  const { current, isCurrentActive } = roundStateAt(drop, drop.policies, now);
  if (!current || !isCurrentActive) throw new AppError('ROUND_NOT_ACTIVE');
  return current;
}

export interface TOrderPrice {
  unitPrice: number;
  subtotal: number;
  serviceFee: number;
  total: number;
  /** CYP minor units a cent of `total` costs when paid with CYP credit (the balance spends it first); null: never. */
  creditPerCent: number | null;
}

/**
 * The price a purchase is charged: the one of the moment (priceOrder), if it is the total the buyer agreed to (the
 * order request's `expectedTotal`, what the popup's Pay button showed), else PRICE_CHANGED. The console may change a
 * pass's or a ticket kind's price while it is on sale, and a drop's next round may open at its own price while the
 * popup of the round before is open (a published round's price never changes): either way the buyer is charged what
 * they saw or nothing. The number compared was read already (no database read: the drop rush's path). A request
 * without `expectedTotal` (an older client) is charged the price of the moment.
 */
export function agreedPrice(price: TOrderPrice, expectedTotal: { amount: number } | undefined): TOrderPrice {
  if (expectedTotal && expectedTotal.amount !== price.total) throw new AppError('PRICE_CHANGED');
  return price;
}

/** What `quantity` units of the item cost, with the service fee of the configured rule (the popup shows the same). */
export function priceOrder(
  item: Pick<TSaleItem, 'unitPrice'>,
  quantity: number,
  config: TConfig['orders'],
): TOrderPrice {
  const subtotal = item.unitPrice * quantity;
  const serviceFee = orderServiceFee(subtotal, config.fee);
  return {
    unitPrice: item.unitPrice,
    subtotal,
    serviceFee,
    total: subtotal + serviceFee,
    creditPerCent: config.creditPerCent,
  };
}
