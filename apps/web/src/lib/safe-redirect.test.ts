import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

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
