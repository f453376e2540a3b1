import { describe, expect, it } from 'vitest';
import { SEARCH_TEXT_MAX_LENGTH } from '@cypher/contract';
import { MAX_SQL_INTEGER } from '@cypher/contract';
import { oneOf, pageNumberOf, searchTextOf, searchWith } from './use-url-filters.ts';

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

describe('pageNumberOf', () => {
  it('reads a page number, and 1 for none or a mangled one', () => {
    expect(pageNumberOf('3')).toBe(3);
    expect(pageNumberOf('2.5')).toBe(2);
    for (const value of [null, undefined, '', '0', '-2', 'first', 'Infinity']) expect(pageNumberOf(value)).toBe(1);
  });

  it('reads a page past the largest the API takes as that page, so it is sent and answered as past the end', () => {
    expect(pageNumberOf(String(MAX_SQL_INTEGER))).toBe(MAX_SQL_INTEGER);
    // Past PostgreSQL's integer, which the API's page stops at, though still a safe integer (session 78's hunt).
    expect(pageNumberOf('3000000000')).toBe(MAX_SQL_INTEGER);
    expect(pageNumberOf('99999999999999999999')).toBe(MAX_SQL_INTEGER);
    expect(pageNumberOf('1e400')).toBe(1);
  });
});

describe('searchTextOf', () => {
  it('reads the search the API takes from any address: trimmed, cut to its length, without a NUL character', () => {
    expect(searchTextOf('  knight ')).toBe('knight');
    expect(searchTextOf(undefined)).toBe('');
    expect(searchTextOf('\u0000')).toBe('');
    expect(searchTextOf('kni\u0000ght')).toBe('knight');
    expect(searchTextOf('x'.repeat(SEARCH_TEXT_MAX_LENGTH + 5))).toHaveLength(SEARCH_TEXT_MAX_LENGTH);
  });
});
