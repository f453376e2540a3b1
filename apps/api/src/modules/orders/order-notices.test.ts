import { describe, expect, it } from 'vitest';
import { orderNotices } from './order-notices.ts';

describe('order notices', () => {
  it('name the hold in words that agree with its number', () => {
    const packs = (quantity: number) => ({ kind: 'PACK' as const, name: 'Neon Tides', quantity });
    expect(orderNotices.pending(packs(1), 1).body).toBe(
      'We are holding 1 pack of Neon Tides for 1 minute while you pay.',
    );
    expect(orderNotices.pending(packs(3), 10).body).toBe(
      'We are holding 3 packs of Neon Tides for 10 minutes while you pay.',
    );
    expect(orderNotices.timedOut(packs(1), 1).body).toBe(
      'We did not receive your payment for Neon Tides within 1 minute, so the packs went back on sale.',
    );
  });

  it('name a pass as a pass', () => {
    const pass = (quantity: number) => ({ kind: 'PASS' as const, name: 'Season Pass', quantity });
    expect(orderNotices.pending(pass(1), 10).body).toBe('We are holding Season Pass for 10 minutes while you pay.');
    expect(orderNotices.pending(pass(2), 10).body).toBe('We are holding 2 × Season Pass for 10 minutes while you pay.');
    expect(orderNotices.failed(pass(1)).body).toBe(
      'Your payment for Season Pass did not go through, so the pass went back on sale. You were not charged.',
    );
  });
});
