import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { apiFailure, deferred, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// Each case opens the profile, edits and moves through the whole app: on a busy machine that takes over five seconds.
const JOURNEY_MS = 30_000;

const notSaved = 'Your changes to your profile are not saved.';
const leaveDialog = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });

const uploadedPhoto = {
  url: '/uploads/ada.png',
  width: 400,
  height: 400,
  contentType: 'image/png',
  thumbnailUrl: null,
};

/**
 * A signed-in collector named Ada; a profile saved is answered as it was sent. Each photo upload is answered by
 * `photoUpload`, stored at once unless told otherwise.
 */
function collectorWithProfile(
  photoUpload: () => Response | Promise<Response> = () => json(201, { data: uploadedPhoto }),
): SentRequest[] {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  let saved = myUser({ nickname: 'Ada' });
  return stubApi((request) => {
    if (request.path === '/v1/users/my') return json(200, { data: saved });
    if (request.path === '/v1/users/media/photo') return photoUpload();
    if (request.path === '/v1/users/profile' && request.method === 'PATCH') {
      saved = { ...saved, ...(request.body as object) };
      return json(200, { data: saved });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

/** Whether closing or reloading the tab would ask first (the browser's own prompt). */
function unloadIsHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** The main navigation's link to the guide: any link out of the page. */
const guideLink = () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Guide' });

async function openProfile() {
  const view = renderApp('/profile/edit');
  const nickname = await screen.findByRole('textbox', { name: /Nickname/ });
  return { ...view, nickname };
}

describe('profile edit: unsaved changes', () => {
  it(
    'asks before a link leaves an edited profile: Stay keeps what was typed, Leave goes',
    async () => {
      collectorWithProfile();
      const user = userEvent.setup();
      const { router, nickname } = await openProfile();

      await user.clear(nickname);
      await user.type(nickname, 'Grace');
      expect(unloadIsHeld()).toBe(true);

      await user.click(guideLink());
      const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      expect(dialog).toHaveTextContent(notSaved);
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(leaveDialog()).toBeNull());
      expect(router.state.location.pathname).toBe('/profile/edit');
      expect(screen.getByRole('textbox', { name: /Nickname/ })).toHaveValue('Grace');

      await user.click(guideLink());
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
          name: 'Leave',
        }),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/guide'));
      expect(leaveDialog()).toBeNull();
      // The form lets go of the guard in an effect's cleanup, which React may run just after the new page shows.
      await waitFor(() => expect(unloadIsHeld()).toBe(false));
    },
    JOURNEY_MS,
  );

  it(
    'asks before Back leaves a changed choice of emails',
    async () => {
      collectorWithProfile();
      const user = userEvent.setup();
      const { router } = renderApp('/guide');
      await act(async () => {
        await router.navigate('/profile/edit');
      });
      await screen.findByRole('textbox', { name: /Nickname/ });

      await user.click(screen.getByRole('checkbox', { name: /new drops, events and offers/ }));
      await act(async () => {
        await router.navigate(-1);
      });
      const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      expect(dialog).toHaveTextContent(notSaved);
      expect(router.state.location.pathname).toBe('/profile/edit');
      await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/guide'));
    },
    JOURNEY_MS,
  );

  it(
    'leaves without asking while nothing changed, and when what was typed is typed back',
    async () => {
      collectorWithProfile();
      const user = userEvent.setup();
      const { router, nickname } = await openProfile();
      expect(unloadIsHeld()).toBe(false);

      await user.type(nickname, 'x');
      expect(unloadIsHeld()).toBe(true);
      await user.type(nickname, '{Backspace}');
      await waitFor(() => expect(unloadIsHeld()).toBe(false));

      await user.click(guideLink());
      await waitFor(() => expect(router.state.location.pathname).toBe('/guide'));
      expect(leaveDialog()).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'does not ask once the changes are saved, and asks again about a change made after',
    async () => {
      const sent = collectorWithProfile();
      const user = userEvent.setup();
      const { router, nickname } = await openProfile();

      await user.clear(nickname);
      await user.type(nickname, 'Grace');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Profile saved')).toBeInTheDocument();
      expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
        nickname: 'Grace',
        marketingConsent: false,
      });
      await waitFor(() => expect(unloadIsHeld()).toBe(false));

      await user.type(nickname, 'Hopper');
      expect(unloadIsHeld()).toBe(true);
      await user.type(nickname, '{Backspace>6/}');
      await waitFor(() => expect(unloadIsHeld()).toBe(false));

      await user.click(guideLink());
      await waitFor(() => expect(router.state.location.pathname).toBe('/guide'));
      expect(leaveDialog()).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'counts a photo chosen and not saved as a change: asked about until saved',
    async () => {
      const sent = collectorWithProfile();
      const user = userEvent.setup();
      const { router } = await openProfile();

      await user.upload(screen.getByTestId('photo-file'), new File(['png'], 'ada.png', { type: 'image/png' }));
      expect(await screen.findByRole('img', { name: 'Your profile photo' })).toBeInTheDocument();
      await waitFor(() => expect(unloadIsHeld()).toBe(true));
      await user.click(guideLink());
      expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toHaveTextContent(notSaved);
      await user.click(screen.getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(leaveDialog()).toBeNull());

      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Profile saved')).toBeInTheDocument();
      expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
        marketingConsent: false,
        photoUrl: '/uploads/ada.png',
      });
      await user.click(guideLink());
      await waitFor(() => expect(router.state.location.pathname).toBe('/guide'));
      expect(leaveDialog()).toBeNull();
    },
    JOURNEY_MS,
  );
});

describe('profile edit: typing while a save is on its way', () => {
  // Session 67's note: the save counted everything the form held when its answer came as saved, so what was typed
  // while it was on its way was never asked about, and was lost on leaving.
  it(
    'keeps what was typed during the save as a change, asked about until it is saved too',
    async () => {
      const answer = deferred<void>();
      startSession({ accessToken: 'a1', refreshToken: 'r1' });
      let saved = myUser({ nickname: 'Ada' });
      const sent = stubApi(async (request) => {
        if (request.path === '/v1/users/my') return json(200, { data: saved });
        if (request.path === '/v1/users/profile' && request.method === 'PATCH') {
          await answer.promise;
          saved = { ...saved, ...(request.body as object) };
          return json(200, { data: saved });
        }
        return apiFailure(404, 'NOT_FOUND');
      });
      const user = userEvent.setup();
      const { nickname } = await openProfile();

      await user.clear(nickname);
      await user.type(nickname, 'Grace');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(sent.some((request) => request.method === 'PATCH')).toBe(true));
      await user.type(nickname, ' Hopper');
      answer.resolve();

      expect(await screen.findByText('Profile saved')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Nickname/ })).toHaveValue('Grace Hopper');
      expect(unloadIsHeld()).toBe(true);
      await user.click(guideLink());
      expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toHaveTextContent(notSaved);
    },
    JOURNEY_MS,
  );
});

describe('profile edit: images', () => {
  it(
    'holds Save changes while a chosen photo uploads, then saves the photo',
    async () => {
      const upload = deferred<Response>();
      const sent = collectorWithProfile(() => upload.promise);
      const user = userEvent.setup();
      const { nickname } = await openProfile();
      const patches = () => sent.filter((request) => request.method === 'PATCH');

      await user.upload(screen.getByTestId('photo-file'), new File(['png'], 'ada.png', { type: 'image/png' }));
      const held = await screen.findByRole('button', { name: 'Uploading photo…' });
      expect(held).toHaveAttribute('aria-busy', 'true');
      await user.click(held);
      await user.type(nickname, '{Enter}');
      expect(patches()).toHaveLength(0);

      upload.resolve(json(201, { data: uploadedPhoto }));
      expect(await screen.findByRole('img', { name: 'Your profile photo' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Profile saved')).toBeInTheDocument();
      expect(patches().map((request) => request.body)).toEqual([
        { marketingConsent: false, photoUrl: '/uploads/ada.png' },
      ]);
    },
    JOURNEY_MS,
  );

  it(
    'says when a photo could not be uploaded, saves without it, and takes the file chosen again',
    async () => {
      let uploads = 0;
      const sent = collectorWithProfile(() => {
        uploads += 1;
        return uploads === 1 ? apiFailure(503, 'SERVICE_UNAVAILABLE') : json(201, { data: uploadedPhoto });
      });
      const user = userEvent.setup();
      const { nickname } = await openProfile();
      const patches = () => sent.filter((request) => request.method === 'PATCH').map((request) => request.body);

      const file = new File(['png'], 'ada.png', { type: 'image/png' });
      await user.upload(screen.getByTestId('photo-file'), file);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The service is temporarily unavailable. Please try again shortly.',
      );
      expect(screen.queryByRole('img', { name: 'Your profile photo' })).toBeNull();
      await user.clear(nickname);
      await user.type(nickname, 'Grace');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Profile saved')).toBeInTheDocument();
      expect(patches()).toEqual([{ nickname: 'Grace', marketingConsent: false }]);

      await user.upload(screen.getByTestId('photo-file'), file);
      expect(await screen.findByRole('img', { name: 'Your profile photo' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(patches()).toHaveLength(2));
      expect(patches()[1]).toEqual({ marketingConsent: false, photoUrl: '/uploads/ada.png' });
    },
    JOURNEY_MS,
  );
});
