import { describe, expect, it } from 'vitest';
import { drop, policy, times } from '../test/drops-fixtures.ts';
import { dropPhaseAt } from './drop-phase.ts';

const just = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

describe('dropPhaseAt, at each boundary instant', () => {
  it.each([
    ['before visibleAt', just(times.visibleAt, -1), 'NONE', 'Not announced yet', null],
    ['at visibleAt', new Date(times.visibleAt), 'NEXT', 'Coming soon', 'Opens in'],
    ['just before dropBeginAt', just(times.dropBeginAt, -1), 'NEXT', 'Coming soon', 'Opens in'],
    ['at dropBeginAt', new Date(times.dropBeginAt), 'AVAILABLE', 'Round 1 on sale', 'Round 1 ends in'],
    ['at round 1 saleEndAt', new Date(times.round1End), 'AVAILABLE', 'Round 2 is next', 'Round 2 starts in'],
    ['at round 2 saleBeginAt', new Date(times.round2Begin), 'AVAILABLE', 'Round 2 on sale', 'Round 2 ends in'],
    ['at dropEndAt', new Date(times.dropEndAt), 'COMPLETED', 'Drop ended', null],
  ])('%s', (_, now, status, headline, countdown) => {
    const phase = dropPhaseAt(drop(), now);
    expect(phase.status).toBe(status);
    expect(phase.headline).toBe(headline);
    expect(phase.countdown?.label ?? null).toBe(countdown);
    expect(phase.isOnSale).toBe(headline.endsWith('on sale'));
  });

  it('counts down to the round end, or the drop end when that comes first', () => {
    const phase = dropPhaseAt(drop(), new Date(times.dropBeginAt));
    expect(phase.countdown?.to).toBe(times.round1End);
  });

  it('is sold out when every round is, and not on sale', () => {
    const soldOut = drop({ salePolicies: [policy(1, { soldCount: 100 }), policy(2, { soldCount: 1_000 })] });
    const phase = dropPhaseAt(soldOut, new Date(times.round2Begin));
    expect(phase.isSoldOut).toBe(true);
    expect(phase.isOnSale).toBe(false);
    expect(phase.headline).toBe('Sold out');
  });

  it('says when the current round sold out and counts down to the next', () => {
    const phase = dropPhaseAt(
      drop({ salePolicies: [policy(1, { soldCount: 100 }), policy(2)] }),
      new Date(times.dropBeginAt),
    );
    expect(phase.isRoundSoldOut).toBe(true);
    expect(phase.headline).toBe('Round 1 sold out');
    expect(phase.countdown?.label).toBe('Round 2 starts in');
  });

  it('changes its key exactly when the status or round does', () => {
    const keyAt = (iso: string, ms = 0) => dropPhaseAt(drop(), just(iso, ms)).key;
    expect(keyAt(times.dropBeginAt, -1)).not.toBe(keyAt(times.dropBeginAt));
    expect(keyAt(times.dropBeginAt)).toBe(keyAt(times.round1End, -1));
    expect(keyAt(times.round1End, -1)).not.toBe(keyAt(times.round1End));
  });
});
