import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { brand, consoleMe, ids, pathnameOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, deferred, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// A journey here opens a console page, edits, saves and edits on: on a busy machine that takes longer than five seconds.
const JOURNEY_MS = 30_000;

const admin = consoleMe({ roles: ['admin'], isAdmin: true, brands: [] });
const brandPath = `/v1/console/brands/${ids.neonArcade}`;
// happy-dom takes a <select>'s value from the first option when the form's is set before the options exist: the
// first type in the list keeps the form as loaded.
const savedBrand = (changes = {}) => brand({ type: 'ARTIST', status: 'DRAFT', ...changes });

/** The console, signed in as an admin, answering what `answer` does and the brand's page as saved. */
function consoleAnswering(answer: (request: SentRequest) => Promise<Response | undefined>): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi(async (request) => {
    const path = pathnameOf(request.path);
    if (path === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
    if (path === '/v1/console/me') return json(200, { data: admin });
    return (await answer(request)) ?? apiFailure(404, 'NOT_FOUND');
  });
}

function unloadIsHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const patches = (sent: SentRequest[]) => sent.filter((request) => request.method === 'PATCH');

/** Opens the brand's form, types `text` as its tagline and saves it; resolves once the save is sent, not answered. */
async function startSavingTagline(user: ReturnType<typeof userEvent.setup>, sent: SentRequest[], text: string) {
  renderApp(`/console/brands/${ids.neonArcade}`);
  const tagline = await screen.findByLabelText('Tagline');
  await user.clear(tagline);
  await user.type(tagline, text);
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(patches(sent)).toHaveLength(1));
}

// Session 67's note: the page starts an entry's form again from the version a save answers (keyed on `updatedAt`), so
// what was typed while the save was on its way went with the old form, without a word.
describe('console: typing while a save is on its way', () => {
  it(
    'keeps what was typed during the save, as a change still to save, made from the saved version',
    async () => {
      let saved = savedBrand({ updatedAt: '2026-11-01T00:00:00.000Z' });
      const answer = deferred<void>();
      const sent = consoleAnswering(async ({ method, path, body }) => {
        if (pathnameOf(path) !== brandPath) return undefined;
        if (method === 'PATCH') {
          if (patches(sent).length === 1) await answer.promise;
          saved = { ...saved, ...(body as object), updatedAt: `2026-11-0${patches(sent).length + 1}T00:00:00.000Z` };
        }
        return json(200, { data: saved });
      });
      // As the built page has it (index.html): a <meta> of the same name as the form's description comes first.
      const meta = Object.assign(document.createElement('meta'), { name: 'description', content: 'Cypher' });
      document.head.prepend(meta);
      onTestFinished(() => meta.remove());
      const user = userEvent.setup();
      await startSavingTagline(user, sent, 'Pixels, polished.');
      // The save is on its way: the operator goes on to the description.
      await user.type(screen.getByLabelText('Description'), 'Arcade cabinets, minted.');
      // …and goes back to add a word before "minted.".
      await user.keyboard('{ArrowLeft>7/}');
      answer.resolve();

      expect(await screen.findByText('Changes saved')).toBeInTheDocument();
      // The form started again from the saved brand (its tagline), with the description as typed, not saved.
      const form = await screen.findByRole('form', { name: 'Edit Neon Arcade' });
      await waitFor(() => expect(within(form).getByLabelText('Description')).toHaveValue('Arcade cabinets, minted.'));
      expect(within(form).getByLabelText('Tagline')).toHaveValue('Pixels, polished.');
      // The caret is where it was: typing goes on into the same field, at the same place.
      await waitFor(() => expect(within(form).getByLabelText('Description')).toHaveFocus());
      await user.keyboard('all ');
      expect(within(form).getByLabelText('Description')).toHaveValue('Arcade cabinets, all minted.');
      expect(patches(sent)[0]?.body).toEqual({ tagline: 'Pixels, polished.' });
      expect(unloadIsHeld()).toBe(true);

      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(patches(sent)).toHaveLength(2));
      expect(patches(sent)[1]).toMatchObject({
        body: { description: 'Arcade cabinets, all minted.' },
        ifMatch: '"2026-11-02T00:00:00.000Z"',
      });
      await waitFor(() => expect(unloadIsHeld()).toBe(false));
    },
    JOURNEY_MS,
  );

  it(
    'keeps what was typed into the field being saved, and lets a field someone else changed show their value',
    async () => {
      let saved = savedBrand({ updatedAt: '2026-11-01T00:00:00.000Z' });
      const answer = deferred<void>();
      const sent = consoleAnswering(async ({ method, path, body }) => {
        if (pathnameOf(path) !== brandPath) return undefined;
        if (method === 'PATCH') {
          await answer.promise;
          // Someone else's edit of the website landed first; this save's tagline on top of it.
          saved = {
            ...saved,
            ...(body as object),
            websiteUrl: 'https://neon.example',
            updatedAt: '2026-11-03T00:00:00.000Z',
          };
        }
        return json(200, { data: saved });
      });
      const user = userEvent.setup();
      await startSavingTagline(user, sent, 'Pixels');
      await user.type(screen.getByLabelText('Tagline'), ', polished.');
      await user.type(screen.getByLabelText('Website'), 'https://mine.example');
      answer.resolve();

      expect(await screen.findByText('Changes saved')).toBeInTheDocument();
      const form = await screen.findByRole('form', { name: 'Edit Neon Arcade' });
      await waitFor(() => expect(within(form).getByLabelText('Tagline')).toHaveValue('Pixels, polished.'));
      expect(within(form).getByLabelText('Website')).toHaveValue('https://neon.example');
    },
    JOURNEY_MS,
  );

  it(
    'carries what was typed while a new brand was being created to its page, without asking on the way',
    async () => {
      const created = deferred<void>();
      let saved = savedBrand();
      const sent = consoleAnswering(async ({ method, path, body }) => {
        if (method === 'POST' && pathnameOf(path) === '/v1/console/brands') {
          await created.promise;
          saved = savedBrand({ ...(body as object) });
          return json(201, { data: saved });
        }
        return pathnameOf(path) === brandPath ? json(200, { data: saved }) : undefined;
      });
      const user = userEvent.setup();
      const { router } = renderApp('/console/brands/new');

      await user.type(await screen.findByLabelText(/^Name/), 'Neon Arcade');
      await user.click(screen.getByRole('button', { name: 'Create draft' }));
      await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
      await user.type(screen.getByLabelText('Tagline'), 'Pixels, polished.');
      created.resolve();

      const form = await screen.findByRole('form', { name: 'Edit Neon Arcade' });
      expect(router.state.location.pathname).toBe(`/console/brands/${ids.neonArcade}`);
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
      await waitFor(() => expect(within(form).getByLabelText('Tagline')).toHaveValue('Pixels, polished.'));
      expect(sent.find((request) => request.method === 'POST')?.body).not.toHaveProperty(
        'tagline',
        'Pixels, polished.',
      );
      expect(unloadIsHeld()).toBe(true);
    },
    JOURNEY_MS,
  );
});
