import { describe, expect, it } from 'vitest';
import { MAX_ORDER_QUANTITY } from '@cypher/contract';
import { dropPhaseAt } from '../../lib/drop-phase.ts';
import { drop, policy, times } from '../../test/drops-fixtures.ts';
import { purchaseAllowance } from './purchase-allowance.ts';

describe('purchaseAllowance', () => {
  const onSale = new Date(times.round2Begin);

  it('caps the quantity by the order limit, the remaining allowance and the packs left', () => {
    const open = drop({ viewer: { isWhitelisted: null, remaining: null, purchasedCount: 0 } });
    expect(purchaseAllowance(open, dropPhaseAt(open, onSale)).maxQuantity).toBe(MAX_ORDER_QUANTITY);
    const limited = drop({ viewer: { isWhitelisted: null, remaining: 3, purchasedCount: 2 } });
    expect(purchaseAllowance(limited, dropPhaseAt(limited, onSale)).maxQuantity).toBe(3);
    const almostGone = drop({ salePolicies: [policy(1), policy(2, { soldCount: 998 })] });
    expect(purchaseAllowance(almostGone, dropPhaseAt(almostGone, onSale)).maxQuantity).toBe(2);
  });

  it('refuses with the catalogue message when off the whitelist or at the limit', () => {
    const off = drop({ viewer: { isWhitelisted: false, remaining: 0, purchasedCount: 0 } });
    expect(purchaseAllowance(off, dropPhaseAt(off, onSale)).reason).toBe(
      'This round is only open to people on its whitelist.',
    );
    const done = drop({ viewer: { isWhitelisted: null, remaining: 0, purchasedCount: 4 } });
    expect(purchaseAllowance(done, dropPhaseAt(done, onSale))).toEqual({
      canBuy: false,
      reason: 'You have reached the number of packs one person may buy in this round.',
      maxQuantity: 0,
    });
  });
});
