import { describe, expect, it } from 'vitest';
import { coalescedReads } from './coalesced-reads.ts';

describe('coalescedReads', () => {
  it('sends the keys asked for in one turn of the event loop as one read, each key once, and answers each caller', async () => {
    const calls: string[][] = [];
    const read = coalescedReads(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.toUpperCase()]));
    });
    const answers = await Promise.all([read('a'), read('b'), read('a'), read('missing')]);
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(calls).toEqual([['a', 'b', 'missing']]);

    // A later turn is a read of its own.
    expect(await read('c')).toBe('C');
    expect(calls).toEqual([['a', 'b', 'missing'], ['c']]);
  });

  it('splits a large turn into reads of at most maxKeys', async () => {
    const sizes: number[] = [];
    const read = coalescedReads(
      async (keys: number[]) => {
        sizes.push(keys.length);
        return new Map(keys.map((key) => [key, key * 2]));
      },
      { maxKeys: 4 },
    );
    const answers = await Promise.all(Array.from({ length: 10 }, (_, key) => read(key)));
    expect(answers).toEqual(Array.from({ length: 10 }, (_, key) => key * 2));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('fails every read a failed query carried, and reads again afterwards', async () => {
    let isDown = true;
    const read = coalescedReads(async (keys: string[]) => {
      if (isDown) throw new Error('the database went away');
      return new Map(keys.map((key) => [key, key]));
    });
    const failed = await Promise.allSettled([read('a'), read('b')]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    isDown = false;
    expect(await read('a')).toBe('a');
  });
});
