import { describe, expect, it } from 'vitest';
import { safeRedirectPath, sitePathOf } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeRedirectPath('/password/change')).toBe('/password/change');
    expect(safeRedirectPath('/drops?status=NEXT#top')).toBe('/drops?status=NEXT#top');
  });

  it.each([
    null,
    '',
    'drops',
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/signin',
    '/signup/',
  ])('falls back to home for %j', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });

  it('answers the given fallback, null included, for a path it refuses', () => {
    expect(safeRedirectPath('//evil.example', null)).toBeNull();
    expect(safeRedirectPath('/drops/d1?buy=1', null)).toBe('/drops/d1?buy=1');
  });
});

describe('sitePathOf', () => {
  it('answers a page of this site, sign-in included, as the URL parser normalised it', () => {
    expect(sitePathOf('/signup')).toBe('/signup');
    expect(sitePathOf('/drops/../products?q=a b#top')).toBe('/products?q=a%20b#top');
  });

  it.each([
    null,
    '',
    'drops',
    '//evil.example',
    '/\\evil.example',
    '/drops\\x',
    'https://evil.example',
    '/\t/evil.example',
  ])('answers null for %j', (value) => {
    expect(sitePathOf(value)).toBeNull();
  });
});
