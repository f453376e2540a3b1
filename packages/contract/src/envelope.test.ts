import { describe, expect, it } from 'vitest';
import { ZCreateCollectionRequest } from './catalog-requests.ts';
import { ZPageQuery, ZWholeNumber } from './envelope.ts';
import { ZClaimLogQuery } from './claim-log.ts';
import { ZSetRaffleRequest } from './raffles.ts';
import { ZWaitingRoomSettings } from './waiting-room.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) => [
  ...new Set(result.error?.issues.map((issue) => issue.message)),
];

describe('ZWholeNumber', () => {
  it.each([[0], [1.5], [1_000_001], ['12'], [null]])('tells %s the range in one sentence', (value) => {
    expect(messagesOf(ZWholeNumber(1, 1_000_000).safeParse(value))).toEqual([
      'Enter a whole number from 1 to 1,000,000.',
    ]);
  });

  it('takes the whole numbers of its range, ends included', () => {
    expect(ZWholeNumber(-100_000, 100_000).parse(-100_000)).toBe(-100_000);
    expect(ZWholeNumber(1, 1_000_000).parse(1_000_000)).toBe(1_000_000);
  });

  it('speaks for the console’s numbers instead of the schema library', () => {
    const raffle = {
      places: 0,
      registrationOpensAt: '2026-12-01T10:00:00.000Z',
      registrationClosesAt: '2026-12-01T11:00:00.000Z',
      ticketKindId: null,
      isFreeForPassHolders: false,
      ticketsOnLoss: 'KEPT',
      purchaseWindowMinutes: 100_000,
    };
    expect(ZSetRaffleRequest.safeParse(raffle).error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['places', 'Enter a whole number from 1 to 1,000,000.'],
      ['purchaseWindowMinutes', 'Enter a whole number from 1 to 43,200.'],
    ]);
    expect(messagesOf(ZWaitingRoomSettings.safeParse({ admitPerMinute: 0 }))).toEqual([
      'Enter a whole number from 1 to 60,000.',
    ]);
    const collection = ZCreateCollectionRequest.safeParse({ sortOrder: -999_999_999 });
    expect(collection.error?.issues.find((issue) => issue.path[0] === 'sortOrder')?.message).toBe(
      'Enter a whole number from -100,000 to 100,000.',
    );
  });
});

describe('numbers in a query string', () => {
  // Session 69's account hunt: page 99999999999999999999 was told pages are numbered from 1.
  it.each(['0x2', '2e0', ' 2', '2 ', '0b10', '+2', '', '0', '2147483648', '99999999999999999999'])(
    'reads %j as no page number',
    (page) => {
      expect(messagesOf(ZPageQuery.safeParse({ page }))).toEqual(['Pages are numbered from 1 to 2,147,483,647.']);
    },
  );

  it('reads digits in decimal notation, and numbers as they are', () => {
    expect(ZPageQuery.parse({ page: '2', size: '050' })).toEqual({ page: 2, size: 50 });
    expect(ZPageQuery.parse({ page: 3 })).toEqual({ page: 3, size: 20 });
    expect(ZClaimLogQuery.parse({ after: '0' })).toEqual({ after: 0, size: 1_000 });
    expect(ZClaimLogQuery.safeParse({ after: '1e3' }).success).toBe(false);
  });

  it('keeps a page size outside 1 to 100 in its own words', () => {
    expect(messagesOf(ZPageQuery.safeParse({ size: '1.5' }))).toEqual(['Ask for 1 to 100 items a page.']);
    expect(messagesOf(ZPageQuery.safeParse({ size: '-1' }))).toEqual(['Ask for 1 to 100 items a page.']);
  });
});
