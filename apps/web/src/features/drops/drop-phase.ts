import {
  dropStatusAt,
  errorCatalogue,
  isDropSoldOut,
  issuedPackCount,
  MAX_ORDER_QUANTITY,
  roundStateAt,
  type TDrop,
  type TDropStatus,
  type TRoundState,
  type TSalePolicy,
} from '@cypher/contract';

/**
 * What a drop page shows at a given instant, from the contract's status and round rules (spec section 4). Pure, so
 * the page recomputes it on every tick of its clock and turns by itself at each boundary, and tests can pin it.
 */
export interface TDropPhase {
  status: TDropStatus;
  round: TRoundState<TSalePolicy>;
  /** Every round's packs are sold. */
  isSoldOut: boolean;
  /** The current round's packs are sold (the drop may have later rounds). */
  isRoundSoldOut: boolean;
  /** A pack can be bought now by someone the round admits. */
  isOnSale: boolean;
  /** One line that says where the drop stands. */
  headline: string;
  /** The one countdown that matters now, if any. */
  countdown: { label: string; to: string } | null;
  /** Changes exactly when the status or the round does: the page reads the drop again then. */
  key: string;
}

export function packsLeft(policy: TSalePolicy): number {
  return Math.max(0, issuedPackCount(policy) - policy.soldCount);
}

const earlier = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b);

export function dropPhaseAt(drop: TDrop, now: Date): TDropPhase {
  const status = dropStatusAt(drop, now);
  const round = roundStateAt(drop, drop.salePolicies, now);
  const { current, next, isCurrentActive } = round;
  const isSoldOut = isDropSoldOut(drop.salePolicies);
  const isRoundSoldOut = current !== null && packsLeft(current) === 0;
  const isOnSale = status === 'AVAILABLE' && isCurrentActive && !isSoldOut && !isRoundSoldOut;
  const key = `${status}|${current?.id ?? '-'}|${isCurrentActive}`;
  const base = { status, round, isSoldOut, isRoundSoldOut, isOnSale, key };

  if (status === 'NONE') return { ...base, headline: 'Not announced yet', countdown: null };
  if (status === 'NEXT') {
    return { ...base, headline: 'Coming soon', countdown: { label: 'Opens in', to: drop.dropBeginAt } };
  }
  if (status === 'COMPLETED') return { ...base, headline: isSoldOut ? 'Sold out' : 'Drop ended', countdown: null };
  if (isSoldOut) return { ...base, headline: 'Sold out', countdown: null };
  if (isOnSale && current) {
    return {
      ...base,
      headline: `Round ${current.round} on sale`,
      countdown: { label: `Round ${current.round} ends in`, to: earlier(current.saleEndAt, drop.dropEndAt) },
    };
  }
  if (next) {
    return {
      ...base,
      headline: isRoundSoldOut && isCurrentActive ? `Round ${current?.round} sold out` : `Round ${next.round} is next`,
      countdown: { label: `Round ${next.round} starts in`, to: next.saleBeginAt },
    };
  }
  return {
    ...base,
    headline: isRoundSoldOut ? `Round ${current?.round} sold out` : 'No round is on sale',
    countdown: { label: 'Drop ends in', to: drop.dropEndAt },
  };
}

export interface TPurchaseAllowance {
  canBuy: boolean;
  /** Why the Buy button is off, in the catalogue's words where there are some. */
  reason: string | null;
  /** Packs one order may hold now: the order cap, the person's remaining allowance and the round's packs left. */
  maxQuantity: number;
}

/** Whether the signed-in viewer may buy now, and how many. */
export function purchaseAllowance(drop: TDrop, phase: TDropPhase): TPurchaseAllowance {
  const current = phase.round.current;
  if (!phase.isOnSale || !current) {
    const reason = phase.isSoldOut || phase.isRoundSoldOut ? errorCatalogue.SOLD_OUT.message : phase.headline;
    return { canBuy: false, reason, maxQuantity: 0 };
  }
  const viewer = drop.viewer;
  if (viewer?.isWhitelisted === false) {
    return { canBuy: false, reason: errorCatalogue.NOT_WHITELISTED.message, maxQuantity: 0 };
  }
  const maxQuantity = Math.min(MAX_ORDER_QUANTITY, viewer?.remaining ?? MAX_ORDER_QUANTITY, packsLeft(current));
  if (maxQuantity < 1) {
    return { canBuy: false, reason: errorCatalogue.PURCHASE_LIMIT_REACHED.message, maxQuantity: 0 };
  }
  return { canBuy: true, reason: null, maxQuantity };
}
