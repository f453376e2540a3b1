import { describe, expect, it } from 'vitest';
import { sessionRedirect, STATUS_REDIRECT_EXEMPT, type RedirectInput } from './session-redirect.ts';

const base: RedirectInput = { pathname: '/', search: '', isLoggedIn: true, status: undefined, access: 'public' };

describe('sessionRedirect', () => {
  it('sends a signed-in CREATED account to /email/verify and an EMAIL_VERIFIED one to /profile/creation', () => {
    expect(sessionRedirect({ ...base, pathname: '/drops', status: 'CREATED' })).toBe('/email/verify');
    expect(sessionRedirect({ ...base, pathname: '/drops', search: '?tab=live', status: 'EMAIL_VERIFIED' })).toBe(
      `/profile/creation?redirectTo=${encodeURIComponent('/drops?tab=live')}`,
    );
    expect(sessionRedirect({ ...base, pathname: '/', status: 'EMAIL_VERIFIED' })).toBe('/profile/creation');
    expect(sessionRedirect({ ...base, pathname: '/', status: 'CREATED' })).toBe('/email/verify');
  });

  it('leaves ACTIVE accounts, visitors and unknown statuses where they are', () => {
    expect(sessionRedirect({ ...base, pathname: '/drops', status: 'ACTIVE' })).toBeNull();
    expect(sessionRedirect({ ...base, pathname: '/drops', status: undefined })).toBeNull();
    expect(sessionRedirect({ ...base, pathname: '/drops', isLoggedIn: false, status: 'CREATED' })).toBeNull();
  });

  it('names exactly the exempt routes of spec section 2', () => {
    expect([...STATUS_REDIRECT_EXEMPT].sort()).toEqual(
      ['/signup', '/signin', '/password/reset', '/email/verify', '/email/verified', '/profile/creation'].sort(),
    );
  });

  describe.each(STATUS_REDIRECT_EXEMPT)('on the exempt route %s', (pathname) => {
    it.each(['CREATED', 'EMAIL_VERIFIED'] as const)('does not redirect a %s account', (status) => {
      expect(sessionRedirect({ ...base, pathname, status })).toBeNull();
      expect(sessionRedirect({ ...base, pathname: `${pathname}/`, status })).toBeNull();
    });
  });

  it('leaves a provider’s sign-in callback to move on by itself, never keeping it as the way back', () => {
    for (const pathname of ['/oauth/google/callback', '/oauth/discord/callback/']) {
      for (const status of ['CREATED', 'EMAIL_VERIFIED'] as const) {
        expect(sessionRedirect({ ...base, pathname, search: '?code=c&state=s', status })).toBeNull();
      }
    }
  });

  it('does apply on routes that only look like exempt ones', () => {
    expect(sessionRedirect({ ...base, pathname: '/password/change', status: 'CREATED' })).toBe('/email/verify');
    expect(sessionRedirect({ ...base, pathname: '/profile/edit', status: 'EMAIL_VERIFIED' })).toBe(
      `/profile/creation?redirectTo=${encodeURIComponent('/profile/edit')}`,
    );
  });

  it('sends visitors on a signed-in route to /signin with the way back', () => {
    const target = sessionRedirect({
      ...base,
      pathname: '/password/change',
      search: '?from=menu',
      isLoggedIn: false,
      access: 'signed-in',
    });
    expect(target).toBe(`/signin?redirectTo=${encodeURIComponent('/password/change?from=menu')}`);
    // The fragment comes back too (a section of the page, a tab).
    expect(
      sessionRedirect({
        ...base,
        pathname: '/profile/edit',
        search: '?from=menu',
        hash: '#photo',
        isLoggedIn: false,
        access: 'signed-in',
      }),
    ).toBe(`/signin?redirectTo=${encodeURIComponent('/profile/edit?from=menu#photo')}`);
    expect(
      sessionRedirect({ ...base, pathname: '/password/change', status: 'ACTIVE', access: 'signed-in' }),
    ).toBeNull();
  });
});
