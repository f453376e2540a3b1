import type { TErrorCode } from '@cypher/contract';
import type { TClaimedPack } from '../drops/packs/pack-claims.ts';
import { purchasePurses, type TLockedPurchaseAccounts, type TSpendPart } from '../wallet/purchase-purses.ts';
import type { TPurchase } from './purchase-round.ts';

/*
 * Route: POST /v2/orders, through purchase-from-balance.ts and hold-for-payment.ts · Writes: nothing (pure) · Tests:
 * purchase-from-balance.test.ts, orders.test.ts, purchase-races.test.ts.
 */

export type TPurchaseRefusal = Extract<
  TErrorCode,
  'NOT_WHITELISTED' | 'PURCHASE_LIMIT_REACHED' | 'INSUFFICIENT_FUNDS' | 'SOLD_OUT'
>;

/** What the purchases of one round are decided by, read and locked first by the payment path. */
export interface TPurchaseStanding {
  /** The buyers' addresses that are on the round's whitelist; null when the round has none. */
  whitelisted: ReadonlySet<string> | null;
  /** Packs each buyer bought or holds in the round, from their locked allowance rows; null without a limit. */
  allowances: ReadonlyMap<string, number> | null;
  perPersonLimit: number | null;
  /** The buyers' locked money; null for a purchase paid later, by card or Tilia. */
  accounts: TLockedPurchaseAccounts | null;
}

export interface TPurchaseDecisions {
  /** One per purchase, in order. */
  outcomes: ({ ok: true } | { ok: false; code: TPurchaseRefusal })[];
  /** The accepted purchases with their packs and (from the balance) the money each takes. */
  accepted: { purchase: TPurchase; packs: TClaimedPack[]; parts: TSpendPart[] | null }[];
  /** What each buyer has bought or holds in the round once the accepted ones count; null without a limit. */
  allowances: Map<string, number> | null;
  /** How many packs the accepted purchases take. */
  packCount: number;
}

/**
 * Decides purchases of one round in arrival order, as if they came one by one: whitelist, per-person limit, money,
 * then packs (so both passes refuse a purchase for the same reason, unless the packs ran out). A refused purchase
 * takes nothing, so a later purchase of the same person may still fit. Pure: both
 * payment paths call it, the balance path twice (orders/purchase-from-balance.ts says why), from the same standing.
 *
 * `packs`: the packs claimed for them, given out in order; null decides as if packs were unlimited, which answers
 * how many to claim (a purchase that will be refused for its money or its limit must not hold a pack meanwhile).
 */
export function decidePurchases(
  purchases: readonly TPurchase[],
  standing: TPurchaseStanding,
  packs: readonly TClaimedPack[] | null,
): TPurchaseDecisions {
  const allowances = standing.allowances ? new Map(standing.allowances) : null;
  const purses = standing.accounts ? purchasePurses(standing.accounts) : null;
  const accepted: TPurchaseDecisions['accepted'] = [];
  let packCount = 0;
  const outcomes = purchases.map((purchase): TPurchaseDecisions['outcomes'][number] => {
    if (standing.whitelisted && !standing.whitelisted.has(purchase.buyerEmail))
      return { ok: false, code: 'NOT_WHITELISTED' };
    if (allowances && standing.perPersonLimit !== null) {
      if ((allowances.get(purchase.userId) ?? 0) + purchase.quantity > standing.perPersonLimit) {
        return { ok: false, code: 'PURCHASE_LIMIT_REACHED' };
      }
    }
    const parts = purses ? purses.reserve(purchase.userId, purchase.price.total) : null;
    if (purses && !parts) return { ok: false, code: 'INSUFFICIENT_FUNDS' };
    if (packs && packs.length - packCount < purchase.quantity) {
      if (parts) purses!.giveBack(purchase.userId, parts);
      return { ok: false, code: 'SOLD_OUT' };
    }
    allowances?.set(purchase.userId, (allowances.get(purchase.userId) ?? 0) + purchase.quantity);
    accepted.push({ purchase, packs: packs ? packs.slice(packCount, packCount + purchase.quantity) : [], parts });
    packCount += purchase.quantity;
    return { ok: true };
  });
  return { outcomes, accepted, allowances, packCount };
}
