import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession, startSession } from '../../lib/session.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const RESET = '/v1/users/authentications/reset-password';
const CHANGE = '/v1/users/authentications/change-password';

describe('password reset page', () => {
  it('asks for the email, then says a link went out if the account exists', async () => {
    const sent = stubApi(() => json(202));
    renderApp('/password/reset');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'Fan@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for/).textContent).toContain('fan@example.com');
    expect(sent).toEqual([
      expect.objectContaining({ method: 'POST', path: RESET, body: { email: 'fan@example.com' } }),
    ]);
  });

  it('sets the new password from the mailed link, signs this device out and goes to sign-in with a notice', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const sent = stubApi((request) => (request.path === '/v1/users/my' ? json(200, { data: myUser() }) : json(204)));
    const { router } = renderApp('/password/reset?key=reset-key-0123456789abcdef');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New password'), 'Another#Pass2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Another#Pass2026');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByText(/Your password has been reset/)).toBeInTheDocument();
    expect(getSession().isLoggedIn).toBe(false);
    expect(sent.find((request) => request.method === 'PATCH')).toMatchObject({
      path: RESET,
      body: { key: 'reset-key-0123456789abcdef', password: 'Another#Pass2026' },
    });
  });

  it('shows ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD under the new password, and a bad key at the top', async () => {
    let answer = apiFailure(400, 'ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD');
    // The link worked as the page opened; it was spent (in another tab, say) before the second try.
    stubApi((request) => (request.path === `${RESET}/check` ? json(204) : answer));
    renderApp('/password/reset?key=reset-key-0123456789abcdef');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New password'), 'Another#Pass2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'Another#Pass2026');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Please avoid using your previous password.')).toBeInTheDocument();

    answer = apiFailure(400, 'INVALID_AUTHORIZATION_KEY');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/Invalid verification key\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/password/reset');
  });

  // Accounts walk of session 46: a spent link showed the form, and said so only once a new password was typed.
  it('says a link used already or expired no longer works, before asking for a password', async () => {
    const sent = stubApi((request) =>
      request.path === `${RESET}/check`
        ? apiFailure(400, 'INVALID_AUTHORIZATION_KEY', 'Invalid verification key.')
        : apiFailure(404, 'NOT_FOUND'),
    );
    renderApp('/password/reset?key=reset-key-0123456789abcdef');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByText('Invalid verification key.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/password/reset');
    expect(sent).toEqual([
      expect.objectContaining({ method: 'POST', path: `${RESET}/check`, body: { key: 'reset-key-0123456789abcdef' } }),
    ]);
  });
});

describe('password change page', () => {
  function signedIn(changeAnswer: () => Response) {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    return stubApi((request) => {
      if (request.path === CHANGE) return changeAnswer();
      // The header asks for the unread count of a signed-in person: an empty feed.
      if (request.path.startsWith('/v1/notifications'))
        return json(200, { data: { items: [], nextCursor: null, unreadCount: 0 } });
      return json(200, { data: myUser() });
    });
  }

  async function submit(current: string, next: string, confirm = next) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), current);
    await user.type(screen.getByLabelText('New password'), next);
    await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('shows INVALID_PASSWORD under the current password', async () => {
    signedIn(() => apiFailure(401, 'INVALID_PASSWORD'));
    renderApp('/password/change');
    await submit('Wrong#Pass2026', 'Another#Pass2026');
    const message = await screen.findByText('Email or password is invalid.');
    expect(screen.getByLabelText('Current password').getAttribute('aria-describedby')).toContain(message.id);
    // A wrong current password is an answer, not an expired session: still signed in.
    expect(getSession().isLoggedIn).toBe(true);
  });

  it('shows ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD under the new password', async () => {
    signedIn(() => apiFailure(400, 'ATTEMPT_TO_CHANGE_TO_SAME_PASSWORD'));
    renderApp('/password/change');
    await submit('Collector#2026', 'Collector#2026');
    const message = await screen.findByText('Please avoid using your previous password.');
    expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toContain(message.id);
  });

  it('changes the password, says so and empties the form', async () => {
    const sent = signedIn(() => json(204));
    renderApp('/password/change');
    await submit('Collector#2026', 'Another#Pass2026');
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(sent.find((request) => request.path === CHANGE)).toMatchObject({
      authorization: 'Bearer a1',
      body: { currentPassword: 'Collector#2026', newPassword: 'Another#Pass2026' },
    });
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});
