import { describe, expect, it } from 'vitest';
import { canonicalPagePath } from './web-routes.ts';

describe('canonicalPagePath', () => {
  it('spells a page the way the route table does, without a trailing slash, whatever was typed', () => {
    expect(canonicalPagePath('/')).toBe('/');
    expect(canonicalPagePath('/drops/')).toBe('/drops');
    expect(canonicalPagePath('/DROPS/')).toBe('/drops');
    expect(canonicalPagePath('//guide//')).toBe('/guide');
    expect(canonicalPagePath('/Tickets/Attendance')).toBe('/tickets/attendance');
  });

  it('keeps what fills a parameter as it came, and prefers a fixed page to a parameter', () => {
    expect(canonicalPagePath('/Drops/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/')).toBe(
      '/drops/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    );
    expect(canonicalPagePath('/BRANDS/Artist/x')).toBe('/brands/Artist/x');
    expect(canonicalPagePath('/purchase/CARD')).toBe('/purchase/card');
  });

  it('leaves an address of no route as it is, less its trailing slash', () => {
    expect(canonicalPagePath('/no-such-page/')).toBe('/no-such-page');
  });
});
