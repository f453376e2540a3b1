import type { TOperatorGrant } from '@cypher/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { brand, ids, page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { calendar, consoleWithGiveaways, giveawayIds, ticketKind } from '../../test/console-giveaways-fixtures.ts';
import { json, type SentRequest } from '../../test/fake-api.ts';
import { consoleDrop, consoleDropIds, consoleDropsApi, dropRequest } from '../../test/console-drops-fixtures.ts';
import { consoleFusion, fusionIds } from '../../test/fusions-fixtures.ts';
import { consolePass, passIds } from '../../test/passes-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { endSession, startSession } from '../../lib/session.ts';
import { UnsavedChangesGuard } from '../../ui/unsaved-changes-guard.tsx';
import { useUnsavedChanges } from '../../ui/unsaved-changes.ts';

// A journey here opens a console page, edits, and moves: on a busy machine that takes longer than five seconds.
const JOURNEY_MS = 30_000;

const brandPath = `/v1/console/brands/${ids.neonArcade}`;
const calendarPath = `/v1/console/attendance-calendars/${giveawayIds.calendar}`;
// happy-dom takes a <select>'s value from the first option when the form's is set before the options exist: the
// first type in the list keeps the form as loaded.
const savedBrand = () => brand({ type: 'ARTIST', status: 'DRAFT' });

/** The console with a saved brand, calendar and kind of ticket to edit; a new brand is saved as it was sent. */
function consoleWithEntries(): SentRequest[] {
  return consoleWithGiveaways((request) => {
    const path = pathnameOf(request.path);
    if (path === brandPath) {
      if (request.method === 'PATCH') {
        return json(200, { data: { ...savedBrand(), ...(request.body as object), updatedAt: '2026-11-02T00:00:00Z' } });
      }
      return json(200, { data: savedBrand() });
    }
    if (path === '/v1/console/brands' && request.method === 'POST') {
      return json(201, { data: { ...savedBrand(), ...(request.body as object) } });
    }
    if (path === calendarPath) return json(200, { data: calendar() });
    if (path === `/v1/console/ticket-kinds/${giveawayIds.dropTicket}/grants`) {
      return json(201, {
        data: {
          id: '0190a0b0-0000-7000-8000-0000000000a5',
          user: { id: '0190a0b0-0000-7000-8000-0000000000a9', email: 'ada@example.com', nickname: 'Ada' },
          kind: { id: giveawayIds.dropTicket, name: 'Drop ticket', imageUrl: null },
          count: 1,
          holding: 1,
          note: null,
          createdAt: '2026-11-01T00:00:00.000Z',
        },
      });
    }
    if (path === `/v1/console/ticket-kinds/${giveawayIds.dropTicket}`) return json(200, { data: ticketKind() });
    return undefined;
  });
}

const leaveDialog = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });
const closeDialog = () => screen.queryByRole('dialog', { name: 'Close without saving?' });
const pathname = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname;
const address = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/** Moves the app as a link or Back would (through the router), and lets it settle. */
async function go(router: ReturnType<typeof renderApp>['router'], to: string | number) {
  await act(async () => {
    await (typeof to === 'number' ? router.navigate(to) : router.navigate(to));
  });
}

function unloadIsHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/** The fixtures' brand Neon Arcade on its edit page: the page's router, its form and the form's tagline field. */
async function openBrandEdit() {
  const { router } = renderApp(`/console/brands/${ids.neonArcade}`);
  const form = await screen.findByRole('form', { name: 'Edit Neon Arcade' });
  return { router, form, tagline: within(form).getByLabelText<HTMLInputElement>('Tagline') };
}

describe('console: unsaved changes', () => {
  it(
    'asks before a link leaves an edited form: Stay keeps what was typed, Leave goes',
    async () => {
      consoleWithEntries();
      const user = userEvent.setup();
      const { router, form, tagline } = await openBrandEdit();
      await user.clear(tagline);
      await user.type(tagline, 'Pixels, polished.');
      expect(unloadIsHeld()).toBe(true);

      await user.click(within(form).getByRole('link', { name: 'Cancel' }));
      const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      expect(dialog).toHaveTextContent('Your changes to this brand are not saved.');
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(leaveDialog()).toBeNull());
      expect(pathname(router)).toBe(`/console/brands/${ids.neonArcade}`);
      expect(within(form).getByLabelText('Tagline')).toHaveValue('Pixels, polished.');

      await user.click(screen.getByRole('link', { name: 'Licenses' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
          name: 'Leave',
        }),
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Licenses' })).toBeInTheDocument();
      expect(pathname(router)).toBe('/console/licenses');
      expect(leaveDialog()).toBeNull();
      // The brand form lets go of the guard in an effect's cleanup, which React may run just after the new page shows.
      await waitFor(() => expect(unloadIsHeld()).toBe(false));
    },
    JOURNEY_MS,
  );

  // Review of session 36: Publish started the form again from what was saved, so typing not saved was gone, and
  // nothing asked on leaving since the form then looked unchanged.
  it(
    'holds Publish while the form has changes not saved, and offers it once they are saved',
    async () => {
      const sent = consoleWithEntries();
      const user = userEvent.setup();
      const { form, tagline } = await openBrandEdit();
      await user.clear(tagline);
      await user.type(tagline, 'Pixels, polished.');

      await user.click(screen.getByRole('button', { name: 'Publish' }));
      const held = await screen.findByRole('dialog', { name: 'Publish this brand?' });
      expect(held).toHaveTextContent('Save your changes first: publishing takes it as it was last saved.');
      expect(within(held).getByRole('button', { name: 'Publish' })).toBeDisabled();
      await user.click(within(held).getByRole('button', { name: 'Cancel' }));
      expect(within(form).getByLabelText('Tagline')).toHaveValue('Pixels, polished.');

      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(sent.some((request) => request.method === 'PATCH')).toBe(true));
      await user.click(await screen.findByRole('button', { name: 'Publish' }));
      const free = await screen.findByRole('dialog', { name: 'Publish this brand?' });
      expect(free).not.toHaveTextContent('Save your changes first');
      expect(within(free).getByRole('button', { name: 'Publish' })).toBeEnabled();
    },
    JOURNEY_MS,
  );

  it(
    'asks before Back leaves an edited form, and Escape stays',
    async () => {
      consoleWithEntries();
      const user = userEvent.setup();
      const { router } = renderApp('/console/brands');
      await go(router, `/console/brands/${ids.neonArcade}`);

      const form = await screen.findByRole('form', { name: 'Edit Neon Arcade' });
      await user.type(within(form).getByLabelText('Description'), 'Arcade cabinets, one pixel at a time.');
      await go(router, -1);
      const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      expect(pathname(router)).toBe(`/console/brands/${ids.neonArcade}`);
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await waitFor(() => expect(leaveDialog()).toBeNull());
      expect(pathname(router)).toBe(`/console/brands/${ids.neonArcade}`);

      await go(router, -1);
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
          name: 'Leave',
        }),
      );
      await waitFor(() => expect(pathname(router)).toBe('/console/brands'));
    },
    JOURNEY_MS,
  );

  it(
    'does not ask when nothing changed, or when what was typed is back to what was loaded',
    async () => {
      consoleWithEntries();
      const user = userEvent.setup();
      const { router, tagline } = await openBrandEdit();
      const loaded = tagline.value;
      await user.type(tagline, '!');
      await user.type(tagline, '{Backspace}');
      expect(tagline).toHaveValue(loaded);
      expect(unloadIsHeld()).toBe(false);
      await go(router, '/console/licenses');
      expect(pathname(router)).toBe('/console/licenses');
      expect(leaveDialog()).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'does not ask once the session has ended (signed out, or refused a refresh): nothing could be saved any more',
    async () => {
      consoleWithEntries();
      const user = userEvent.setup();
      const { router, form } = await openBrandEdit();
      await user.type(within(form).getByLabelText('Description'), 'Half a thought');
      // As the session's end sends people to sign in: cleared, then moved, before the page renders again.
      await act(async () => {
        endSession();
        await router.navigate('/signin');
      });
      expect(pathname(router)).toBe('/signin');
      expect(leaveDialog()).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'does not ask after a save: an edit saved stays put and leaves freely, a new entry opens without asking',
    async () => {
      const sent = consoleWithEntries();
      const user = userEvent.setup();
      const { router, form, tagline } = await openBrandEdit();
      await user.clear(tagline);
      await user.type(tagline, 'Pixels, polished.');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Changes saved')).toBeInTheDocument();
      expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(1);
      expect(unloadIsHeld()).toBe(false);
      await go(router, '/console/licenses');
      expect(pathname(router)).toBe('/console/licenses');
      expect(leaveDialog()).toBeNull();

      await go(router, '/console/brands/new');
      const created = await screen.findByRole('form', { name: 'New brand' });
      await user.type(within(created).getByLabelText(/^Name/), 'Aria Vale');
      await user.type(within(created).getByLabelText(/^Slug/), 'aria-vale');
      await user.click(within(created).getByRole('button', { name: 'Create draft' }));
      await waitFor(() => expect(pathname(router)).toBe(`/console/brands/${ids.neonArcade}`));
      expect(leaveDialog()).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'after a save, compares with what was saved: typing back what the form loaded asks, typing the saved value again does not',
    async () => {
      consoleWithEntries();
      const user = userEvent.setup();
      const { router, form, tagline } = await openBrandEdit();
      const loaded = tagline.value;
      expect(loaded).not.toBe('');
      await user.clear(tagline);
      await user.type(tagline, 'Pixels, polished.');
      await user.click(within(form).getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Changes saved')).toBeInTheDocument();

      // Back to the tagline from before the save: no longer what is saved, so it would be lost.
      await user.clear(tagline);
      await user.type(tagline, loaded);
      await waitFor(() => expect(unloadIsHeld()).toBe(true));
      await go(router, '/console/licenses');
      expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toHaveTextContent(
        'Your changes to this brand are not saved.',
      );
      await user.click(within(leaveDialog()!).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(leaveDialog()).toBeNull());

      // The saved tagline typed again: nothing to lose.
      await user.clear(tagline);
      await user.type(tagline, 'Pixels, polished.');
      await waitFor(() => expect(unloadIsHeld()).toBe(false));
      await go(router, '/console/licenses');
      expect(pathname(router)).toBe('/console/licenses');
      expect(leaveDialog()).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'asks on a page of two forms about the one that was changed (a kind of ticket and its grant form)',
    async () => {
      consoleWithEntries();
      const user = userEvent.setup();
      const { router } = renderApp(`/console/ticket-kinds/${giveawayIds.dropTicket}`);

      const grant = await screen.findByRole('form', { name: 'Grant tickets' });
      await go(router, '/console/ticket-kinds');
      expect(pathname(router)).toBe('/console/ticket-kinds');

      await go(router, `/console/ticket-kinds/${giveawayIds.dropTicket}`);
      // A grant made empties the form for the next one: nothing to ask about, until the next is typed.
      const next = await screen.findByRole('form', { name: 'Grant tickets' });
      await user.type(within(next).getByLabelText(/^Email address or user id/), 'ada@example.com');
      await user.click(within(next).getByRole('button', { name: 'Grant tickets' }));
      const confirm = await screen.findByRole('dialog', { name: /^Grant 1 / });
      await user.click(within(confirm).getByRole('button', { name: 'Grant tickets' }));
      expect(await screen.findByText('ada@example.com now holds 1.')).toBeInTheDocument();
      await waitFor(() => expect(within(next).getByLabelText(/^Email address or user id/)).toHaveValue(''));
      // The guard learns the form is clean in an effect, which may run just after the emptied field shows.
      await waitFor(() => expect(unloadIsHeld()).toBe(false));
      await user.type(within(next).getByLabelText(/^Email address or user id/), 'ada@example.com');
      await go(router, '/console/ticket-kinds');
      expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toHaveTextContent(
        'Your changes to this grant of tickets are not saved.',
      );
      expect(grant).not.toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it(
    'asks about a calendar’s rewards, and not once the calendar was saved',
    async () => {
      const sent = consoleWithGiveaways((request) => {
        if (pathnameOf(request.path) !== calendarPath) return undefined;
        return json(200, { data: calendar() });
      });
      const user = userEvent.setup();
      const { router } = renderApp(`/console/attendance-calendars/${giveawayIds.calendar}`);

      const form = await screen.findByRole('form', { name: 'Edit November check-in' });
      await go(router, '/console/attendance-calendars');
      expect(pathname(router)).toBe('/console/attendance-calendars');
      await go(router, `/console/attendance-calendars/${giveawayIds.calendar}`);

      const daily = within(await screen.findByRole('region', { name: 'Every day' }));
      await user.clear(daily.getByLabelText(/^Credit/));
      await user.type(daily.getByLabelText(/^Credit/), '7');
      await go(router, '/console/attendance-calendars');
      expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toHaveTextContent(
        'Your changes to this calendar are not saved.',
      );
      await user.click(screen.getByRole('button', { name: 'Stay' }));
      await user.click(
        within(await screen.findByRole('form', { name: 'Edit November check-in' })).getByRole('button', {
          name: 'Save changes',
        }),
      );
      // New rewards are confirmed first (what they come to over the period).
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Save these rewards?' })).getByRole('button', {
          name: 'Save changes',
        }),
      );
      await waitFor(() => expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1));
      await go(router, '/console/attendance-calendars');
      expect(pathname(router)).toBe('/console/attendance-calendars');
      expect(leaveDialog()).toBeNull();
      expect(form).not.toBeInTheDocument();
    },
    JOURNEY_MS,
  );
});

describe('console: moves that leave nothing unsaved behind', () => {
  it(
    'does not ask after the calendar being edited was deleted',
    async () => {
      const upcoming = calendar({ startDate: '2026-12-01', endDate: '2026-12-31', checkInCount: 0 });
      consoleWithGiveaways((request) => {
        const path = pathnameOf(request.path);
        if (path === calendarPath && request.method === 'DELETE') return new Response(null, { status: 204 });
        if (path === calendarPath) return json(200, { data: upcoming });
        return undefined;
      });
      const user = userEvent.setup();
      const { router } = renderApp(`/console/attendance-calendars/${giveawayIds.calendar}`);
      const daily = within(await screen.findByRole('region', { name: 'Every day' }));
      await user.clear(daily.getByLabelText(/^Credit/));
      await user.type(daily.getByLabelText(/^Credit/), '7');
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete this calendar?' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      await waitFor(() => expect(pathname(router)).toBe('/console/attendance-calendars'));
      expect(leaveDialog()).toBeNull();
    },
    JOURNEY_MS,
  );
});

/** Every console form that makes something, as it opens: what it is called, and what the dialog calls it. */
const newForms: [path: string, subject: string][] = [
  ['/console/brands/new', 'brand'],
  ['/console/licenses/new', 'license'],
  ['/console/collections/new', 'collection'],
  ['/console/products/new', 'product'],
  ['/console/figure-bases/new', 'figure base'],
  ['/console/ticket-kinds/new', 'kind of ticket'],
  ['/console/drops/new', 'drop'],
  ['/console/passes/new', 'pass'],
  ['/console/fusions/new', 'fusion'],
  ['/console/redeem-batches/new', 'batch of codes'],
  ['/console/airdrops/new', 'airdrop'],
  ['/console/attendance-calendars/new', 'calendar'],
  ['/console/categories/new', 'category'],
  ['/console/tags/new', 'tag'],
  ['/console/banners/new', 'banner'],
];

describe('console: unsaved changes in every form', () => {
  it(
    'opens a saved drop, fusion and pass and leaves each without asking while nothing changed',
    async () => {
      const saved: [page: string, api: string, answer: () => unknown][] = [
        [`/console/fusions/${fusionIds.fusion}`, `/v1/console/fusions/${fusionIds.fusion}`, () => consoleFusion()],
        [`/console/passes/${passIds.pass}`, `/v1/console/passes/${passIds.pass}`, () => consolePass()],
      ];
      for (const [page, api, answer] of saved) {
        consoleWithGiveaways((request) =>
          pathnameOf(request.path) === api ? json(200, { data: answer() }) : undefined,
        );
        const { router, unmount } = renderApp(page);
        await screen.findByRole('form', { name: /^Edit / });
        await go(router, '/console');
        expect(pathname(router)).toBe('/console');
        expect(leaveDialog()).toBeNull();
        unmount();
      }

      consoleDropsApi([consoleDrop(consoleDropIds.upcoming, dropRequest({ name: 'Starfall Academy' }))]);
      const { router } = renderApp(`/console/drops/${consoleDropIds.upcoming}`);
      const form = await screen.findByRole('form', { name: 'Edit Starfall Academy' });
      // The editor reads its products to show their editions: it stays unchanged once they have come.
      await within(form).findAllByText(/Dragon of the Eighth Bit/);
      await go(router, '/console/drops');
      expect(pathname(router)).toBe('/console/drops');
      expect(leaveDialog()).toBeNull();
    },
    JOURNEY_MS,
  );

  it.each(newForms)(
    '%s leaves without asking as it opened, and asks about its %s once typed in',
    async (path, subject) => {
      consoleWithEntries();
      const user = userEvent.setup();
      const { router } = renderApp(path);

      await screen.findByRole('form');
      await go(router, '/console');
      expect(pathname(router)).toBe('/console');
      expect(leaveDialog()).toBeNull();

      await go(router, path);
      const form = await screen.findByRole('form');
      await user.type(within(form).getAllByRole('textbox')[0]!, 'Something');
      await go(router, '/console');
      expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toHaveTextContent(
        `Your changes to this ${subject} are not saved.`,
      );
      expect(pathname(router)).toBe(path);
    },
    JOURNEY_MS,
  );
});

/** Sixty operators, fifty a page as the console reads them: one person on each page is enough to tell them apart. */
function consoleWithOperators(): SentRequest[] {
  const grant = (number: number): TOperatorGrant => ({
    id: `0190a0b0-0000-7000-8000-0000000e000${number}`,
    user: { id: `0190a0b0-0000-7000-8000-0000000e100${number}`, email: `op${number}@example.com`, nickname: null },
    role: 'admin',
    brand: null,
    createdAt: '2026-11-01T00:00:00.000Z',
  });
  return consoleWithGiveaways((request) => {
    if (pathnameOf(request.path) !== '/v1/console/operators') return undefined;
    const number = Number(queryOf(request.path).get('page') ?? 1);
    return json(200, { data: page([grant(number)], { page: number, size: 50, total: 60 }) });
  });
}

describe('console: moves within the page', () => {
  it(
    'keeps a form as typed across another page of the list below it, forwards and Back, without asking',
    async () => {
      consoleWithOperators();
      const user = userEvent.setup();
      const { router } = renderApp('/console/operators');

      const form = await screen.findByRole('form', { name: 'Add an operator' });
      await user.type(within(form).getByLabelText(/^Email of an existing account/), 'ada@example.com');
      await user.selectOptions(within(form).getByLabelText(/^Role/), 'admin');
      expect(await screen.findAllByText('op1@example.com')).not.toHaveLength(0);

      const pages = screen.getByRole('navigation', { name: 'Operator pages' });
      await user.click(within(pages).getByRole('link', { name: 'Next' }));
      expect(await screen.findAllByText('op2@example.com')).not.toHaveLength(0);
      expect(address(router)).toBe('/console/operators?page=2');
      expect(leaveDialog()).toBeNull();
      // The same form, as typed: nothing was started again, so there was nothing to ask about.
      expect(screen.getByRole('form', { name: 'Add an operator' })).toBe(form);
      expect(within(form).getByLabelText(/^Email of an existing account/)).toHaveValue('ada@example.com');
      expect(within(form).getByLabelText(/^Role/)).toHaveValue('admin');

      await go(router, -1);
      expect(await screen.findAllByText('op1@example.com')).not.toHaveLength(0);
      expect(address(router)).toBe('/console/operators');
      expect(leaveDialog()).toBeNull();
      expect(within(form).getByLabelText(/^Email of an existing account/)).toHaveValue('ada@example.com');

      // Still unsaved: leaving the page asks, as before.
      expect(unloadIsHeld()).toBe(true);
      await user.click(screen.getByRole('link', { name: 'Licenses' }));
      expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toHaveTextContent(
        'Your changes to this role are not saved.',
      );
      expect(address(router)).toBe('/console/operators');
    },
    JOURNEY_MS,
  );

  it(
    'keeps an entry’s editor as typed when only the address’s query or hash changes',
    async () => {
      consoleWithEntries();
      const user = userEvent.setup();
      const { router, form, tagline } = await openBrandEdit();
      await user.clear(tagline);
      await user.type(tagline, 'Pixels, polished.');
      await go(router, '?ref=audit-log');
      await go(router, '?ref=audit-log#story');
      expect(address(router)).toBe(`/console/brands/${ids.neonArcade}?ref=audit-log`);
      expect(leaveDialog()).toBeNull();
      expect(screen.getByRole('form', { name: 'Edit Neon Arcade' })).toBe(form);
      expect(tagline).toHaveValue('Pixels, polished.');

      await go(router, '/console/brands');
      expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toHaveTextContent(
        'Your changes to this brand are not saved.',
      );
    },
    JOURNEY_MS,
  );

  it(
    'asks before a query move that starts a form again (one it is shown for), and not before another',
    async () => {
      /** A note on the entry the address names: another entry's note starts empty. */
      function EntryNote({ entry }: { entry: string }) {
        const form = useForm({ defaultValues: { note: '' } });
        useUnsavedChanges(form, 'note', { resetByQuery: ['entry'] });
        return (
          <form aria-label={`Note on ${entry}`}>
            <label>
              Note
              <input {...form.register('note')} />
            </label>
          </form>
        );
      }
      function Notes() {
        const [search] = useSearchParams();
        const entry = search.get('entry') ?? 'a';
        return <EntryNote entry={entry} key={entry} />;
      }
      startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
      const router = createMemoryRouter(
        [
          {
            path: '/console/notes',
            element: (
              <UnsavedChangesGuard>
                <Notes />
              </UnsavedChangesGuard>
            ),
          },
        ],
        { initialEntries: ['/console/notes?entry=a'] },
      );
      render(<RouterProvider router={router} />);
      const user = userEvent.setup();

      await user.type(within(screen.getByRole('form', { name: 'Note on a' })).getByLabelText('Note'), 'Half a thought');
      await go(router, '?entry=a&page=2');
      expect(leaveDialog()).toBeNull();
      expect(screen.getByLabelText('Note')).toHaveValue('Half a thought');

      await go(router, '?entry=b');
      const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      expect(dialog).toHaveTextContent('Your changes to this note are not saved.');
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(leaveDialog()).toBeNull());
      expect(address(router)).toBe('/console/notes?entry=a&page=2');
      expect(screen.getByLabelText('Note')).toHaveValue('Half a thought');

      await go(router, '?entry=b');
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
          name: 'Leave',
        }),
      );
      expect(await screen.findByRole('form', { name: 'Note on b' })).toBeInTheDocument();
      expect(screen.getByLabelText('Note')).toHaveValue('');
    },
    JOURNEY_MS,
  );
});

describe('console: forms in pop-ups', () => {
  it(
    'asks before a pop-up closes over what was chosen in it, however it is closed, and not when nothing was',
    async () => {
      const sent = consoleWithEntries();
      const user = userEvent.setup();
      const { router } = renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'EDITION');
      const setAside = await within(form).findByRole('button', { name: 'Set editions aside' });

      // Opened and closed untouched: nothing to ask about.
      await user.click(setAside);
      fireEvent.keyDown(await screen.findByRole('dialog', { name: 'Set editions aside' }), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set editions aside' })).toBeNull());
      expect(closeDialog()).toBeNull();

      await user.click(setAside);
      let pool = await screen.findByRole('dialog', { name: 'Set editions aside' });
      const brandSelect = within(pool).getByLabelText(/^Brand/);
      await within(brandSelect).findByRole('option', { name: 'Neon Arcade' });
      await user.selectOptions(brandSelect, ids.neonArcade);
      await user.type(within(pool).getByLabelText(/^Editions/), '20');
      expect(unloadIsHeld()).toBe(true);

      const closings: [how: string, close: () => Promise<void>][] = [
        ['Escape', async () => void fireEvent.keyDown(pool, { key: 'Escape' })],
        ['the backdrop', () => user.click(pool)],
        ['the close button', () => user.click(within(pool).getByRole('button', { name: 'Close' }))],
        ['Cancel', () => user.click(within(pool).getByRole('button', { name: 'Cancel' }))],
      ];
      for (const [how, close] of closings) {
        await close();
        const asked = await screen.findByRole('dialog', { name: 'Close without saving?' });
        expect(asked, how).toHaveTextContent('Your changes to this edition pool are not saved.');
        await user.click(within(asked).getByRole('button', { name: 'Stay' }));
        await waitFor(() => expect(closeDialog()).toBeNull());
        expect(screen.getByRole('dialog', { name: 'Set editions aside' }), how).toBe(pool);
        expect(within(pool).getByLabelText(/^Editions/), how).toHaveValue(20);
      }

      // Leaving the page with the pop-up open asks as any form does.
      await go(router, '/console');
      const leave = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      expect(leave).toHaveTextContent('Your changes to this edition pool are not saved.');
      await user.click(within(leave).getByRole('button', { name: 'Stay' }));
      expect(pathname(router)).toBe('/console/redeem-batches/new');

      await user.click(within(pool).getByRole('button', { name: 'Cancel' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Close without saving?' })).getByRole('button', {
          name: 'Discard',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set editions aside' })).toBeNull());
      expect(closeDialog()).toBeNull();
      expect(
        sent.some((request) => pathnameOf(request.path) === '/v1/console/edition-pools' && request.method === 'POST'),
      ).toBe(false);

      // Discarded means gone: it opens empty again, and closes without asking.
      await user.click(setAside);
      pool = await screen.findByRole('dialog', { name: 'Set editions aside' });
      expect(within(pool).getByLabelText(/^Editions/)).toHaveValue(null);
      await user.click(within(pool).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set editions aside' })).toBeNull());
      expect(closeDialog()).toBeNull();
    },
    JOURNEY_MS,
  );
});
