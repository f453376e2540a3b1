// Shared by the drops pages and the home page's drop cards (ui/drop-card.tsx). The home page is measured for its
// first paint: this module imports only the contract's zod-free drop rules (decision record 20), and what buying
// needs (purchase-allowance.ts in the drops feature, with the order cap from the zod-built orders module) stays out.

import {
  dropStatusAt,
  isDropSoldOut,
  issuedPackCount,
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

/**
 * The round a drop is about now: the one on sale, else the next to open; null when neither (the drop has ended, or
 * its last round has). Not `round.current` alone: that is the latest round to have begun, still the ended one between
 * rounds, whose price no one can pay any more. The drop page, its cards and its shared link's preview all name this
 * round, so they agree on its number and price.
 */
export function roundInFocus(phase: Pick<TDropPhase, 'round'>): TSalePolicy | null {
  const { current, isCurrentActive, next } = phase.round;
  return current && isCurrentActive ? current : next;
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
