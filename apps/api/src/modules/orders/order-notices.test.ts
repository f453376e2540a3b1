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
      'We did not receive your payment for 1 pack of Neon Tides within 1 minute, so the pack went back on sale.',
    );
  });

  it('name a pass as a pass', () => {
    const pass = (quantity: number) => ({ kind: 'PASS' as const, name: 'Season Pass', quantity });
    expect(orderNotices.pending(pass(1), 10).body).toBe('We are holding Season Pass for 10 minutes while you pay.');
    expect(orderNotices.pending(pass(2), 10).body).toBe('We are holding 2 × Season Pass for 10 minutes while you pay.');
    expect(orderNotices.failed(pass(1)).body).toBe(
      'Your payment for Season Pass did not go through, so the pass went back on sale. You were not charged.',
    );
    expect(orderNotices.successful(pass(1)).body).toBe(
      'You bought Season Pass. It opens the rounds it names while it is valid.',
    );
    expect(orderNotices.successful(pass(2)).body).toBe(
      'You bought 2 × Season Pass. They open the rounds they name while they are valid.',
    );
  });

  it('name tickets as tickets, never held and never back on sale', () => {
    const tickets = (quantity: number) => ({ kind: 'TICKET' as const, name: 'Drop ticket', quantity });
    expect(orderNotices.successful(tickets(1)).body).toBe('You bought 1 Drop ticket. Spend it to enter raffle rounds.');
    expect(orderNotices.pending(tickets(3), 15).body).toBe(
      'Your order of 3 Drop tickets stays open for 15 minutes while you pay.',
    );
    expect(orderNotices.failed(tickets(1)).body).toBe(
      'Your payment for 1 Drop ticket did not go through. You were not charged.',
    );
    expect(orderNotices.timedOut(tickets(2), 15).body).toBe(
      'We did not receive your payment for 2 Drop tickets within 15 minutes, so the order was closed.',
    );
  });
});
