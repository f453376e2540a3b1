import { describe, expect, it } from 'vitest';
import { newId, randomHex } from './ids.ts';

describe('ids', () => {
  it('makes ids that sort by the time they were made', () => {
    const ids = Array.from({ length: 100 }, () => newId());
    expect(new Set(ids).size).toBe(100);
    expect([...ids].sort()).toEqual(ids);
  });

  it('hands out random bytes once each, across refills of its pool, in the size asked for', () => {
    // 16 bytes at a time, 2,000 times: about eight refills of the 4 KB pool.
    const salts = Array.from({ length: 2_000 }, () => randomHex(16));
    expect(salts.every((salt) => /^[0-9a-f]{32}$/.test(salt))).toBe(true);
    expect(new Set(salts).size).toBe(2_000);
    // Larger than the pool: still that many bytes.
    expect(randomHex(5_000)).toHaveLength(10_000);
  });
});
