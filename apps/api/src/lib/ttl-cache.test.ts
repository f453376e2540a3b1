import { describe, expect, it } from 'vitest';
import { ttlCache } from './ttl-cache.ts';

function fakeTime() {
  let at = 0;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('ttlCache', () => {
  it('shares one load among everyone asking while it runs and until the time to live has passed', async () => {
    const time = fakeTime();
    const cache = ttlCache<number>(1_000, { now: time.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([1, 1, 1]);
    time.advance(999);
    expect(await cache.get('a', load)).toBe(1);
    time.advance(1);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('forgets a failed load at once', async () => {
    const cache = ttlCache<number>(1_000, { now: fakeTime().now });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });

  it('loads only the missing keys of a batch, in one call', async () => {
    const cache = ttlCache<string>(1_000, { now: fakeTime().now });
    const calls: string[][] = [];
    const loadMany = async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    };
    expect(await cache.getMany(['a', 'b'], loadMany)).toEqual(
      new Map([
        ['a', 'A'],
        ['b', 'B'],
      ]),
    );
    expect(await cache.getMany(['b', 'c', 'c'], loadMany)).toEqual(
      new Map([
        ['b', 'B'],
        ['c', 'C'],
      ]),
    );
    expect(calls).toEqual([['a', 'b'], ['c']]);
  });

  it('keeps nothing with a time to live of 0', async () => {
    const cache = ttlCache<number>(0, { now: fakeTime().now });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(2);
  });

  it('never grows past its bound', async () => {
    const time = fakeTime();
    const cache = ttlCache<number>(1_000, { now: time.now, maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load); // full of live entries: starts over with c
    expect(await cache.get('c', load)).toBe(3);
    expect(await cache.get('a', load)).toBe(4);
  });
});
