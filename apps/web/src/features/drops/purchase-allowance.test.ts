import { describe, expect, it } from 'vitest';
import { errorCatalogue, MAX_ORDER_QUANTITY } from '@cypher/contract';
import { dropPhaseAt } from '../../lib/drop-phase.ts';
import { drop, neonPassGuarantee, policy, times } from '../../test/drops-fixtures.ts';
import { packsWithinReach, purchaseAllowance } from './purchase-allowance.ts';

describe('purchaseAllowance', () => {
  const onSale = new Date(times.round2Begin);

  it('caps the quantity by the order limit, the remaining allowance and the packs left', () => {
    const open = drop({ viewer: { isWhitelisted: null, remaining: null, purchasedCount: 0 } });
    expect(purchaseAllowance(open, dropPhaseAt(open, onSale), onSale).maxQuantity).toBe(MAX_ORDER_QUANTITY);
    const limited = drop({ viewer: { isWhitelisted: null, remaining: 3, purchasedCount: 2 } });
    expect(purchaseAllowance(limited, dropPhaseAt(limited, onSale), onSale).maxQuantity).toBe(3);
    const almostGone = drop({ salePolicies: [policy(1), policy(2, { soldCount: 998 })] });
    expect(purchaseAllowance(almostGone, dropPhaseAt(almostGone, onSale), onSale).maxQuantity).toBe(2);
  });

  it('refuses with the catalogue message when off the whitelist or at the limit', () => {
    const off = drop({ viewer: { isWhitelisted: false, remaining: 0, purchasedCount: 0 } });
    expect(purchaseAllowance(off, dropPhaseAt(off, onSale), onSale).reason).toBe(
      'This round is only open to people on its whitelist.',
    );
    const done = drop({ viewer: { isWhitelisted: null, remaining: 0, purchasedCount: 4 } });
    expect(purchaseAllowance(done, dropPhaseAt(done, onSale), onSale)).toEqual({
      canBuy: false,
      reason: 'You have reached the number of packs one person may buy in this round.',
      maxQuantity: 0,
    });
  });
});

describe('packsWithinReach', () => {
  const guarantee = neonPassGuarantee;
  const during = new Date('2026-11-22T18:30:00.000Z');
  // 100 packs, 50 taken; of the 50 left, 30 are still held back for holders.
  const round = policy(1, { passGuarantee: guarantee, soldCount: 50, heldBackLeftCount: 30 });
  const viewer = (holdsPass: boolean, packsLeft: number) =>
    drop({ viewer: { isWhitelisted: null, passGuarantee: { holdsPass, packsLeft }, remaining: 3, purchasedCount: 0 } })
      .viewer;

  it('gives someone without the pass the packs not held back, and a holder their share of the held ones too', () => {
    expect(packsWithinReach(round, viewer(false, 0), during)).toBe(20);
    expect(packsWithinReach(round, null, during)).toBe(20);
    expect(packsWithinReach(round, viewer(true, 2), during)).toBe(22);
    // A share is never more than the held-back packs still there.
    const lastHeld = policy(1, { passGuarantee: guarantee, soldCount: 99, heldBackLeftCount: 1 });
    expect(packsWithinReach(lastHeld, viewer(true, 2), during)).toBe(1);
    expect(packsWithinReach(lastHeld, viewer(false, 0), during)).toBe(0);
  });

  it('leaves every pack to everyone once the hold ends, and in a round without one', () => {
    expect(packsWithinReach(round, viewer(false, 0), new Date(guarantee.endsAt))).toBeNull();
    expect(packsWithinReach(policy(1), viewer(false, 0), during)).toBeNull();
  });
});

describe('purchaseAllowance while packs are held back for holders', () => {
  const guarantee = neonPassGuarantee;
  const during = new Date('2026-11-22T18:30:00.000Z');
  const allHeld = (viewer: NonNullable<Parameters<typeof drop>[0]>['viewer']) =>
    drop({
      salePolicies: [policy(1, { passGuarantee: guarantee, soldCount: 60, heldBackLeftCount: 40 }), policy(2)],
      viewer,
    });

  it('turns away someone without the pass, but not a visitor, whose answer is not known yet', () => {
    const outsider = allHeld({
      isWhitelisted: null,
      passGuarantee: { holdsPass: false, packsLeft: 0 },
      remaining: 2,
      purchasedCount: 0,
    });
    expect(purchaseAllowance(outsider, dropPhaseAt(outsider, during), during).reason).toBe(
      errorCatalogue.PACKS_HELD_FOR_HOLDERS.message,
    );
    const visitor = allHeld(null);
    expect(purchaseAllowance(visitor, dropPhaseAt(visitor, during), during).canBuy).toBe(true);
  });
});
