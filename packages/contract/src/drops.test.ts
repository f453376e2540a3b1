import { describe, expect, it } from 'vitest';
import { dropCounts, dropStatusAt, isDropSoldOut, issuedPackCount, roundStateAt } from './drop-rules.ts';
import { dropMessages, dropScheduleIssues, ZConsoleDropRequest } from './drops-console.ts';

/**
 * One drop on a timeline: visible at 10:00, begins at 12:00, round 1 sells 12:00-13:00, a gap, round 2 sells
 * 14:00-15:00, the drop ends at 16:00. Every boundary instant is checked, with the millisecond either side.
 */
const at = (time: string) => new Date(`2026-12-01T${time}Z`);
const before = (time: string) => new Date(at(time).getTime() - 1);

const drop = { visibleAt: '2026-12-01T10:00:00.000Z', dropBeginAt: at('12:00:00.000'), dropEndAt: at('16:00:00.000') };
const round1 = { round: 1, saleBeginAt: '2026-12-01T12:00:00.000Z', saleEndAt: '2026-12-01T13:00:00.000Z' };
const round2 = { round: 2, saleBeginAt: at('14:00:00.000'), saleEndAt: at('15:00:00.000') };
// Given out of order on purpose: the rules sort by round.
const policies = [round2, round1];

describe('dropStatusAt: each interval includes its start and excludes its end', () => {
  it.each([
    ['long before visibleAt', 'NONE', at('00:00:00.000')],
    ['a millisecond before visibleAt', 'NONE', before('10:00:00.000')],
    ['at visibleAt', 'NEXT', at('10:00:00.000')],
    ['a millisecond before dropBeginAt', 'NEXT', before('12:00:00.000')],
    ['at dropBeginAt', 'AVAILABLE', at('12:00:00.000')],
    ['between rounds', 'AVAILABLE', at('13:30:00.000')],
    ['a millisecond before dropEndAt', 'AVAILABLE', before('16:00:00.000')],
    ['at dropEndAt', 'COMPLETED', at('16:00:00.000')],
    ['after dropEndAt', 'COMPLETED', at('23:00:00.000')],
  ] as const)('%s → %s', (_label, expected, now) => expect(dropStatusAt(drop, now)).toBe(expected));

  it('visible from the moment it begins: a drop with visibleAt = dropBeginAt is never NEXT', () => {
    const sameTime = { ...drop, visibleAt: drop.dropBeginAt };
    expect(dropStatusAt(sameTime, before('12:00:00.000'))).toBe('NONE');
    expect(dropStatusAt(sameTime, at('12:00:00.000'))).toBe('AVAILABLE');
  });
});

describe('roundStateAt: current round, whether it is active, and the next policy', () => {
  const state = (now: Date) => {
    const { current, isCurrentActive, next } = roundStateAt(drop, policies, now);
    return { current: current?.round ?? null, isCurrentActive, next: next?.round ?? null };
  };

  it.each([
    ['before visibleAt: nothing', at('09:00:00.000'), { current: null, isCurrentActive: false, next: null }],
    [
      'at visibleAt (NEXT): the next policy is the first',
      at('10:00:00.000'),
      { current: null, isCurrentActive: false, next: 1 },
    ],
    ['just before dropBeginAt', before('12:00:00.000'), { current: null, isCurrentActive: false, next: 1 }],
    ['at dropBeginAt = saleBeginAt of round 1', at('12:00:00.000'), { current: 1, isCurrentActive: true, next: 2 }],
    ['just before round 1 ends', before('13:00:00.000'), { current: 1, isCurrentActive: true, next: 2 }],
    ['at saleEndAt of round 1', at('13:00:00.000'), { current: 1, isCurrentActive: false, next: 2 }],
    ['between rounds', at('13:30:00.000'), { current: 1, isCurrentActive: false, next: 2 }],
    ['just before round 2 begins', before('14:00:00.000'), { current: 1, isCurrentActive: false, next: 2 }],
    ['at saleBeginAt of round 2', at('14:00:00.000'), { current: 2, isCurrentActive: true, next: null }],
    ['at saleEndAt of round 2', at('15:00:00.000'), { current: 2, isCurrentActive: false, next: null }],
    ['after the last round, before dropEndAt', at('15:30:00.000'), { current: 2, isCurrentActive: false, next: null }],
    ['at dropEndAt (COMPLETED): nothing', at('16:00:00.000'), { current: null, isCurrentActive: false, next: null }],
    ['after dropEndAt', at('20:00:00.000'), { current: null, isCurrentActive: false, next: null }],
  ] as const)('%s', (_label, now, expected) => expect(state(now)).toEqual(expected));

  it('within AVAILABLE but before the first round begins, there is no current round and the next is the first', () => {
    const late = [{ ...round1, saleBeginAt: at('12:30:00.000') }, round2];
    expect(roundStateAt(drop, late, at('12:10:00.000'))).toEqual({
      current: null,
      isCurrentActive: false,
      next: late[0],
    });
  });

  it('a drop without policies has no rounds at all', () => {
    expect(roundStateAt(drop, [], at('12:30:00.000'))).toEqual({ current: null, isCurrentActive: false, next: null });
    expect(roundStateAt(drop, [], at('11:00:00.000'))).toEqual({ current: null, isCurrentActive: false, next: null });
  });
});

describe('drop counts and sold out (spec section 4)', () => {
  const policy = (begin: number, end: number, soldCount: number, whitelistCount?: number) => ({
    beginIssuedPackNumber: begin,
    endIssuedPackNumber: end,
    soldCount,
    ...(whitelistCount === undefined ? {} : { whitelistCount }),
  });

  it('counts issued packs per policy with both ends included', () => {
    expect(issuedPackCount(policy(1, 200, 0))).toBe(200);
    expect(issuedPackCount(policy(201, 201, 0))).toBe(1);
  });

  it('sums packs, sold packs, rounds and whitelisted people over the rounds', () => {
    expect(dropCounts([policy(1, 200, 150), policy(201, 300, 7, 40)])).toEqual({
      dropCount: 300,
      soldCount: 157,
      roundCount: 2,
      whitelistCount: 40,
    });
  });

  it.each([
    ['nothing sold', false, [policy(1, 200, 0), policy(201, 300, 0)]],
    ['one pack left', false, [policy(1, 200, 200), policy(201, 300, 99)]],
    ['every pack of round 1 sold, round 2 untouched', false, [policy(1, 200, 200), policy(201, 300, 0)]],
    ['every pack sold', true, [policy(1, 200, 200), policy(201, 300, 100)]],
    ['no policies: nothing to sell is not "sold out"', false, []],
  ] as const)('%s → sold out: %s', (_label, expected, given) => expect(isDropSoldOut(given)).toBe(expected));
});

describe('ZConsoleDropRequest', () => {
  const valid = {
    brandId: '0190d6a2-7a3b-7c4d-8e5f-000000000001',
    name: 'Genesis Drop',
    imageUrl: '/uploads/drop.webp',
    visibleAt: '2026-12-01T10:00:00.000Z',
    dropBeginAt: '2026-12-01T12:00:00.000Z',
    dropEndAt: '2026-12-01T16:00:00.000Z',
    editionsPerPack: 3,
    contents: [
      { productId: '0190d6a2-7a3b-7c4d-8e5f-000000000010', editionCount: 240 },
      { productId: '0190d6a2-7a3b-7c4d-8e5f-000000000011', editionCount: 60 },
    ],
    rounds: [
      { ...round1, price: 1500, perPersonLimit: 5, packCount: 60, whitelist: null },
      {
        round: 2,
        saleBeginAt: '2026-12-01T14:00:00.000Z',
        saleEndAt: '2026-12-01T15:00:00.000Z',
        price: 1500,
        perPersonLimit: null,
        packCount: 40,
        whitelist: { name: 'Early fans', emails: ['Fan@Example.com', 'fan@example.com ', 'other@example.com'] },
      },
    ],
  };
  const messagesOf = (input: unknown) => {
    const parsed = ZConsoleDropRequest.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('accepts a drop whose editions fill its packs, and lowercases and de-duplicates whitelist emails', () => {
    const parsed = ZConsoleDropRequest.parse(valid);
    expect(parsed.description).toBeNull();
    expect(parsed.rounds[1]!.whitelist!.emails).toEqual(['fan@example.com', 'other@example.com']);
  });

  it('refuses editions that do not fill the packs exactly', () => {
    expect(messagesOf({ ...valid, editionsPerPack: 2 })).toEqual([dropMessages.contentsFill]);
  });

  it('refuses a drop that begins after it ends, and a round outside the drop or overlapping the one before', () => {
    expect(messagesOf({ ...valid, dropBeginAt: valid.dropEndAt })).toContain(dropMessages.times);
    const overlapping = structuredClone(valid);
    overlapping.rounds[1]!.saleBeginAt = '2026-12-01T12:30:00.000Z';
    expect(messagesOf(overlapping)).toEqual([dropMessages.roundTimes]);
    const outside = structuredClone(valid);
    outside.rounds[1]!.saleEndAt = '2026-12-01T17:00:00.000Z';
    expect(messagesOf(outside)).toEqual([dropMessages.roundTimes]);
  });

  // Rules on the whole drop run beside a field's error that lets them (a number out of range, not one that is no number).
  it('says what is wrong with the schedule though another field is wrong too, and not when a time itself is wrong', () => {
    const both = structuredClone(valid);
    both.dropEndAt = '2026-12-01T11:00:00.000Z';
    both.rounds[0]!.packCount = 0;
    expect(messagesOf(both)).toEqual(expect.arrayContaining([dropMessages.packCount, dropMessages.times]));
    // A time that is no time is told under its field alone: the rules that compare it wait for it.
    expect(messagesOf({ ...valid, dropEndAt: 'soon', dropBeginAt: valid.dropEndAt })).not.toContain(dropMessages.times);
  });

  it('dropScheduleIssues compares only the times that are given', () => {
    const schedule = {
      visibleAt: '2026-12-01T10:00:00.000Z',
      dropBeginAt: '2026-12-01T12:00:00.000Z',
      dropEndAt: '2026-12-01T11:00:00.000Z',
      rounds: [{ round: 1, saleBeginAt: '2026-12-01T12:00:00.000Z', saleEndAt: '2026-12-01T13:00:00.000Z' }],
    };
    expect(dropScheduleIssues(schedule)).toEqual([
      { path: ['dropBeginAt'], message: dropMessages.times },
      { path: ['rounds', 0, 'saleBeginAt'], message: dropMessages.roundTimes },
    ]);
    expect(dropScheduleIssues({ ...schedule, visibleAt: null })).toEqual([
      { path: ['rounds', 0, 'saleBeginAt'], message: dropMessages.roundTimes },
    ]);
    expect(dropScheduleIssues({ ...schedule, dropEndAt: null })).toEqual([]);
  });

  it('refuses rounds numbered out of order and a product listed twice', () => {
    const misnumbered = structuredClone(valid);
    misnumbered.rounds[1]!.round = 3;
    expect(messagesOf(misnumbered)).toEqual([dropMessages.roundOrder]);
    const twice = structuredClone(valid);
    twice.contents[1]!.productId = twice.contents[0]!.productId;
    expect(messagesOf(twice)).toEqual([dropMessages.duplicateProduct]);
  });

  it('refuses a whitelist line that is not an email', () => {
    const bad = structuredClone(valid);
    bad.rounds[1]!.whitelist!.emails = ['fan@example.com', 'not an email'];
    expect(messagesOf(bad)).toEqual([dropMessages.email]);
  });
});
