import { describe, expect, it } from 'vitest';
import {
  formatCountOf,
  formatDateTimeWithZone,
  formatEditionNumber,
  formatPercent,
  formatProgressPercent,
} from './format.ts';

describe('the one formatter', () => {
  it('writes edition numbers and counts with separators, the noun agreeing with the count', () => {
    expect(formatEditionNumber(1_234, 5_000)).toBe('#1,234 / 5,000');
    expect(formatEditionNumber(12, null)).toBe('#12');
    expect(formatCountOf(1, 'slot')).toBe('1 slot');
    expect(formatCountOf(0, 'slot')).toBe('0 slots');
    expect(formatCountOf(1_000, 'minute')).toBe('1,000 minutes');
    expect(formatCountOf(2, 'entry', 'entries')).toBe('2 entries');
  });

  it('writes shares with one decimal, and progress as done only when all of it is', () => {
    expect(formatPercent(0.625)).toBe('62.5%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatProgressPercent(2, 3)).toBe('66.7%');
    expect(formatProgressPercent(9_999, 10_000)).toBe('99.9%');
    expect(formatProgressPercent(10_000, 10_000)).toBe('100.0%');
    expect(formatProgressPercent(0, 3)).toBe('0.0%');
  });

  it('names the zone of a time the console shows, daylight saving included', () => {
    const at = '2026-11-22T10:00:00.000Z';
    expect(formatDateTimeWithZone(at, 'UTC')).toBe('Nov 22, 2026, 10:00 AM UTC');
    expect(formatDateTimeWithZone(at, 'Asia/Seoul')).toBe('Nov 22, 2026, 7:00 PM GMT+9');
    expect(formatDateTimeWithZone(at, 'America/Los_Angeles')).toBe('Nov 22, 2026, 2:00 AM PST');
    expect(formatDateTimeWithZone('2026-07-01T10:00:00.000Z', 'America/Los_Angeles')).toBe('Jul 1, 2026, 3:00 AM PDT');
  });
});
