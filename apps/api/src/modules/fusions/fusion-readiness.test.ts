import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fusionReadiness } from './fusion-readiness.ts';

describe('fusion readiness', () => {
  it('needs three editions for a slot of one and a slot of two, though two editions fit both', () => {
    // The reviewer's case: two Squires, each fitting "the squire" (bit 0) and "two more heroes" (bit 1).
    expect(fusionReadiness([1, 2], new Map([[0b11, 2]]))).toEqual({ fittingCounts: [2, 2], missingCount: 1 });
    expect(
      fusionReadiness(
        [1, 2],
        new Map([
          [0b11, 2],
          [0b10, 1],
        ]),
      ),
    ).toEqual({ fittingCounts: [2, 3], missingCount: 0 });
  });

  it('counts what each slot lacks when nothing is shared', () => {
    expect(fusionReadiness([3, 1], new Map([[0b01, 1]]))).toEqual({ fittingCounts: [1, 0], missingCount: 3 });
    expect(fusionReadiness([2], new Map())).toEqual({ fittingCounts: [0], missingCount: 2 });
  });

  it('agrees with filling the slots by brute force', () => {
    const slotsArb = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(slotsArb, fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }), (required, fits) => {
        const usable = fits.map((fit) => fit & ((1 << required.length) - 1)).filter((fit) => fit !== 0);
        const byFit = new Map<number, number>();
        for (const fit of usable) byFit.set(fit, (byFit.get(fit) ?? 0) + 1);
        const demand = required.reduce((sum, count) => sum + count, 0);
        expect(fusionReadiness(required, byFit).missingCount).toBe(demand - mostFilled(required, usable));
      }),
    );
  });
});

/** The most slot places editions can fill, each edition placed once or not at all: every choice tried. */
function mostFilled(required: readonly number[], fits: readonly number[]): number {
  const [fit, ...rest] = fits;
  if (fit === undefined) return 0;
  let best = mostFilled(required, rest);
  required.forEach((left, slot) => {
    if (left === 0 || !(fit & (1 << slot))) return;
    const after = required.map((count, index) => (index === slot ? count - 1 : count));
    best = Math.max(best, 1 + mostFilled(after, rest));
  });
  return best;
}
