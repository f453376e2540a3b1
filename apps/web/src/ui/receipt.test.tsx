import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TReceipt } from '@cypher/contract';
import { Receipt } from './receipt.tsx';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });

const receipt = (changes: Partial<TReceipt> = {}): TReceipt => ({
  paymentId: 'pay_0190neon',
  merchant: 'Cypher',
  paidAt: '2026-11-22T18:00:05.000Z',
  paymentMethod: 'Balance',
  subtotal: usd(2_500),
  serviceFee: usd(125),
  totalPaid: usd(2_625),
  paidWithCredit: null,
  ...changes,
});

/** The receipt's facts as "term: value" lines. */
function facts(): string[] {
  const list = within(screen.getByRole('region', { name: 'Receipt' }));
  return list.getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe('Receipt', () => {
  // Review of session 36: a pass paid entirely in CYP credit had a receipt that said only "Balance · Total paid $26.25".
  it('says what CYP credit paid and what dollars paid, when credit paid part of it', () => {
    render(
      <Receipt
        receipt={receipt({ paidWithCredit: { credit: { amount: 200_000, currency: 'CYP' }, covers: usd(2_000) } })}
      />,
    );
    expect(facts().slice(-3)).toEqual([
      'Total paid: $26.25',
      'CYP credit spent: 2,000.00 CYP, for $20.00',
      'Dollars spent: $6.25',
    ]);
  });

  it('shows spec section 3’s facts alone when dollars paid it all', () => {
    render(<Receipt receipt={receipt()} />);
    expect(facts()).toEqual([
      'Payment ID: pay_0190neon',
      'Merchant: Cypher',
      `Date and time: ${screen.getByText(/2026/).textContent}`,
      'Payment method: Balance',
      'Subtotal: $25.00',
      'Service fee: $1.25',
      'Total paid: $26.25',
    ]);
  });
});
