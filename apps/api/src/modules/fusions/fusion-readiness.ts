/*
 * Used by: fusion-views.ts · Reads and writes no table · Tests: fusion-readiness.test.ts.
 */

/**
 * What a person's free editions make of a fusion's slots, given how many fit each combination of slots (bit i: slot
 * i, as freeEditionsByFit counts them): per slot, how many fit it; and how many more editions the fusion needs,
 * since one edition fills only one slot. By Hall's theorem the most slots can be filled is the demand less the
 * largest shortfall of any set of slots (what those slots take, less the editions fitting at least one of them), so
 * the shortfall is what is missing; 0 means ready. A fusion has at most MAX_FUSION_SLOTS (6) slots: 63 sets.
 */
export function fusionReadiness(
  requiredCounts: readonly number[],
  freeByFit: ReadonlyMap<number, number>,
): { fittingCounts: number[]; missingCount: number } {
  const fittingCounts = requiredCounts.map((_, slot) => editionsFittingAny(freeByFit, 1 << slot));
  let missingCount = 0;
  for (let slots = 1; slots < 1 << requiredCounts.length; slots += 1) {
    const demand = requiredCounts.reduce((sum, count, slot) => (slots & (1 << slot) ? sum + count : sum), 0);
    missingCount = Math.max(missingCount, demand - editionsFittingAny(freeByFit, slots));
  }
  return { fittingCounts, missingCount };
}

function editionsFittingAny(freeByFit: ReadonlyMap<number, number>, slots: number): number {
  let count = 0;
  for (const [fit, editions] of freeByFit) if (fit & slots) count += editions;
  return count;
}
