import {
  errorCatalogue,
  MAX_ORDER_QUANTITY,
  type TDrop,
  type TDropViewer,
  type TRaffleDraw,
  type TSalePolicy,
} from '@cypher/contract';
import { packsLeft, type TDropPhase } from '../../lib/drop-phase.ts';

export interface TPurchaseAllowance {
  canBuy: boolean;
  /** Why the Buy button is off, in the catalogue's words where there are some. */
  reason: string | null;
  /** Packs one order may hold now: the order cap, the person's remaining allowance and the round's packs left. */
  maxQuantity: number;
}

/**
 * While a round holds packs back for its pass holders (decision record 29), the packs the viewer may take now: the
 * others left, and for a holder also what is left of their share of the held-back ones. Null when no hold is on, and
 * every pack left is anyone's the round admits. A visitor counts as someone without the pass.
 */
export function packsWithinReach(round: TSalePolicy, viewer: TDropViewer | null, now: Date): number | null {
  const guarantee = round.passGuarantee;
  if (!guarantee || now.getTime() >= Date.parse(guarantee.endsAt)) return null;
  const othersLeft = Math.max(0, packsLeft(round) - round.heldBackLeftCount);
  const share = viewer?.passGuarantee?.holdsPass ? viewer.passGuarantee.packsLeft : 0;
  return othersLeft + Math.min(share, round.heldBackLeftCount);
}

/** Whether the signed-in viewer may buy now, and how many. */
export function purchaseAllowance(drop: TDrop, phase: TDropPhase, now: Date): TPurchaseAllowance {
  const current = phase.round.current;
  if (!phase.isOnSale || !current) {
    const reason = phase.isSoldOut || phase.isRoundSoldOut ? errorCatalogue.SOLD_OUT.message : phase.headline;
    return { canBuy: false, reason, maxQuantity: 0 };
  }
  const viewer = drop.viewer;
  if (viewer?.isWhitelisted === false) {
    return { canBuy: false, reason: errorCatalogue.NOT_WHITELISTED.message, maxQuantity: 0 };
  }
  if (viewer?.holdsRequiredPass === false) {
    return { canBuy: false, reason: errorCatalogue.PASS_REQUIRED.message, maxQuantity: 0 };
  }
  if (viewer?.remaining === 0) {
    return { canBuy: false, reason: errorCatalogue.PURCHASE_LIMIT_REACHED.message, maxQuantity: 0 };
  }
  // The packs left are all held back for holders: the API's refusal said before Buy rather than after it, to someone
  // without the pass PACKS_HELD_FOR_HOLDERS, to a holder who has bought their share HOLDER_SHARE_EXCEEDED (they are
  // one). Only once the viewer's own answer is in: a visitor, or a holder before it comes, is not turned away.
  const reach = viewer ? packsWithinReach(current, viewer, now) : null;
  if (reach === 0) {
    const refusal = viewer?.passGuarantee?.holdsPass ? 'HOLDER_SHARE_EXCEEDED' : 'PACKS_HELD_FOR_HOLDERS';
    return { canBuy: false, reason: errorCatalogue[refusal].message, maxQuantity: 0 };
  }
  const maxQuantity = Math.min(
    MAX_ORDER_QUANTITY,
    viewer?.remaining ?? MAX_ORDER_QUANTITY,
    packsLeft(current),
    reach ?? MAX_ORDER_QUANTITY,
  );
  if (maxQuantity < 1) {
    return { canBuy: false, reason: errorCatalogue.PURCHASE_LIMIT_REACHED.message, maxQuantity: 0 };
  }
  return { canBuy: true, reason: null, maxQuantity };
}

/**
 * In a raffle round only its winners buy: the first draw's until the purchase window ends, the second draw's after
 * it (the API's RAFFLE_NOT_A_WINNER otherwise, RAFFLE_WINDOW_ENDED for a first winner past the window). `raffle` null: the round is not a raffle, nothing changes.
 */
export function raffleAllowance(
  allowance: TPurchaseAllowance,
  raffle: TRaffleDraw | null,
  now: Date,
): TPurchaseAllowance {
  if (!raffle || !allowance.canBuy) return allowance;
  const wonIn = raffle.mine?.wonIn ?? null;
  const windowEnds = raffle.rules ? Date.parse(raffle.rules.purchaseWindowEndsAt) : Number.POSITIVE_INFINITY;
  const mayBuy = wonIn === 1 ? now.getTime() < windowEnds : wonIn === 2;
  if (mayBuy) return allowance;
  // A first winner past the window was a winner: their time ended (the API's RAFFLE_WINDOW_ENDED).
  const refusal = wonIn === 1 ? errorCatalogue.RAFFLE_WINDOW_ENDED : errorCatalogue.RAFFLE_NOT_A_WINNER;
  return { canBuy: false, reason: refusal.message, maxQuantity: 0 };
}

/**
 * A first-draw winner's countdown while their round sells: to the end of their purchase window, when an unbought place
 * goes to the second draw. The round's own end (days away) told a winner the wrong deadline (review of session 36).
 * Null for anyone else, and once the window has passed.
 */
export function winnerCountdown(
  phase: TDropPhase,
  raffle: TRaffleDraw | null,
  now: Date,
): { label: string; to: string } | null {
  if (!raffle?.rules || raffle.mine?.wonIn !== 1 || !phase.isOnSale) return null;
  if (phase.round.current?.id !== raffle.roundId) return null;
  const windowEndsAt = raffle.rules.purchaseWindowEndsAt;
  return now.getTime() < Date.parse(windowEndsAt) ? { label: 'Your place is held for', to: windowEndsAt } : null;
}
