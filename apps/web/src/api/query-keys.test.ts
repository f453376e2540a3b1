import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';

describe('queryKeys', () => {
  it('starts every key with its domain, so invalidating the domain reaches lists and details', () => {
    const all = queryKeys.drops.all;
    expect(queryKeys.drops.list({ page: 1 }).slice(0, all.length)).toEqual(all);
    expect(queryKeys.drops.detail('d1').slice(0, all.length)).toEqual(all);
    expect(queryKeys.users.my().slice(0, 1)).toEqual(queryKeys.users.all);
  });

  it('keeps list parameters in the key, so different filters are cached apart', () => {
    expect(queryKeys.drops.list({ status: 'NEXT' })).not.toEqual(queryKeys.drops.list({ status: 'AVAILABLE' }));
  });
});
