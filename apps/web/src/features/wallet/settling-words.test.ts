import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format.ts';
import { settlingSentence } from './settling-words.ts';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const now = new Date('2026-12-05T21:30:00.000Z');

describe('settlingSentence', () => {
  it('says the first part and then all of it when they settle at different times', () => {
    const soonest = '2026-12-10T09:00:00.000Z';
    const all = '2026-12-12T21:28:00.000Z';
    expect(
      settlingSentence(
        { amount: usd(2_000), soonest: { amount: usd(500), withdrawableFrom: soonest }, withdrawableFrom: all },
        now,
      ),
    ).toBe(
      `$20.00 added by card or Tilia is still settling: $5.00 becomes withdrawable from ${formatDateTime(soonest)}, and all of it from ${formatDateTime(all)}, unless you spend it first.`,
    );
  });

  it('says one moment once when two deposits seconds apart settle in the same minute', () => {
    const soonest = '2026-12-12T21:28:05.000Z';
    const all = '2026-12-12T21:28:41.000Z';
    expect(
      settlingSentence(
        { amount: usd(1_000), soonest: { amount: usd(500), withdrawableFrom: soonest }, withdrawableFrom: all },
        now,
      ),
    ).toBe(
      `$10.00 added by card or Tilia is still settling: it becomes withdrawable from ${formatDateTime(all)}, unless you spend it first.`,
    );
  });
});
