import type { TEditionState } from '@cypher/contract';

/** How a state other than plainly owned is named beside an edition: its NFT page's badge, a favorite's card. */
export const editionStateNames: Partial<Record<TEditionState, string>> = {
  EQUIPPED: 'On a figure base',
  LOCKED: 'Locked',
  LISTED: 'For sale',
  EXPORTED: 'Exported',
  BURNED: 'Fused away',
};

/** An edition that has left the marketplace for good: fused away, or exported to a wallet. */
export function hasLeftForGood(state: TEditionState): boolean {
  return state === 'BURNED' || state === 'EXPORTED';
}
