import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const AUTH = '/v1/users/authentications';

describe('account security page', () => {
  it('turns two-factor on: password, phone, then the code from the SMS', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    let isEnabled = false;
    const sent = stubApi((request) => {
      if (request.path === '/v1/users/my') {
        return json(200, {
          data: myUser({
            nickname: 'Ada',
            phoneEnding: isEnabled ? '4567' : null,
            twoFactor: { isEnabled, verifiedAt: isEnabled ? '2026-11-20T10:00:00.000Z' : null },
          }),
        });
      }
      if (request.path === `${AUTH}/check-password`) {
        return json(200, { data: { reauthenticatedUntil: '2026-11-22T04:30:00.000Z' } });
      }
      if (request.path === `${AUTH}/mfa-register`) {
        return json(202, { data: { phoneEnding: '4567', expiresAt: '2026-11-22T04:30:00.000Z' } });
      }
      if (request.path === `${AUTH}/mfa` && request.method === 'POST') {
        isEnabled = true;
        return json(200, { data: { isEnabled: true, verifiedAt: '2026-11-20T10:00:00.000Z' } });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/security');
    const user = userEvent.setup();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));

    let dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'Collector#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await user.type(within(dialog).getByLabelText('Mobile number'), '+15551234567');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/phone ending in 4567/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText('the phone ending in 4567')).toBeInTheDocument();
    expect(screen.getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(sent.find((request) => request.path === `${AUTH}/mfa-register`)?.body).toEqual({
      phoneNumber: '+15551234567',
    });
    expect(sent.find((request) => request.path === `${AUTH}/mfa`)?.body).toEqual({ code: '123456' });
  });

  afterEach(() => vi.restoreAllMocks());

  // Collector walk of session 44: the code step had no way to ask for another text.
  it('sends another code to turn two-factor off, once the 30 s wait is over', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const sent = stubApi((request) => {
      if (request.path === '/v1/users/my') {
        return json(200, {
          data: myUser({ phoneEnding: '4567', twoFactor: { isEnabled: true, verifiedAt: '2026-11-20T10:00:00.000Z' } }),
        });
      }
      if (request.path === `${AUTH}/check-password`) {
        return json(200, { data: { reauthenticatedUntil: '2026-11-22T04:30:00.000Z' } });
      }
      if (request.path === `${AUTH}/mfa-code`) {
        return json(202, { data: { phoneEnding: '4567', expiresAt: '2026-11-22T04:30:00.000Z' } });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor' }));
    let dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'Collector#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    const codeRequests = () => sent.filter((request) => request.path === `${AUTH}/mfa-code`);
    expect(codeRequests()).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();

    // The clock 31 s on, still running (the countdown reads it, and so does findBy's own timing).
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 31_000);
    await user.click(await within(dialog).findByRole('button', { name: 'Resend code' }));
    // The toast shows inside the open dialog (the top layer), where it is read.
    expect(await within(dialog).findByText('New code sent')).toBeInTheDocument();
    expect(codeRequests()).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  });

  // A review: the password check vouches for ten minutes, and a text that came late left the code step answering
  // "Please confirm your password to continue." with no way to, short of closing and starting over.
  it('asks for the password again when its confirmation ran out mid-way, and carries on with the code typed', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    let isEnabled = false;
    let isReauthenticated = false;
    const sent = stubApi((request) => {
      if (request.path === '/v1/users/my') {
        return json(200, {
          data: myUser({ phoneEnding: isEnabled ? '4567' : null, twoFactor: { isEnabled, verifiedAt: null } }),
        });
      }
      if (request.path === `${AUTH}/check-password`) {
        isReauthenticated = true;
        return json(200, { data: { reauthenticatedUntil: '2026-11-22T04:30:00.000Z' } });
      }
      if (request.path.startsWith(AUTH) && !isReauthenticated) return apiFailure(403, 'REAUTHENTICATION_REQUIRED');
      if (request.path === `${AUTH}/mfa-register`) {
        // The text takes its time: by the time the code is in, the confirmation has run out.
        isReauthenticated = false;
        return json(202, { data: { phoneEnding: '4567', expiresAt: '2026-11-22T04:30:00.000Z' } });
      }
      if (request.path === `${AUTH}/mfa` && request.method === 'POST') {
        isEnabled = true;
        return json(200, { data: { isEnabled: true, verifiedAt: '2026-11-20T10:00:00.000Z' } });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor' }));
    let dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'Collector#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await user.type(within(dialog).getByLabelText('Mobile number'), '+15551234567');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await user.type(await within(dialog).findByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    // Backing out (Escape closes only the dialog on top) keeps the step and what was typed, and says why nothing
    // happened.
    let again = await screen.findByRole('dialog', { name: 'Confirm with your password again' });
    expect(again.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByLabelText('Current password')).toBeNull());
    expect(await within(dialog).findByText('Please confirm your password to continue.')).toBeInTheDocument();
    expect((within(dialog).getByLabelText('Verification code') as HTMLInputElement).value).toBe('123456');

    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    again = await screen.findByRole('dialog', { name: 'Confirm with your password again' });
    await user.type(within(again).getByLabelText('Current password'), 'Collector#2026');
    await user.click(within(again).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Turn on two-factor sign-in' })).toBeNull();
    expect(
      sent.filter((request) => request.path.startsWith(AUTH)).map((request) => `${request.method} ${request.path}`),
    ).toEqual([
      `POST ${AUTH}/check-password`,
      `POST ${AUTH}/mfa-register`,
      `POST ${AUTH}/mfa`,
      `POST ${AUTH}/mfa`,
      `POST ${AUTH}/check-password`,
      `POST ${AUTH}/mfa`,
    ]);
    expect(sent.filter((request) => request.path === `${AUTH}/mfa`).at(-1)?.body).toEqual({ code: '123456' });
  });

  // A review: maxLength on the box cut a pasted "123 456" to "123 45" before the digits were kept.
  it.each(['123 456', '123-456', ' 123456 '])('keeps all six digits of a pasted code (%j)', async (pasted) => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const sent = stubApi((request) => {
      if (request.path === '/v1/users/my') {
        return json(200, {
          data: myUser({ phoneEnding: '4567', twoFactor: { isEnabled: true, verifiedAt: '2026-11-20T10:00:00.000Z' } }),
        });
      }
      if (request.path === `${AUTH}/check-password`) {
        return json(200, { data: { reauthenticatedUntil: '2026-11-22T04:30:00.000Z' } });
      }
      if (request.path === `${AUTH}/mfa-code`) {
        return json(202, { data: { phoneEnding: '4567', expiresAt: '2026-11-22T04:30:00.000Z' } });
      }
      if (request.path === `${AUTH}/mfa` && request.method === 'DELETE') {
        return json(200, { data: { isEnabled: false, verifiedAt: null } });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor' }));
    let dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'Collector#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in' });
    const codeBox = within(dialog).getByLabelText('Verification code');
    expect(codeBox.getAttribute('inputmode')).toBe('numeric');
    expect(codeBox.getAttribute('autocomplete')).toBe('one-time-code');
    await user.click(codeBox);
    await user.paste(pasted);
    expect((codeBox as HTMLInputElement).value).toBe('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Turn off two-factor sign-in' })).toBeNull());
    expect(sent.find((request) => request.path === `${AUTH}/mfa`)?.body).toEqual({ code: '123456' });
  });

  it('says the account could not be read, without asking again and again, with a retry, instead of guessing there is no password', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    let isDown = true;
    const sent = stubApi((request) => {
      if (request.path === '/v1/users/my') {
        return isDown ? apiFailure(503, 'SERVICE_UNAVAILABLE') : json(200, { data: myUser({ nickname: 'Ada' }) });
      }
      if (request.path.startsWith('/v1/notifications')) {
        return json(200, { data: { items: [], nextCursor: null, unreadCount: 0 } });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/security');
    expect(await screen.findByRole('heading', { name: 'We could not load your account' })).toBeInTheDocument();
    expect(screen.queryByText(/no password yet/)).toBeNull();
    // The shell and the page both read the user, and a failure must not make each mount ask again (it looped: 132
    // requests in a second and a half). Twice at most: React's development double mount may ask again once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent.filter((request) => request.path === '/v1/users/my').length).toBeLessThanOrEqual(2);
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Change password' })).toBeInTheDocument();
  });
  it('lists where I am signed in and signs out one device, then all the others', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const signIn = (id: string, device: string, lastActiveAt: string, isCurrent = false) => ({
      id,
      device,
      ipAddress: '203.0.113.7',
      signedInAt: '2026-11-20T10:00:00.000Z',
      lastActiveAt,
      isCurrent,
    });
    const here = signIn('0190a0b0-0000-7000-8000-00000000d001', 'Safari on iPhone', '2026-11-22T09:00:00.000Z', true);
    let others = [
      signIn('0190a0b0-0000-7000-8000-00000000d002', 'Chrome on macOS', '2026-11-21T18:30:00.000Z'),
      signIn('0190a0b0-0000-7000-8000-00000000d003', 'Firefox on Windows', '2026-11-20T12:00:00.000Z'),
    ];
    const sent = stubApi((request) => {
      if (request.path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
      if (request.path === '/v1/users/sessions') {
        return json(200, { data: { items: [here, ...others], total: 1 + others.length } });
      }
      if (request.method === 'DELETE' && request.path === `/v1/users/sessions/${others[0]!.id}`) {
        others = others.slice(1);
        return json(204);
      }
      if (request.path === '/v1/users/sessions/end-others') {
        const endedCount = others.length;
        others = [];
        return json(200, { data: { endedCount } });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/security');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Safari on iPhoneThis deviceSigned in Nov 20, 2026, .+IP address 203\.0\.113\.7$/),
      expect.stringMatching(/^Chrome on macOSLast active Nov 21, 2026, .+Sign out$/),
      expect.stringMatching(/^Firefox on WindowsLast active Nov 20, 2026, .+Sign out$/),
    ]);
    // This device is signed out from the account menu, not here.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    await user.click(within(rows[1]!).getByRole('button', { name: /^Sign out Chrome on macOS/ }));
    await waitFor(() => expect(within(list).queryByText('Chrome on macOS')).toBeNull());
    expect(sent.some((request) => request.method === 'DELETE')).toBe(true);
    // The focus goes to the next device's Sign out, not to the body with the row that went (session 79's hunt).
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: /^Sign out Firefox on Windows/ })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: 'Sign out of all other devices' }));
    expect(await screen.findByText('Signed out of 1 other device')).toBeInTheDocument();
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out of all other devices' })).toBeNull();
  });
  it('says when a device was signed out already, and reads the list again', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const gone = {
      id: '0190a0b0-0000-7000-8000-00000000d002',
      device: 'Chrome on macOS',
      ipAddress: null,
      signedInAt: '2026-11-20T10:00:00.000Z',
      lastActiveAt: '2026-11-21T18:30:00.000Z',
      isCurrent: false,
    };
    let isGone = false;
    stubApi((request) => {
      if (request.path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
      if (request.path === '/v1/users/sessions') {
        return json(200, { data: { items: isGone ? [] : [gone], total: isGone ? 0 : 1 } });
      }
      if (request.method === 'DELETE') {
        // Signed out from elsewhere a moment before.
        isGone = true;
        return apiFailure(404, 'SESSION_NOT_FOUND');
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Sign out Chrome on macOS/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This device is already signed out.');
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
  });

  it('offers to try again when the devices cannot be read', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi((request) => {
      if (request.path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
      if (request.path === '/v1/users/sessions') return apiFailure(503, 'SERVICE_UNAVAILABLE');
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/security');
    expect(await screen.findByText('We could not load where you are signed in')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument();
  });
});
