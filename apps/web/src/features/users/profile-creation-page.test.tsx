import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { getStored, setStored } from '../../lib/storage.ts';
import { pathnameOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, deferred, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const uploadedPhoto = {
  url: '/uploads/ada.png',
  width: 400,
  height: 400,
  contentType: 'image/png',
  thumbnailUrl: null,
};

/**
 * Signed in with an account at `status`; creating the profile makes it ACTIVE, as the API does. A photo upload is
 * answered by `photoUpload`, stored at once unless told otherwise.
 */
function signedInAs(
  status: 'CREATED' | 'EMAIL_VERIFIED' | 'ACTIVE',
  photoUpload: () => Response | Promise<Response> = () => json(201, { data: uploadedPhoto }),
  account: Record<string, unknown> = {},
) {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  let user = myUser({ status, nickname: status === 'ACTIVE' ? 'Ada' : null, ...account });
  return stubApi(({ method, path, body }) => {
    const pathname = pathnameOf(path);
    if (pathname === '/v1/users/my') return json(200, { data: user });
    if (pathname === '/v1/users/media/photo' && method === 'POST') return photoUpload();
    if (pathname === '/v1/users/profile' && method === 'POST') {
      user = myUser({ ...(body as object), status: 'ACTIVE' });
      return json(201, { data: user });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

describe('profile creation page', () => {
  it('sends someone who already has a profile to Edit profile instead of an empty form', async () => {
    signedInAs('ACTIVE');
    const { router } = renderApp('/profile/creation');

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(screen.queryByRole('heading', { name: 'Create your profile' })).toBeNull();
  });

  it('sends someone whose email is not verified yet to the verification page, where a new link can be sent', async () => {
    signedInAs('CREATED', undefined, { isEmailVerified: false });
    const { router } = renderApp('/profile/creation');

    await waitFor(() => expect(router.state.location.pathname).toBe('/email/verify'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create profile' })).toBeNull();
  });

  it('starts the consent box as it was left at sign-up, and sends what the person leaves it at', async () => {
    const sent = signedInAs('EMAIL_VERIFIED', undefined, { marketingConsent: true });
    renderApp('/profile/creation');
    const user = userEvent.setup();

    const consent = await screen.findByRole('checkbox', { name: /Tell me about new drops/ });
    await waitFor(() => expect(consent).toBeChecked());
    await user.type(screen.getByLabelText(/^Nickname/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({ marketingConsent: true }),
    );
  });

  it('creates the profile of a verified account and shows the introduction once, then home, not Edit profile', async () => {
    const sent = signedInAs('EMAIL_VERIFIED');
    const { router } = renderApp('/profile/creation');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Nickname/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Create profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({ nickname: 'Ada' });
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getStored('onboardingCompleted')).toBe(true);
  });

  it('goes on to the page the new collector asked for, through the introduction on a device that has not seen it', async () => {
    signedInAs('EMAIL_VERIFIED');
    const { router } = renderApp('/drops?tab=upcoming');
    const user = userEvent.setup();

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/creation'));
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/drops?tab=upcoming')}`);
    await user.type(await screen.findByLabelText(/^Nickname/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    for (const _step of [1, 2]) await user.click(await screen.findByRole('button', { name: /^Next/ }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/drops?tab=upcoming'),
    );
  });

  it('goes straight to the page asked for on a device that has seen the introduction, and never off the site', async () => {
    setStored('onboardingCompleted', true);
    signedInAs('EMAIL_VERIFIED');
    const { router } = renderApp(`/profile/creation?redirectTo=${encodeURIComponent('//evil.example/drops')}`);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Nickname/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes on to the page the person signed up from, after the verification link opened a fresh page', async () => {
    // Sign-up from "Sign in to buy" kept the drop; the mail's link then opened /email/verify in a new page, whose
    // Continue leads to /profile/creation with no redirectTo.
    setStored('signUpReturnTo', '/drops/drop-1');
    setStored('onboardingCompleted', true);
    signedInAs('EMAIL_VERIFIED');
    const { router } = renderApp('/profile/creation');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Nickname/), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/drops/drop-1'));
    expect(getStored('signUpReturnTo')).toBeUndefined();
  });

  it('holds Create profile while the chosen photo uploads, then creates the profile with it', async () => {
    setStored('onboardingCompleted', true);
    const upload = deferred<Response>();
    const sent = signedInAs('EMAIL_VERIFIED', () => upload.promise);
    const { router } = renderApp('/profile/creation');
    const user = userEvent.setup();
    const profilePosts = () => sent.filter((request) => pathnameOf(request.path) === '/v1/users/profile');

    const nickname = await screen.findByLabelText(/^Nickname/);
    await user.type(nickname, 'Ada');
    await user.upload(screen.getByTestId('photo-file'), new File(['png'], 'ada.png', { type: 'image/png' }));
    const held = await screen.findByRole('button', { name: 'Uploading photo…' });
    expect(held).toHaveAttribute('aria-busy', 'true');
    // Neither a click nor Enter in the nickname sends the profile while the photo's address is unknown.
    await user.click(held);
    await user.type(nickname, '{Enter}');
    expect(profilePosts()).toHaveLength(0);

    upload.resolve(json(201, { data: uploadedPhoto }));
    expect(await screen.findByRole('img', { name: 'Your profile photo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(profilePosts()).toHaveLength(1);
    expect(profilePosts()[0]?.body).toMatchObject({ nickname: 'Ada', photoUrl: '/uploads/ada.png' });
  });

  it('sends a photo whatever its name says, for the API to judge by its content (hunt of session 77)', async () => {
    setStored('onboardingCompleted', true);
    const sent = signedInAs('EMAIL_VERIFIED');
    renderApp('/profile/creation');
    // "All files" in the picker: a PNG saved as photo.txt, which the browser types from its name.
    const user = userEvent.setup({ applyAccept: false });
    await user.type(await screen.findByLabelText(/^Nickname/), 'Ada');
    await user.upload(screen.getByTestId('photo-file'), new File(['png'], 'photo.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('img', { name: 'Your profile photo' })).toBeInTheDocument();
    expect(sent.filter((request) => pathnameOf(request.path) === '/v1/users/media/photo')).toHaveLength(1);
  });

  it('says when the photo could not be uploaded, and creates the profile without it', async () => {
    setStored('onboardingCompleted', true);
    const sent = signedInAs('EMAIL_VERIFIED', () => apiFailure(415, 'UNSUPPORTED_MIMETYPE'));
    const { router } = renderApp('/profile/creation');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Nickname/), 'Ada');
    await user.upload(screen.getByTestId('photo-file'), new File(['png'], 'ada.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This photo is not supported. Please select another one!',
    );
    const create = screen.getByRole('button', { name: 'Create profile' });
    expect(create).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: /^Choose a file/ })).toBeEnabled();

    await user.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent.find((request) => pathnameOf(request.path) === '/v1/users/profile')?.body).toMatchObject({
      nickname: 'Ada',
      photoUrl: null,
    });
  });
});
