import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format.ts';
import { settlingSentence } from './settling-words.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const now = new Date('2026-12-05T21:30:00.000Z');

/** The sentence for `amount` cents settling, `soonestAmount` of it first at `soonestAt`, all of it at `allAt`. */
function sentenceFor(amount: number, soonestAmount: number, soonestAt: string, allAt: string): string {
  const soonest = { amount: usd(soonestAmount), withdrawableFrom: soonestAt };
  return settlingSentence({ amount: usd(amount), soonest, withdrawableFrom: allAt }, now);
}

describe('settlingSentence', () => {
  it('says the first part and then all of it when they settle at different times', () => {
    const [soonest, all] = ['2026-12-10T09:00:00.000Z', '2026-12-12T21:28:00.000Z'];
    expect(sentenceFor(2_000, 500, soonest, all)).toBe(
      `$20.00 added by card or Tilia is still settling: $5.00 becomes withdrawable from ${formatDateTime(soonest)}, and all of it from ${formatDateTime(all)}, unless you spend it first.`,
    );
  });

  it('says one moment once when two deposits seconds apart settle in the same minute', () => {
    const [soonest, all] = ['2026-12-12T21:28:05.000Z', '2026-12-12T21:28:41.000Z'];
    expect(sentenceFor(1_000, 500, soonest, all)).toBe(
      `$10.00 added by card or Tilia is still settling: it becomes withdrawable from ${formatDateTime(all)}, unless you spend it first.`,
    );
  });
});
