import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installTokenRefresh } from '../api/refresh.ts';
import { getSession, resetSessionSnapshot, startSession } from '../lib/session.ts';
import { getStored, setStored } from '../lib/storage.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { setViewport } from '../test/viewport.ts';
import { STATUS_REDIRECT_EXEMPT } from './session-redirect.ts';

let uninstall: () => void;
beforeEach(() => {
  uninstall = installTokenRefresh();
});
afterEach(() => uninstall());

function signedInAs(status: string, email = 'fan@example.com'): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    if (request.path === '/v1/users/my' && request.authorization === 'Bearer access-1') {
      return json(200, { data: myUser({ email, status, isEmailVerified: status !== 'CREATED' }) });
    }
    if (request.path === '/v1/users/authentications/logout') return apiFailure(500, 'INTERNAL_ERROR');
    return apiFailure(404, 'NOT_FOUND');
  });
}

async function settledAt(router: ReturnType<typeof renderApp>['router'], pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  await screen.findByRole('heading', { level: 1 });
}

describe('status redirects', () => {
  it('sends a signed-in CREATED account from home to /email/verify', async () => {
    signedInAs('CREATED');
    const { router } = renderApp('/');
    await settledAt(router, '/email/verify');
    await screen.findByRole('heading', { level: 1, name: 'Check your inbox' });
  });

  it('sends an EMAIL_VERIFIED account from /drops to /profile/creation', async () => {
    signedInAs('EMAIL_VERIFIED');
    const { router } = renderApp('/drops');
    await settledAt(router, '/profile/creation');
  });

  it('leaves an ACTIVE account on the page it asked for', async () => {
    const sent = signedInAs('ACTIVE');
    const { router } = renderApp('/drops');
    await waitFor(() => expect(sent.some((request) => request.path === '/v1/users/my')).toBe(true));
    await settledAt(router, '/drops');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Drops');
  });

  // /signin and /signup are exempt too (the account is signed in a moment before those pages move on), but a
  // signed-in person who opens them is sent on by the pages themselves (tested below and in features/auth); so is a
  // CREATED account on /profile/creation, which its page sends to verify the email first (features/users), and on
  // /email/verified, which has nothing verified to say to it (features/auth, email-verify-page.test.tsx).
  const sentOnByTheirPages = new Set(['/signin', '/signup', '/profile/creation', '/email/verified']);
  const stayingExempt = STATUS_REDIRECT_EXEMPT.filter((pathname) => !sentOnByTheirPages.has(pathname));

  it.each(stayingExempt)('does not redirect a CREATED account away from %s', async (pathname) => {
    const sent = signedInAs('CREATED');
    const { router } = renderApp(pathname);
    await waitFor(() => expect(sent.some((request) => request.path === '/v1/users/my')).toBe(true));
    await screen.findByRole('heading', { level: 1 });
    // Give a redirect every chance to happen.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(router.state.location.pathname).toBe(pathname);
  });

  it.each(['/signin', '/signup'])(
    'sends a CREATED account from %s on, and then to verify its email',
    async (pathname) => {
      signedInAs('CREATED');
      const { router } = renderApp(pathname);
      await settledAt(router, '/email/verify');
    },
  );

  it('sends a visitor on a signed-in route to /signin, remembering where they were going', async () => {
    stubApi(() => apiFailure(404, 'NOT_FOUND'));
    const { router } = renderApp('/password/change');
    await settledAt(router, '/signin');
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/password/change')}`);
  });

  it('goes to sign-in when the session cannot be refreshed on an ordinary page', async () => {
    startSession({ accessToken: 'expired', refreshToken: 'spent' });
    stubApi((request) =>
      request.path === '/v1/users/authentications/auth-refresh'
        ? apiFailure(401, 'SESSION_EXPIRED')
        : apiFailure(401, 'UNAUTHORIZED'),
    );
    const { router } = renderApp('/drops');
    await settledAt(router, '/signin');
    expect(getSession().isLoggedIn).toBe(false);
    expect(getStored('refreshToken')).toBeUndefined();
  });

  it.each([
    // Each page as it settles: its key checked (the reset form), or spent (verified).
    ['/password/reset?key=reset-key-1', () => screen.findByLabelText(/^New password/)],
    ['/email/verify?key=verify-key-1', () => screen.findByRole('heading', { level: 1, name: 'Email verified' })],
  ])(
    'stays on a mailed link (%s), its key kept, when the session stored in the browser cannot be refreshed',
    async (url, settled) => {
      startSession({ accessToken: 'expired', refreshToken: 'revoked' });
      const sent = stubApi((request) => {
        if (request.path === '/v1/users/authentications/auth-refresh') return apiFailure(401, 'SESSION_EXPIRED');
        if (request.path === '/v1/users/authentications/reset-password/check') return json(200, { data: {} });
        if (request.path === '/v1/users/authentications/email-verifications') {
          return json(200, { data: { userId: myUser().id, status: 'EMAIL_VERIFIED' } });
        }
        return apiFailure(401, 'UNAUTHORIZED');
      });
      const { router } = renderApp(url);

      await waitFor(() => expect(getSession().isLoggedIn).toBe(false));
      await settled();
      expect(sent.some((request) => request.path === '/v1/users/authentications/auth-refresh')).toBe(true);
      expect(getStored('refreshToken')).toBeUndefined();
      // No move under way either (a move to sign-in waits for that page's code before the address changes).
      expect(router.state.navigation.state).toBe('idle');
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(url);
    },
  );
  // Session 53's note: a stored session that had died sent someone who came to sign up onward at once, to the page in
  // redirectTo, which found it dead and sent them to sign-in: not the form they asked for. Sign-in waits the same way
  // (it came back to itself before, by that same detour).
  it.each([
    ['/signup?redirectTo=%2Fdrops', 'Create account'],
    ['/signin?redirectTo=%2Fdrops', 'Sign in'],
  ])(
    'shows the form of %s, where it was asked for, when the session stored in the browser has died',
    async (url, button) => {
      startSession({ accessToken: 'expired', refreshToken: 'revoked' });
      const sent = stubApi((request) =>
        request.path === '/v1/users/authentications/auth-refresh'
          ? apiFailure(401, 'SESSION_EXPIRED')
          : apiFailure(401, 'UNAUTHORIZED'),
      );
      const { router } = renderApp(url);

      expect(await screen.findByRole('button', { name: button })).toBeInTheDocument();
      expect(getSession().isLoggedIn).toBe(false);
      expect(sent.some((request) => request.path === '/v1/users/authentications/auth-refresh')).toBe(true);
      expect(router.state.navigation.state).toBe('idle');
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(url);
      // Nor went to the drops and back (the page there reads the drops).
      expect(sent.some((request) => request.path.startsWith('/v1/drops'))).toBe(false);
    },
  );
});

describe('header', () => {
  it('offers sign-in and sign-up to visitors', async () => {
    stubApi(() => apiFailure(404, 'NOT_FOUND'));
    renderApp('/guide');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(within(banner).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(within(banner).queryByRole('button', { name: /account menu/i })).toBeNull();
  });

  it('keeps the page a visitor was going to when they switch between sign-in and sign-up from the header', async () => {
    stubApi(() => apiFailure(404, 'NOT_FOUND'));
    renderApp(`/signin?redirectTo=${encodeURIComponent('/drops/drop-1')}`);
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      `/signup?redirectTo=${encodeURIComponent('/drops/drop-1')}`,
    );
    expect(within(banner).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/signin?redirectTo=${encodeURIComponent('/drops/drop-1')}`,
    );
  });

  it('shows the person’s photo on the account button once they have one, else their initial', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    stubApi((request) =>
      request.path === '/v1/users/my'
        ? json(200, { data: myUser({ nickname: 'Ada', photoUrl: '/uploads/ada.webp' }) })
        : apiFailure(404, 'NOT_FOUND'),
    );
    renderApp('/guide');
    const trigger = await within(await screen.findByRole('banner')).findByRole('button', { name: /account menu/i });
    await waitFor(() => expect(trigger.querySelector('img')?.getAttribute('src')).toBe('/uploads/ada.webp'));
    // The picture stands where the initial stood.
    expect(trigger.querySelector('img')?.parentElement?.textContent).toBe('');
  });

  // Collector walk of session 46: a new browser's first page showed "Y" (for "Your account") until the name came.
  it('shows no initial on the account button while the person’s name is unknown, and theirs once known', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    // The record cannot be read: the name stays unknown.
    stubApi(() => apiFailure(503, 'SERVICE_UNAVAILABLE'));
    const first = renderApp('/guide');
    const unknown = await within(await screen.findByRole('banner')).findByRole('button', {
      name: 'Account menu for Your account',
    });
    expect(unknown.firstElementChild!.textContent).toBe('');
    expect(unknown.firstElementChild!.querySelector('svg')).not.toBeNull();
    first.unmount();

    // Known from this browser's storage (kept from an earlier visit): their initial at once.
    setStored('user', { id: myUser().id, email: 'ada@example.com', status: 'ACTIVE', nickname: 'Ada' });
    resetSessionSnapshot();
    renderApp('/guide');
    const known = await within(await screen.findByRole('banner')).findByRole('button', {
      name: 'Account menu for Ada',
    });
    expect(known.firstElementChild!.textContent).toBe('A');
  });

  it('shows the account menu when signed in, and signing out clears everything even if logout fails', async () => {
    const sent = signedInAs('ACTIVE', 'collector@example.com');
    setStored('onboardingCompleted', true);
    const { router } = renderApp('/guide');
    const user = userEvent.setup();
    // The page itself, not the loading frame (which has a header of its own) shown while its code loads.
    await screen.findByRole('heading', { level: 1, name: 'Guide' });
    const banner = screen.getByRole('banner');

    const trigger = await within(banner).findByRole('button', { name: /account menu for collector@example\.com/i });
    expect(within(banner).queryByRole('link', { name: 'Sign in' })).toBeNull();
    await user.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    for (const [name, href] of [
      ['View public profile', `/users/${myUser().id}`],
      ['My packs', '/drops?tab=packs'],
      ['Purchases', '/payment?tab=purchases'],
      ['Daily check-in', '/tickets/attendance'],
      ['Redeem a code', '/profile/redeem'],
      ['Edit profile', '/profile/edit'],
      ['Account security', '/account/security'],
      ['Connected accounts', '/account/connect'],
      ['Payment', '/payment'],
      ['Notifications', '/notifications'],
      ['Change password', '/password/change'],
    ]) {
      expect(within(panel).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    // The bell beside the menu leads to the notifications too.
    expect(
      within(banner)
        .getAllByRole('link', { name: /^Notifications/ })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/notifications', '/notifications']);

    await user.click(within(banner).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(getSession().isLoggedIn).toBe(false));
    expect(sent.some((request) => request.path === '/v1/users/authentications/logout')).toBe(true);
    expect(getStored('accessToken')).toBeUndefined();
    expect(getStored('user')).toBeUndefined();
    expect(getStored('onboardingCompleted')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await within(banner).findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  // Session 72's access hunt: tabbed past Sign out, the panel stayed open over what the focus moved on to.
  it('closes the account menu when the focus leaves it, and not while it moves inside', async () => {
    signedInAs('ACTIVE', 'collector@example.com');
    setStored('onboardingCompleted', true);
    renderApp('/guide');
    await screen.findByRole('heading', { level: 1, name: 'Guide' });
    const banner = screen.getByRole('banner');
    const trigger = await within(banner).findByRole('button', { name: /account menu for collector@example\.com/i });
    const user = userEvent.setup();
    await user.click(trigger);
    await user.tab();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    within(banner).getByRole('button', { name: 'Sign out' }).focus();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  // The session's review: on /payment, Purchases (/payment?tab=purchases) left the panel open over the page.
  it('closes the account menu after a link that changes only the query', async () => {
    signedInAs('ACTIVE', 'collector@example.com');
    setStored('onboardingCompleted', true);
    const { router } = renderApp('/guide?from=menu');
    await screen.findByRole('heading', { level: 1, name: 'Guide' });
    const banner = screen.getByRole('banner');
    const trigger = await within(banner).findByRole('button', { name: /account menu for collector@example\.com/i });
    const user = userEvent.setup();
    await user.click(trigger);
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    // To the page shown with another query, as Purchases is from /payment.
    await act(() => router.navigate('/guide?from=elsewhere'));
    expect(router.state.location.pathname).toBe('/guide');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });
});

describe('mobile menu', () => {
  // The menu is a phone's and a narrow tablet's: happy-dom's window is 1,024 px wide, where the header shows its own.
  beforeEach(() => setViewport(390, 844));
  afterEach(() => setViewport(1024, 768));

  it('makes the page behind it inert while open, so focus stays in the menu and the header, and frees it on close', async () => {
    stubApi(() => apiFailure(404, 'NOT_FOUND'));
    renderApp('/guide');
    await screen.findByRole('heading', { level: 1, name: 'Guide' });
    const user = userEvent.setup();
    const main = screen.getByRole('main');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const inertAncestor = () => main.closest('[inert]');
    expect(inertAncestor()).not.toBeNull();
    expect(screen.getByRole('banner').closest('[inert]')).toBeNull();
    await user.keyboard('{Escape}');
    expect(inertAncestor()).toBeNull();
  });

  it('closes when the window widens to where it is hidden, so the page behind it is not left inert', async () => {
    stubApi(() => apiFailure(404, 'NOT_FOUND'));
    renderApp('/guide');
    await screen.findByRole('heading', { level: 1, name: 'Guide' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('main').closest('[inert]')).not.toBeNull();

    setViewport(1280, 800);
    await waitFor(() => expect(screen.getByRole('main').closest('[inert]')).toBeNull());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on the way to another page by a link outside it, such as the logo', async () => {
    stubApi(() => apiFailure(404, 'NOT_FOUND'));
    const { router } = renderApp('/guide');
    await screen.findByRole('heading', { level: 1, name: 'Guide' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: /home$/ }));
    await waitFor(() => expect(screen.getByRole('main').closest('[inert]')).toBeNull());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    // Back to the page it was opened on, it stays closed (the review: that page's key opened it again).
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Guide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('main').closest('[inert]')).toBeNull();
  });
});
