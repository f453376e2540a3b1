import type { TBrand, TConsoleMe, TConsoleProductListItem, TPage, TProductListItem } from '@cypher/contract';

/**
 * Catalogue answers for tests, valid against the contract's schemas (the API client parses every answer). Ids are
 * fixed, so a test can name what it expects.
 */
const at = '2026-11-01T00:00:00.000Z';

export const ids = {
  neonArcade: '0190a0b0-0000-7000-8000-0000000000b1',
  ariaVale: '0190a0b0-0000-7000-8000-0000000000b2',
  dragon: '0190a0b0-0000-7000-8000-0000000000d1',
  squire: '0190a0b0-0000-7000-8000-0000000000d2',
  manager: '0190a0b0-0000-7000-8000-0000000000e1',
};

export function brand(changes: Partial<TBrand> = {}): TBrand {
  return {
    id: ids.neonArcade,
    slug: 'neon-arcade',
    name: 'Neon Arcade',
    type: 'GAMING',
    logoUrl: '/uploads/neon-logo.webp',
    tagline: 'Retro worlds, rebuilt for collectors.',
    description: null,
    bannerUrl: null,
    websiteUrl: null,
    isFeatured: true,
    status: 'PUBLISHED',
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    ...changes,
  };
}

export function productItem(changes: Partial<TProductListItem> = {}): TProductListItem {
  const { id, slug, name, type, logoUrl } = brand();
  return {
    id: ids.dragon,
    name: 'Dragon of the Eighth Bit',
    rarity: 'LEGENDARY',
    imageUrl: '/uploads/dragon.webp',
    imageThumbnailUrl: '/uploads/dragon-thumb.webp',
    editionSize: 10,
    brand: { id, slug, name, type, logoUrl },
    collection: null,
    status: 'PUBLISHED',
    publishedAt: at,
    createdAt: at,
    updatedAt: at,
    ...changes,
  };
}

/** A product as the console lists it: all of its edition size left unless said (an open edition: null). */
export function consoleProductItem(changes: Partial<TConsoleProductListItem> = {}): TConsoleProductListItem {
  const product = productItem(changes);
  return { ...product, editionsLeft: product.editionSize, ...changes };
}

export function page<T>(items: T[], changes: Partial<TPage<T>> = {}): TPage<T> {
  return { items, page: 1, size: 20, total: items.length, ...changes };
}

export function consoleMe(changes: Partial<TConsoleMe> = {}): TConsoleMe {
  return {
    userId: ids.manager,
    email: 'manager@example.com',
    nickname: 'Manager',
    roles: ['brand_manager'],
    isAdmin: false,
    brands: [{ id: ids.neonArcade, slug: 'neon-arcade', name: 'Neon Arcade', type: 'GAMING', logoUrl: null }],
    ...changes,
  };
}

/** The query of a request the fake API recorded, to check what a page asked for. */
export function queryOf(path: string): URLSearchParams {
  return new URL(path, 'http://test.local').searchParams;
}

export function pathnameOf(path: string): string {
  return new URL(path, 'http://test.local').pathname;
}
