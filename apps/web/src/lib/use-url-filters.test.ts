import { describe, expect, it } from 'vitest';
import { oneOf, searchWith } from './use-url-filters.ts';

describe('searchWith', () => {
  it('sets and clears filters, and a new filter starts again at page 1', () => {
    const current = new URLSearchParams('rarity=rare&page=3&q=knight');
    expect(searchWith(current, { rarity: 'epic' })).toBe('?rarity=epic&q=knight');
    expect(searchWith(current, { q: '' })).toBe('?rarity=rare');
  });

  it('keeps the filters when only the page changes, and leaves page 1 out of the address', () => {
    const current = new URLSearchParams('rarity=rare&page=3');
    expect(searchWith(current, { page: 4 })).toBe('?rarity=rare&page=4');
    expect(searchWith(current, { page: 1 })).toBe('?rarity=rare');
    expect(searchWith(new URLSearchParams('page=2'), { page: 1 })).toBe('');
  });

  it('starts a list paged by cursor again at its first page when a filter changes, and keeps it when paging', () => {
    const current = new URLSearchParams('kind=deposit&cursor=abc');
    expect(searchWith(current, { kind: 'purchase' })).toBe('?kind=purchase');
    expect(searchWith(current, { cursor: 'def' })).toBe('?kind=deposit&cursor=def');
    expect(searchWith(current, { cursor: undefined })).toBe('?kind=deposit');
  });
});

describe('oneOf', () => {
  it('accepts only the listed values, so a hand-edited address is ignored rather than sent', () => {
    expect(oneOf('RARE', ['COMMON', 'RARE'] as const)).toBe('RARE');
    expect(oneOf('SHINY', ['COMMON', 'RARE'] as const)).toBeUndefined();
    expect(oneOf(undefined, ['COMMON'] as const)).toBeUndefined();
  });
});
