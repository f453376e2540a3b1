import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string.ts';

describe('toQueryString', () => {
  it('skips null and undefined but keeps zero, false and empty strings', () => {
    expect(toQueryString({ page: 1, brandId: null, sort: undefined, size: 0, isActive: false, q: '' })).toBe(
      'page=1&size=0&isActive=false&q=',
    );
  });

  it('writes arrays with indexes, skipping null items without renumbering the rest', () => {
    expect(toQueryString({ status: ['NEXT', 'AVAILABLE'] })).toBe('status[0]=NEXT&status[1]=AVAILABLE');
    expect(toQueryString({ ids: ['a', null, 'c'] })).toBe('ids[0]=a&ids[2]=c');
  });

  it('nests objects and arrays inside objects', () => {
    expect(toQueryString({ filter: { brand: 'b1', rarity: ['rare', 'epic'] } })).toBe(
      'filter[brand]=b1&filter[rarity][0]=rare&filter[rarity][1]=epic',
    );
  });

  it('percent-encodes keys and values but keeps the index brackets literal', () => {
    expect(toQueryString({ q: 'cats & dogs=1?', 'sort by': '-createdAt', tags: ['#1 fan'] })).toBe(
      'q=cats%20%26%20dogs%3D1%3F&sort%20by=-createdAt&tags[0]=%231%20fan',
    );
  });

  it('writes dates as ISO 8601', () => {
    expect(toQueryString({ from: new Date('2026-11-22T01:00:00.000Z') })).toBe('from=2026-11-22T01%3A00%3A00.000Z');
  });

  it('is empty for no parameters', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({ a: null, b: [] })).toBe('');
  });
});
