import { describe, expect, it } from 'vitest';
import { catalogMessages, ZBrandListQuery, ZProductListQuery, ZProductProperty } from './catalog.ts';
import { invisibleCharactersMessage } from './invisible-characters.ts';
import { rarities, rarityRank } from './catalog-vocabulary.ts';
import {
  SLUG_MAX_LENGTH,
  suggestSlug,
  ZCreateBannerRequest,
  ZCreateBrandRequest,
  ZCreateProductRequest,
  ZCreateTagRequest,
  ZUpdateBrandRequest,
  ZUpdateProductRequest,
  ZConsoleDate,
  ZConsoleTime,
  ZSlug,
} from './catalog-requests.ts';

describe('rarities', () => {
  it('rank COMMON < RARE < EPIC < LEGENDARY', () => {
    expect(rarities.map(rarityRank)).toEqual([1, 2, 3, 4]);
    expect(rarityRank('LEGENDARY')).toBeGreaterThan(rarityRank('EPIC'));
  });
});

describe('list queries', () => {
  it('default to the first page of 20, newest products first, and accept brand types in any case', () => {
    expect(ZProductListQuery.parse({})).toMatchObject({ page: 1, size: 20, sort: '-createdAt' });
    expect(ZBrandListQuery.parse({ type: 'gaming', isFeatured: 'true', q: '  ' })).toMatchObject({
      type: 'GAMING',
      isFeatured: true,
      q: undefined,
    });
  });
});

describe('console requests', () => {
  const brand = { slug: '  Neon-Arcade ', name: 'Neon Arcade', type: 'GAMING' };

  it('normalise slugs and fill defaults on create', () => {
    expect(ZCreateBrandRequest.parse(brand)).toEqual({
      slug: 'neon-arcade',
      name: 'Neon Arcade',
      type: 'GAMING',
      tagline: null,
      description: null,
      logoUrl: null,
      bannerUrl: null,
      websiteUrl: null,
      isFeatured: false,
    });
  });

  it('refuse unknown fields and bad slugs, with the rule in words', () => {
    expect(ZCreateBrandRequest.safeParse({ ...brand, status: 'PUBLISHED' }).success).toBe(false);
    const badSlug = ZCreateBrandRequest.safeParse({ ...brand, slug: 'two--dashes' });
    expect(badSlug.error?.issues[0]?.message).toMatch(/lowercase letters, digits and single dashes/);
  });

  it('leave unmentioned fields alone on update (no defaults), let an emptied field clear, and refuse an empty change', () => {
    expect(ZUpdateBrandRequest.parse({ tagline: '' })).toEqual({ tagline: null });
    expect(ZUpdateProductRequest.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
    expect(ZUpdateBrandRequest.safeParse({}).success).toBe(false);
  });

  it('take images from uploads only (checked by content there)', () => {
    const product = { brandId: '0191a7e2-0000-7000-8000-000000000000', name: 'X', rarity: 'RARE' };
    expect(ZCreateProductRequest.safeParse({ ...product, imageUrl: '/uploads/abc.png' }).success).toBe(true);
    for (const imageUrl of [
      'https://cdn.example/a.png',
      'http://cdn.example/a.png',
      'javascript:alert(1)',
      '/uploads/../secret',
      'data:image/png;base64,AA==',
    ]) {
      expect(ZCreateProductRequest.safeParse({ ...product, imageUrl }).success, imageUrl).toBe(false);
    }
  });

  // Console hunt of session 64: `/\example.org` was taken as a path, and the browser went to example.org.
  it('send a banner to a page of this site or an https address, never another site behind a path', () => {
    const banner = { title: 'T', imageUrl: '/uploads/b.webp' };
    for (const linkUrl of ['/drops', '/products?rarity=RARE#top', 'https://partner.example/launch']) {
      expect(ZCreateBannerRequest.safeParse({ ...banner, linkUrl }).success, linkUrl).toBe(true);
    }
    for (const linkUrl of [
      '//evil.example',
      '/\\evil.example/x',
      '/drops\\..\\x',
      'http://a.example',
      'javascript:x',
    ]) {
      expect(ZCreateBannerRequest.safeParse({ ...banner, linkUrl }).error?.issues[0]?.path, linkUrl).toEqual([
        'linkUrl',
      ]);
    }
  });

  it('refuse a banner that ends before it starts', () => {
    const banner = { title: 'T', imageUrl: '/uploads/b.webp' };
    const backwards = ZCreateBannerRequest.safeParse({
      ...banner,
      startsAt: '2026-02-01T00:00:00Z',
      endsAt: '2026-01-01T00:00:00Z',
    });
    expect(backwards.error?.issues[0]).toMatchObject({
      path: ['endsAt'],
      message: 'The end must come after the start.',
    });
    expect(ZCreateBannerRequest.safeParse({ ...banner, startsAt: '2026-01-01T00:00:00Z' }).success).toBe(true);
  });
});

describe('a moment an operator sets', () => {
  it('falls within the years 1970 to 9999 in UTC, where the database keeps it, whatever its offset', () => {
    expect(ZConsoleTime.safeParse('9999-12-31T18:00:00-05:00').success).toBe(true);
    // The year 10000 in UTC: PostgreSQL cannot write it back as a time with an offset.
    const past = ZConsoleTime.safeParse('9999-12-31T23:59:59-05:00');
    expect(past.error?.issues[0]?.message).toBe('Pick a date between the years 1970 and 9999.');
    expect(ZConsoleTime.safeParse('1970-01-01T00:30:00+01:00').success).toBe(false);
    expect(ZConsoleTime.safeParse('1970-01-01T00:30:00Z').success).toBe(true);
    expect(ZConsoleDate.safeParse('9999-12-31').success).toBe(true);
    expect(ZConsoleDate.safeParse('0000-01-01').success).toBe(false);
  });
});

describe('suggestSlug', () => {
  it('makes a slug the contract accepts from a name', () => {
    expect(suggestSlug('Neon Arcade: Genesis!')).toBe('neon-arcade-genesis');
    expect(suggestSlug('  Café Crème  ')).toBe('cafe-creme');
    expect(ZSlug.safeParse(suggestSlug('Neon Arcade: Genesis!')).success).toBe(true);
  });

  it('cuts a long name to the slug length without leaving a dash at the end', () => {
    const slug = suggestSlug(`${'a'.repeat(SLUG_MAX_LENGTH - 1)} b`);
    expect(slug).toBe('a'.repeat(SLUG_MAX_LENGTH - 1));
    expect(ZSlug.safeParse(slug).success).toBe(true);
  });
});

// Session 69's console hunt: a tag named "Gen\u200Besis" was taken beside "Genesis", the two alike on screen.
describe('a name', () => {
  it('holds no invisible character, and keeps an emoji sequence whole', () => {
    for (const name of ['Gen\u200Besis', 'Gene\uFEFFsis', 'Neon \u202Eedaca', 'Soft\u00ADhyphen']) {
      expect(ZCreateTagRequest.safeParse({ slug: 'genesis', name }).error?.issues[0]?.message, name).toBe(
        catalogMessages.nameInvisible,
      );
    }
    expect(ZCreateTagRequest.safeParse({ slug: 'family', name: 'Family \u{1F468}\u200D\u{1F469}' }).success).toBe(true);
  });
});

// Session 79's hunt: a brand given another brand's id as its slug could never be reached by it.
describe('a slug', () => {
  it('cannot have the shape of an id, in either case', () => {
    for (const slug of ['01a25344-c3b7-7421-a382-956d302af34a', '01A25344-C3B7-7421-A382-956D302AF34A']) {
      expect(ZCreateTagRequest.safeParse({ slug, name: 'Impostor' }).error?.issues[0]?.message, slug).toBe(
        catalogMessages.slugLikeId,
      );
    }
    expect(ZCreateTagRequest.safeParse({ slug: 'neon-arcade-2026', name: 'Neon Arcade' }).success).toBe(true);
  });
});

describe('a product property', () => {
  it('says which half of a row is missing, not the list-wide limit', () => {
    const messages = (property: object) =>
      ZProductProperty.safeParse(property).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ traitType: ' ', value: 'Neon' })).toEqual([catalogMessages.propertyTraitType]);
    expect(messages({ traitType: 'Background', value: '' })).toEqual([catalogMessages.propertyValue]);
    expect(messages({ traitType: 'Background', value: 'Neon' })).toEqual([]);
    // Session 79's hunt: a trait collectors read, like a name, holds no invisible character.
    expect(messages({ traitType: 'Back\u200Bground', value: 'Ne\u202Eon' })).toEqual([
      invisibleCharactersMessage,
      invisibleCharactersMessage,
    ]);
  });

  // Session 69's console hunt: the same trait twice was saved, and listed twice on the product's page.
  it('is listed once per trait type, whatever its case, the second said to be listed already', () => {
    const properties = [
      { traitType: 'Background', value: 'Neon' },
      { traitType: 'Eyes', value: 'Laser' },
      { traitType: 'background', value: 'Dusk' },
    ];
    const refused = ZUpdateProductRequest.safeParse({ properties });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['properties.2.traitType', catalogMessages.propertyRepeated],
    ]);
    expect(ZUpdateProductRequest.safeParse({ properties: properties.slice(0, 2) }).success).toBe(true);
  });
});

describe('optional texts', () => {
  it('say their limit when too long, not only that they are (a description takes 5,000 characters)', () => {
    const result = ZCreateBrandRequest.safeParse({
      slug: 'neon-arcade',
      name: 'Neon Arcade',
      type: 'GAMING',
      description: 'a'.repeat(5_001),
    });
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['description'], message: 'Use at most 5,000 characters.' }),
    );
    expect(catalogMessages.textTooLong(120)).toBe('Use at most 120 characters.');
  });
});
