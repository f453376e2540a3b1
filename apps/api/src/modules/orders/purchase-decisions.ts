import type { TErrorCode } from '@cypher/contract';
import type { TClaimedUnit } from '../../db/claim-unclaimed-units.ts';
import { purchasePurses, type TLockedPurchaseAccounts, type TSpendPart } from '../wallet/purchase-purses.ts';
import type { TPurchase } from './purchase-round.ts';

/*
 * Route: POST /v2/orders, through purchase-from-balance.ts and hold-for-payment.ts · Writes: nothing (pure) · Tests:
 * purchase-from-balance.test.ts, orders.test.ts, purchase-races.test.ts.
 */

type TPurchaseRefusal = Extract<
  TErrorCode,
  | 'RAFFLE_WINDOW_ENDED'
  | 'NOT_WHITELISTED'
  | 'PURCHASE_LIMIT_REACHED'
  | 'PURCHASE_LIMIT_EXCEEDED'
  | 'INSUFFICIENT_FUNDS'
  | 'SOLD_OUT'
  | 'NOT_ENOUGH_PACKS_LEFT'
>;

/** What the purchases of one round are decided by, read and locked first by the payment path. */
export interface TPurchaseStanding {
  /**
   * In a raffle round, the buyers whose place lets them buy now, decided under their entries' locks
   * (raffles/raffle-places.ts); null in any other round.
   */
  rafflePlaces: ReadonlySet<string> | null;
  /** The buyers' addresses that are on the round's whitelist; null when the round has none. */
  whitelisted: ReadonlySet<string> | null;
  /**
   * Units each buyer bought or holds of the item, from their locked allowance rows; null when the item counts none
   * (no per-person limit, no guarantee: sale-items.ts's countsAllowances).
   */
  allowances: ReadonlyMap<string, number> | null;
  perPersonLimit: number | null;
  /** The buyers' locked money; null for a purchase paid later, by card or Tilia. */
  accounts: TLockedPurchaseAccounts | null;
}

/**
 * The units claimed for a batch, in two pools: `heldBack`, packs a round holds back for pass holders while its
 * guarantee lasts (decision record 29), and `open`, the rest (every unit of an item without a guarantee).
 */
export interface TUnitPools {
  open: readonly TClaimedUnit[];
  heldBack: readonly TClaimedUnit[];
}

/** How many units to claim from each pool. */
export interface TUnitCounts {
  open: number;
  heldBack: number;
}

export interface TPurchaseDecisions {
  /** One per purchase, in order. */
  outcomes: ({ ok: true } | { ok: false; code: TPurchaseRefusal })[];
  /** The accepted purchases with their units (packs, passes) and (from the balance) the money each takes. */
  accepted: { purchase: TPurchase; units: TClaimedUnit[]; parts: TSpendPart[] | null }[];
  /** What each buyer has bought or holds in the round once the accepted ones count; null when not counted. */
  allowances: Map<string, number> | null;
  /** How many units of each pool the accepted purchases take. */
  unitCounts: TUnitCounts;
}

/**
 * Decides purchases of one item (a round's packs, a pass) in arrival order, as if they came one by one: a raffle
 * winner's place, whitelist, per-person limit, money, then units (so both passes refuse a purchase for the same
 * reason, unless the units ran out). A refused purchase takes nothing, so a later purchase of the same person may
 * still fit. Pure: both payment paths call it, the balance path twice (orders/purchase-from-balance.ts says why),
 * from the same standing.
 *
 * A holder's share of a guarantee: their first `guaranteedPacks` packs of the round (counted by their allowance, so
 * what they bought before counts) come from the held-back pool, the rest from the open one. So no holder ever takes
 * more than their share of the held-back packs, and the pool (the pass's supply times the share) has one for everyone.
 *
 * `units`: the units claimed for them, given out in order; null decides as if they were unlimited, which answers how
 * many to claim from each pool (a purchase that will be refused for its money or its limit must not hold a unit
 * meanwhile).
 */
export function decidePurchases(
  purchases: readonly TPurchase[],
  standing: TPurchaseStanding,
  units: TUnitPools | null,
): TPurchaseDecisions {
  const allowances = standing.allowances ? new Map(standing.allowances) : null;
  const purses = standing.accounts ? purchasePurses(standing.accounts) : null;
  const accepted: TPurchaseDecisions['accepted'] = [];
  const taken: TUnitCounts = { open: 0, heldBack: 0 };
  const outcomes = purchases.map((purchase): TPurchaseDecisions['outcomes'][number] => {
    // Past the gate only winners arrive, and a winner's place is lost only by a first winner whose window ended.
    if (standing.rafflePlaces && !standing.rafflePlaces.has(purchase.userId)) {
      return { ok: false, code: 'RAFFLE_WINDOW_ENDED' };
    }
    if (standing.whitelisted && !standing.whitelisted.has(purchase.buyerEmail))
      return { ok: false, code: 'NOT_WHITELISTED' };
    const before = allowances?.get(purchase.userId) ?? 0;
    if (standing.perPersonLimit !== null && before + purchase.quantity > standing.perPersonLimit) {
      // Reached, or some of it left but less than this order: each told in its own words.
      return {
        ok: false,
        code: before >= standing.perPersonLimit ? 'PURCHASE_LIMIT_REACHED' : 'PURCHASE_LIMIT_EXCEEDED',
      };
    }
    const parts = purses ? purses.reserve(purchase.userId, purchase.price.total, purchase.price.creditPerCent) : null;
    if (purses && !parts) return { ok: false, code: 'INSUFFICIENT_FUNDS' };
    const share = Math.min(purchase.quantity, Math.max(0, purchase.guaranteedPacks - before));
    // Held-back packs short of a share (never, while the pool is sized by the pass's supply) are made up from the open.
    const fromHeldBack = units ? Math.min(share, units.heldBack.length - taken.heldBack) : share;
    const fromOpen = purchase.quantity - fromHeldBack;
    if (units && units.open.length - taken.open < fromOpen) {
      if (parts) purses!.giveBack(purchase.userId, parts);
      // Units this batch claimed and no purchase before took are still on sale (they go back at its end): an order
      // for more than those is told so, not that the item is sold out (decision record 35).
      return { ok: false, code: units.open.length > taken.open ? 'NOT_ENOUGH_PACKS_LEFT' : 'SOLD_OUT' };
    }
    allowances?.set(purchase.userId, before + purchase.quantity);
    accepted.push({
      purchase,
      units: units
        ? [
            ...units.heldBack.slice(taken.heldBack, taken.heldBack + fromHeldBack),
            ...units.open.slice(taken.open, taken.open + fromOpen),
          ]
        : [],
      parts,
    });
    taken.heldBack += fromHeldBack;
    taken.open += fromOpen;
    return { ok: true };
  });
  return { outcomes, accepted, allowances, unitCounts: taken };
}
