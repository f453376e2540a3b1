import { describe, expect, it } from 'vitest';
import { pagePlace } from './page-place.ts';

describe('pagePlace', () => {
  it('is the path and query of an address, without the purchase popup’s parameter', () => {
    expect(pagePlace({ pathname: '/drops/d-1', search: '' })).toBe('/drops/d-1');
    expect(pagePlace({ pathname: '/drops/d-1', search: '?buy=1' })).toBe('/drops/d-1');
    expect(pagePlace({ pathname: '/tickets', search: '?tab=mine&buy=k-1' })).toBe('/tickets?tab=mine');
    expect(pagePlace({ pathname: '/products', search: '?rarity=RARE&page=2' })).toBe('/products?rarity=RARE&page=2');
  });
});
