import { type TFusionProtection, type TFusion, type TFusionStatus, type TFusionSummary } from '@cypher/contract';
import { formatCount, formatDateTimeWithZone } from '../../lib/format.ts';

/**
 * What the fusion makes, by name: the API leaves out a result product the public does not see (unpublished since the
 * fusion was), and it is then said as a figure base says such a product, never "any".
 */
export function resultName(result: TFusionSummary['result']): string {
  return result.product?.name ?? 'A collectible yet to be announced';
}

/** Why a fitting edition cannot be chosen, as its tile says it. */
export const protectionReasons: Record<TFusionProtection, string> = {
  EQUIPPED: 'On a figure base',
  LOCKED: 'Locked',
  LISTED: 'On sale',
};

/**
 * "12 of 100 left", or the all-items-fused state once the supply is made. Once the fusion has ended nothing is left to
 * anyone, whatever was not made: it says what was made instead.
 */
export function supplyLeftText(fusion: Pick<TFusionSummary, 'isAllFused' | 'result'>, status: TFusionStatus): string {
  if (fusion.isAllFused || fusion.result.remaining <= 0) return 'All items fused';
  const { supply, remaining } = fusion.result;
  if (status === 'ENDED') return `${formatCount(supply - remaining)} of ${formatCount(supply)} made`;
  return `${formatCount(remaining)} of ${formatCount(supply)} left`;
}

/** Why fusing is not possible right now, or null when it is (all fused is said apart from the schedule). */
export function fuseBlockedReason(
  fusion: Pick<TFusionSummary, 'isAllFused' | 'result' | 'beginAt' | 'endAt'>,
  status: TFusionStatus,
): string | null {
  if (status === 'UPCOMING') return `Not open yet: it opens ${formatDateTimeWithZone(fusion.beginAt)}.`;
  if (status === 'ENDED') return 'This fusion has ended: no more results can be made.';
  if (fusion.isAllFused || fusion.result.remaining <= 0)
    return 'All items have been fused: none of the results are left.';
  return null;
}

/**
 * Signed in: whether the fusion lacks editions beyond what each slot lacks on its own. Some editions fit several
 * slots and one fills only one, so every slot can have enough alone while together they do not.
 */
export function isShortOfSharedEditions(fusion: Pick<TFusion, 'missingCount' | 'slots'>): boolean {
  const slotsShort = fusion.slots.reduce(
    (sum, slot) => sum + Math.max(0, slot.requiredCount - (slot.fittingCount ?? 0)),
    0,
  );
  return (fusion.missingCount ?? 0) > slotsShort;
}

/** Signed in and not ready: how many more editions filling every slot takes, and why when each slot has enough. */
export function missingMaterialsText(fusion: Pick<TFusion, 'missingCount' | 'slots'>): string | null {
  if (!fusion.missingCount) return null;
  const needed = `You need ${formatCount(fusion.missingCount)} more ${fusion.missingCount === 1 ? 'edition' : 'editions'} to fill every slot`;
  return isShortOfSharedEditions(fusion)
    ? `${needed}: an edition fills only one slot, and some of yours fit more than one.`
    : `${needed}.`;
}
