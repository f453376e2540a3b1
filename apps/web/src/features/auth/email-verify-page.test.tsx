import { screen, waitFor, within } from '@testing-library/react';
import { errorCatalogue } from '@cypher/contract';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { apiFailure, deferred, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const VERIFY = '/v1/users/authentications/email-verifications';
const KEY = 'mail-key-0123456789abcdef';

describe('email verify page with a key', () => {
  it('spends the key exactly once under StrictMode: verifying, then verified, then on to profile creation', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const answer = deferred<Response>();
    let isVerified = false;
    const sent = stubApi((request) => {
      if (request.method === 'PATCH' && request.path === VERIFY) {
        return answer.promise.then((response) => {
          isVerified = true;
          return response;
        });
      }
      if (request.path === '/v1/users/my') {
        const status = isVerified ? 'EMAIL_VERIFIED' : 'CREATED';
        return json(200, { data: myUser({ status, isEmailVerified: isVerified }) });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    const { router } = renderApp(`/email/verify?key=${KEY}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Verifying your email' })).toBeInTheDocument();
    answer.resolve(json(200, { data: { userId: myUser().id, status: 'EMAIL_VERIFIED' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified' })).toBeInTheDocument();

    const patches = sent.filter((request) => request.method === 'PATCH');
    expect(patches).toEqual([expect.objectContaining({ path: VERIFY, body: { key: KEY }, authorization: null })]);
    // The account moved on: the user record is asked for again after the key worked.
    await waitFor(() => {
      const lastMy = sent.map((request) => request.path).lastIndexOf('/v1/users/my');
      expect(lastMy).toBeGreaterThan(sent.indexOf(patches[0]!));
    });

    await userEvent.setup().click(screen.getByRole('link', { name: /Continue/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/creation'));
  });

  it('shows the catalogue message for a bad key, and a way to sign in for a visitor', async () => {
    stubApi(() => apiFailure(400, 'INVALID_AUTHORIZATION_KEY', 'raw'));
    renderApp(`/email/verify?key=${KEY}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not verify your email' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe('Invalid verification key.');
    expect(screen.getByRole('link', { name: 'Sign in to get a new link' }).getAttribute('href')).toBe(
      `/signin?redirectTo=${encodeURIComponent('/email/verify')}`,
    );
  });

  // Session 73's account hunt: the link opened a second time, signed out, read "We could not verify your email".
  it('tells a visitor opening a used link that the address is verified, and leads to sign in', async () => {
    stubApi(() => apiFailure(409, 'EMAIL_ALREADY_VERIFIED'));
    renderApp(`/email/verify?key=${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByText(/the address it was sent to is verified/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  // Session 69's account hunt: any spent or made-up key said "Email verified" to a verified account signed in here,
  // and another account's key said this one's profile was ready.
  it('says a spent key did nothing for a verified account signed in here, and that there is nothing to do', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi((request) =>
      request.path === '/v1/users/my'
        ? json(200, { data: myUser({ status: 'ACTIVE', isEmailVerified: true }) })
        : apiFailure(400, 'INVALID_AUTHORIZATION_KEY'),
    );
    renderApp(`/email/verify?key=${KEY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByText(/is verified already: there is nothing more to do\./)).toHaveTextContent(myUser().email);
    // The failed state says the catalogue's words for the key.
    expect(screen.getByText(errorCatalogue.INVALID_AUTHORIZATION_KEY.message)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Email verified' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });

  it('says whose address a key verified when another account is signed in here, once it knows who that is', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const me = deferred<Response>();
    stubApi((request) => {
      if (request.path === '/v1/users/my') return me.promise.then((answer) => answer.clone());
      if (request.method === 'PATCH' && request.path === VERIFY) {
        return json(200, { data: { userId: '0190a0b0-0000-7000-8000-00000000beef', status: 'EMAIL_VERIFIED' } });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp(`/email/verify?key=${KEY}`);
    // Until the account signed in here is known, nothing is said about whose profile is next.
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifying your email' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Email verified' })).toBeNull();
    me.resolve(json(200, { data: myUser({ status: 'ACTIVE' }) }));
    expect(await screen.findByText(/This browser is signed in as/)).toHaveTextContent(
      `That address is confirmed. This browser is signed in as ${myUser().email}, another account`,
    );
    expect(screen.queryByText(/your profile is ready/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });

  it('offers a new link to a signed-in user whose key failed', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi((request) =>
      request.path === '/v1/users/my'
        ? json(200, { data: myUser({ status: 'CREATED', isEmailVerified: false }) })
        : apiFailure(400, 'INVALID_AUTHORIZATION_KEY'),
    );
    renderApp(`/email/verify?key=${KEY}`);
    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });
});

describe('email verify page without a key', () => {
  function signedInCreated(resendAnswer: () => Response, verifiedAfterResend = false) {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    let hasResent = false;
    return stubApi((request) => {
      if (request.method === 'POST' && request.path === VERIFY) {
        hasResent = true;
        return resendAnswer();
      }
      if (request.path === '/v1/users/my') {
        const isVerified = verifiedAfterResend && hasResent;
        return json(200, {
          data: myUser({
            email: 'new@example.com',
            status: isVerified ? 'EMAIL_VERIFIED' : 'CREATED',
            isEmailVerified: isVerified,
          }),
        });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
  }

  it('says where the link went and resends it, with a toast', async () => {
    const sent = signedInCreated(() => json(202, { data: { sentTo: 'new@example.com' } }));
    renderApp('/email/verify');
    const user = userEvent.setup();

    await screen.findByRole('heading', { level: 1, name: 'Check your inbox' });
    expect(within(screen.getByRole('main')).getByText('new@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST' && request.path === VERIFY)).toHaveLength(1);
    expect((screen.getByRole('button', { name: /Resend available in/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves on to "verified" when the server says the email already is', async () => {
    signedInCreated(() => apiFailure(409, 'EMAIL_ALREADY_VERIFIED'), true);
    renderApp('/email/verify');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified' })).toBeInTheDocument();
  });

  it('shows REQUEST_MAXIMUN in the words of the catalogue', async () => {
    signedInCreated(() => apiFailure(429, 'REQUEST_MAXIMUN'));
    renderApp('/email/verify');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));

    expect((await screen.findByRole('alert')).textContent).toBe('You have exceeded the maximum number of requests.');
  });

  it('tells someone whose profile is made already that nothing is left to do, and leads home', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi((request) =>
      request.path === '/v1/users/my'
        ? json(200, { data: myUser({ status: 'ACTIVE', isEmailVerified: true }) })
        : apiFailure(404, 'NOT_FOUND'),
    );
    renderApp('/email/verify');
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByText('Your address is confirmed and your profile is ready.')).toBeInTheDocument();
    expect(screen.queryByText(/create your profile/)).toBeNull();
    expect(screen.getByRole('link', { name: /Continue/ })).toHaveAttribute('href', '/');
  });

  it('asks a visitor to sign in first', async () => {
    const sent = stubApi(() => apiFailure(404, 'NOT_FOUND'));
    renderApp('/email/verify');
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/signin?redirectTo=${encodeURIComponent('/email/verify')}`,
    );
    expect(sent).toEqual([]);
  });
});

describe('email verified page', () => {
  it('sends a signed-in account whose address is not confirmed to the inbox page, never saying it is verified', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi((request) =>
      request.path === '/v1/users/my'
        ? json(200, { data: myUser({ status: 'CREATED', isEmailVerified: false }) })
        : apiFailure(404, 'NOT_FOUND'),
    );
    const { router } = renderApp('/email/verified');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/email/verify');
    expect(screen.queryByRole('heading', { name: 'Email verified' })).toBeNull();
  });
});
