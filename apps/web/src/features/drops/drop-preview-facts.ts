import { formatMoney, type TDrop } from '@cypher/contract';
import { roundInFocus, type TDropPhase } from '../../lib/drop-phase.ts';
import { formatCount } from '../../lib/format.ts';

/**
 * What a shared link to a drop shows under its name (the contract's page-head.ts): the price of a pack in the round on
 * sale or next (how many were sold once there is nothing left to buy), and the date that matters now.
 */
export function dropPreviewFacts(
  drop: TDrop,
  phase: TDropPhase,
  formatDateTime: (iso: string) => string,
): Array<{ label: string; value: string }> {
  const priced = roundInFocus(phase);
  const isOver = phase.status === 'COMPLETED' || phase.isSoldOut;
  const amount =
    priced && !isOver
      ? { label: 'Price', value: `${formatMoney(priced.price)} a pack` }
      : {
          label: 'Packs sold',
          value: `${formatCount(drop.counts.soldCount)} of ${formatCount(drop.counts.dropCount)}`,
        };
  const date =
    phase.status === 'NEXT'
      ? { label: 'Opens', value: formatDateTime(drop.dropBeginAt) }
      : phase.status === 'COMPLETED'
        ? { label: 'Ended', value: formatDateTime(drop.dropEndAt) }
        : { label: 'On sale until', value: formatDateTime(drop.dropEndAt) };
  return [amount, date];
}
