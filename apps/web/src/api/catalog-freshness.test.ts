import { afterEach, describe, expect, it } from 'vitest';
import { catalogReadCache, noteCatalogChange, resetCatalogFreshness } from './catalog-freshness.ts';

afterEach(() => resetCatalogFreshness());

describe('catalogReadCache', () => {
  it('lets the browser cache public reads until the console changes something', () => {
    expect(catalogReadCache()).toBeUndefined();
  });

  it('revalidates public reads for as long as the API lets browsers keep a stale answer', () => {
    noteCatalogChange(1_000_000);
    expect(catalogReadCache(1_000_000 + 60_000)).toBe('no-cache');
    expect(catalogReadCache(1_000_000 + 5 * 60_000 + 59_000)).toBe('no-cache');
    expect(catalogReadCache(1_000_000 + 6 * 60_000)).toBeUndefined();
  });
});
