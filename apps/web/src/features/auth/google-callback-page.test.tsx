import { screen, waitFor } from '@testing-library/react';
import { errorCatalogue } from '@cypher/contract';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStored } from '../../lib/storage.ts';
import { apiFailure, json, myUser, stubApi, type FakeHandler } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { rememberOAuthReturn, rememberOAuthState } from './oauth-state.ts';

const CALLBACK = '/v1/users/authentications/oauth/google/callback';
const SOCIAL = '/v1/users/social';
const STATE = 'state-0123456789abcdef';

function callbackWith(answer: Response | (() => Response), rest: FakeHandler = () => apiFailure(404, 'NOT_FOUND')) {
  return stubApi((request) => {
    if (request.path === CALLBACK) return typeof answer === 'function' ? answer() : answer.clone();
    return rest(request);
  });
}

const socialProfile = {
  provider: 'google',
  email: 'ada.lovelace@gmail.test',
  name: 'Ada Lovelace',
  picture: null,
  signUpToken: 'sign-up-token-0123456789',
};

describe('Google callback page', () => {
  // The sign-in was started in this tab: the Google button kept the state its address carries.
  beforeEach(() => {
    rememberOAuthState(`https://accounts.google.test/o/oauth2/v2/auth?client_id=c&state=${STATE}`);
  });

  it('exchanges the code once under StrictMode, signs in and goes home', async () => {
    const sent = callbackWith(json(200, { data: { accessToken: 'a1', refreshToken: 'r1' } }), (request) =>
      request.path === '/v1/users/my' ? json(200, { data: myUser() }) : apiFailure(404, 'NOT_FOUND'),
    );
    const { router } = renderApp(`/oauth/google/callback?code=code-1&state=${STATE}`);
    // While the code is exchanged the page says so (a passing moment: finding it is the check).
    await screen.findByText('Logging in, please wait…');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getStored('accessToken')).toBe('a1');
    expect(sent.filter((request) => request.path === CALLBACK)).toHaveLength(1);
    expect(sent.find((request) => request.path === CALLBACK)?.body).toEqual({ code: 'code-1', state: STATE });
  });

  it('goes on to the page the person was going to when they chose Google, not home', async () => {
    // "Continue with Google" on /signin?redirectTo=/guide (the Google button kept the page in the tab).
    rememberOAuthReturn('/guide');
    callbackWith(json(200, { data: { accessToken: 'a1', refreshToken: 'r1' } }), (request) =>
      request.path === '/v1/users/my' ? json(200, { data: myUser() }) : apiFailure(404, 'NOT_FOUND'),
    );
    const { router } = renderApp(`/oauth/google/callback?code=code-7&state=${STATE}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/guide'));
  });

  it('takes the page to come back to on to the sign-up consent of someone new', async () => {
    rememberOAuthReturn('/drops/drop-1');
    callbackWith(json(200, { data: { signUpRequired: true, socialProfile } }));
    const { router } = renderApp(`/oauth/google/callback?code=code-3&state=${STATE}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/drops/drop-1');
    expect(new URLSearchParams(router.state.location.search).get('social')).toBe('google');
  });

  it('goes to the SMS step of sign-in when two-factor is on', async () => {
    callbackWith(json(200, { data: { mfaRequired: true, mfaToken: 'attempt-token-0123456789', phoneEnding: '4567' } }));
    const { router } = renderApp(`/oauth/google/callback?code=code-2&state=${STATE}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your phone' })).toBeInTheDocument();
    expect(screen.getByText('4567')).toBeInTheDocument();
    expect(getStored('accessToken')).toBeUndefined();
  });

  it('keeps the social profile for the consent step, then signs up and clears it', async () => {
    const sent = callbackWith(json(200, { data: { signUpRequired: true, socialProfile } }), (request) => {
      if (request.path === SOCIAL) return json(201, { data: { accessToken: 'a2', refreshToken: 'r2' } });
      if (request.path === '/v1/users/my') return json(200, { data: myUser({ status: 'EMAIL_VERIFIED' }) });
      return apiFailure(404, 'NOT_FOUND');
    });
    const { router } = renderApp(`/oauth/google/callback?code=code-3&state=${STATE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Finish signing up' })).toBeInTheDocument();
    expect(getStored('socialProfile')?.signUpToken).toBe(socialProfile.signUpToken);
    expect(screen.getByText('ada.lovelace@gmail.test')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('Please agree to continue.')).toHaveLength(2);
    await user.click(screen.getByLabelText(/terms of service/));
    await user.click(screen.getByLabelText(/privacy policy/));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/creation'));
    expect(sent.find((request) => request.path === SOCIAL)?.body).toEqual({
      signUpToken: socialProfile.signUpToken,
      agreeToTerms: true,
      agreeToPrivacy: true,
      marketingConsent: false,
    });
    expect(getStored('socialProfile')).toBeUndefined();
    expect(getStored('accessToken')).toBe('a2');
  });

  it('says what went wrong when the state is refused', async () => {
    callbackWith(apiFailure(400, 'OAUTH_STATE_INVALID', 'This sign-in attempt has expired or was already used.'));
    renderApp(`/oauth/google/callback?code=code-9&state=${STATE}`);
    expect(await screen.findByText(/This sign-in attempt has expired or was already used/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it('exchanges nothing when the sign-in was started elsewhere (a link someone sent), and says so', async () => {
    const sent = callbackWith(json(200, { data: { accessToken: 'theirs', refreshToken: 'theirs' } }));
    renderApp('/oauth/google/callback?code=code-5&state=state-of-someone-else-0123');
    expect(await screen.findByText(/This sign-in was not started in this browser/)).toBeInTheDocument();
    expect(sent.filter((request) => request.path === CALLBACK)).toHaveLength(0);
    expect(getStored('accessToken')).toBeUndefined();
  });

  // Session 69's account hunt: reloaded after its exchange (after a refusal, say), the callback said the sign-in was
  // not started in this browser, which it was.
  it('says a sign-in this tab already took back was used, when its callback is reloaded, and exchanges nothing more', async () => {
    const refusal = errorCatalogue.OAUTH_SIGN_IN_FAILED.message;
    const sent = callbackWith(apiFailure(400, 'OAUTH_SIGN_IN_FAILED', refusal));
    const { unmount } = renderApp(`/oauth/google/callback?code=code-20&state=${STATE}`);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    unmount();
    // The page loaded again (a new code stands in for the module's per-load memory of codes exchanged).
    renderApp(`/oauth/google/callback?code=code-21&state=${STATE}`);
    expect(await screen.findByText(errorCatalogue.OAUTH_STATE_INVALID.message)).toBeInTheDocument();
    expect(sent.filter((request) => request.path === CALLBACK)).toHaveLength(1);
  });
});
