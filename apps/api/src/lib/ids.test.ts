import { describe, expect, it } from 'vitest';
import { newId, newIdAt, randomHex } from './ids.ts';

describe('ids', () => {
  it('makes ids that sort by the time they were made', () => {
    const ids = Array.from({ length: 100 }, () => newId());
    expect(new Set(ids).size).toBe(100);
    expect([...ids].sort()).toEqual(ids);
  });

  it('makes ids for a given time that carry it and sort in the order they were made, also for one same time', () => {
    const at = new Date('2026-11-21T10:00:00.000Z');
    const later = new Date('2026-11-30T10:00:00.000Z');
    const ids = [
      ...Array.from({ length: 100 }, () => newIdAt(at)),
      ...Array.from({ length: 100 }, () => newIdAt(later)),
    ];
    expect(new Set(ids).size).toBe(200);
    expect([...ids].sort()).toEqual(ids);
    // The first 48 bits are the time in milliseconds.
    expect(parseInt(ids[0]!.replaceAll('-', '').slice(0, 12), 16)).toBe(at.getTime());
    // A back-dated id sorts before those of a later time, whenever it is made.
    expect(newIdAt(at) < ids[100]!).toBe(true);
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
