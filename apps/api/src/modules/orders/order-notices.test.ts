import { describe, expect, it } from 'vitest';
import { orderNotices } from './order-notices.ts';

describe('order notices', () => {
  it('name the hold in words that agree with its number', () => {
    expect(orderNotices.pending('Neon Tides', 1, 1).body).toBe(
      'We are holding 1 pack of Neon Tides for 1 minute while you pay.',
    );
    expect(orderNotices.pending('Neon Tides', 3, 10).body).toBe(
      'We are holding 3 packs of Neon Tides for 10 minutes while you pay.',
    );
    expect(orderNotices.timedOut('Neon Tides', 1).body).toBe(
      'We did not receive your payment for Neon Tides within 1 minute, so the packs went back on sale.',
    );
  });
});
