import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  consoleDrop,
  consoleDropIds,
  consoleDropsApi,
  dropRequest,
  inHours,
  neonManager,
  publishingDrop,
} from '../../test/console-drops-fixtures.ts';
import { ids, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, deferred } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

// On a busy machine a test here can take longer than its five seconds (what it waits for gets five seconds each, from
// src/test/setup.ts).
const TEST_MS = 20_000;

const upcomingDraft = () => consoleDrop(consoleDropIds.upcoming, dropRequest({ name: 'Starfall Academy' }));
const liveDrop = () =>
  consoleDrop(
    consoleDropIds.live,
    dropRequest({
      name: 'Pixel Knights: Genesis',
      visibleAt: inHours(-48),
      dropBeginAt: inHours(-24),
      rounds: dropRequest().rounds.map((round, index) =>
        index === 0 ? { ...round, saleBeginAt: inHours(-24) } : round,
      ),
    }),
    {
      publicationStatus: 'PUBLISHED',
      commitment: 'c'.repeat(64),
      publishedAt: inHours(-30),
      counts: { dropCount: 100, soldCount: 37, heldCount: 3 },
    },
  );
const ariaDrop = () =>
  consoleDrop(
    consoleDropIds.otherBrand,
    dropRequest({
      brandId: ids.ariaVale,
      name: 'Aria Live',
      contents: [{ productId: consoleDropIds.ariaProduct, editionCount: 200 }],
    }),
  );

const listRequests = (sent: { path: string; method: string }[]) =>
  sent
    .filter((request) => request.method === 'GET' && pathnameOf(request.path) === '/v1/console/drops')
    .map((request) => {
      const query = queryOf(request.path);
      query.sort();
      return query.toString();
    });

describe('console drops list', () => {
  it(
    'is a section every operator sees, with a skeleton while the drops load',
    async () => {
      const answer = deferred<Response>();
      consoleDropsApi([], {
        before: (request) =>
          pathnameOf(request.path) === '/v1/console/drops' ? (answer.promise as unknown as Response) : undefined,
      });
      renderApp('/console/drops');
      const nav = await screen.findByRole('navigation', { name: 'Console sections' });
      expect(within(nav).getByRole('link', { name: 'Drops' })).toBeInTheDocument();
      expect(await screen.findByLabelText('Loading drops')).toHaveAttribute('aria-busy', 'true');
      answer.resolve(apiFailure(404, 'NOT_FOUND'));
    },
    TEST_MS,
  );

  it(
    'lists drafts and published drops with brand, status, sale by time, window and pack counts',
    async () => {
      consoleDropsApi([upcomingDraft(), liveDrop(), ariaDrop()]);
      renderApp('/console/drops');

      const table = await screen.findByRole('table', { name: 'Drops' });
      const [, draft, live] = within(table).getAllByRole('row');
      expect(within(draft!).getByRole('link', { name: 'Starfall Academy' })).toHaveAttribute(
        'href',
        `/console/drops/${consoleDropIds.upcoming}`,
      );
      expect(within(draft!).getByText('Draft')).toBeInTheDocument();
      expect(within(draft!).getByText('Not on sale')).toBeInTheDocument();
      expect(within(draft!).getByText('0 / 100 sold')).toBeInTheDocument();

      expect(within(live!).getByText('Published')).toBeInTheDocument();
      expect(within(live!).getByText('Live')).toBeInTheDocument();
      expect(within(live!).getByText('37 / 100 sold')).toBeInTheDocument();
      expect(within(live!).getByText('3 held · 2 rounds')).toBeInTheDocument();
      expect(within(live!).getAllByText('Neon Arcade').length).toBeGreaterThan(0);
    },
    TEST_MS,
  );

  it(
    'filters by status and brand in the address, and says when nothing matches',
    async () => {
      const sent = consoleDropsApi([upcomingDraft(), liveDrop(), ariaDrop()]);
      const user = userEvent.setup();
      renderApp('/console/drops');
      await screen.findByRole('table', { name: 'Drops' });

      await user.selectOptions(screen.getByLabelText('Status'), 'published');
      await waitFor(() => expect(listRequests(sent)).toContain('page=1&size=20&status=PUBLISHED'));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Starfall Academy' })).toBeNull());
      expect(screen.getByRole('link', { name: 'Pixel Knights: Genesis' })).toBeInTheDocument();

      await user.selectOptions(await screen.findByLabelText('Brand'), ids.ariaVale);
      await waitFor(() =>
        expect(listRequests(sent)).toContain(`brandId=${ids.ariaVale}&page=1&size=20&status=PUBLISHED`),
      );
      expect(await screen.findByRole('heading', { name: 'No drops match' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(await screen.findByRole('link', { name: 'Starfall Academy' })).toBeInTheDocument();
    },
    TEST_MS,
  );

  it(
    'shows a drop being published with its progress in place of its counts, and filters by Publishing',
    async () => {
      const publishing = publishingDrop(
        consoleDrop(consoleDropIds.created, dropRequest({ name: 'Moonrise Vault' })),
        34,
      );
      const sent = consoleDropsApi([upcomingDraft(), publishing, liveDrop()]);
      const user = userEvent.setup();
      renderApp('/console/drops');

      const table = await screen.findByRole('table', { name: 'Drops' });
      const row = within(table).getByRole('link', { name: 'Moonrise Vault' }).closest('tr')!;
      expect(within(row).getByText('Publishing')).toBeInTheDocument();
      expect(within(row).getByText('Not on sale')).toBeInTheDocument();
      const [progress] = within(row).getAllByRole('progressbar', { name: 'Packs written' });
      expect(progress).toHaveAttribute('aria-valuetext', '34 of 100 packs');
      expect(within(row).getAllByText('34 / 100 packs written').length).toBeGreaterThan(0);
      expect(within(row).queryByText(/sold/)).toBeNull();

      await user.selectOptions(screen.getByLabelText('Status'), 'publishing');
      await waitFor(() => expect(listRequests(sent)).toContain('page=1&size=20&status=PUBLISHING'));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Starfall Academy' })).toBeNull());
      expect(screen.getByRole('link', { name: 'Moonrise Vault' })).toBeInTheDocument();
    },
    TEST_MS,
  );

  it(
    'offers the first drop when there is none',
    async () => {
      consoleDropsApi([]);
      renderApp('/console/drops');
      expect(await screen.findByRole('heading', { name: 'No drops yet' })).toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: 'New drop' }).at(-1)).toHaveAttribute('href', '/console/drops/new');
    },
    TEST_MS,
  );

  it(
    'says when the drops could not be read, and tries again',
    async () => {
      let isFailing = true;
      consoleDropsApi([upcomingDraft()], {
        before: (request) =>
          isFailing && pathnameOf(request.path) === '/v1/console/drops'
            ? apiFailure(500, 'INTERNAL_ERROR', 'Something went wrong on our side.')
            : undefined,
      });
      const user = userEvent.setup();
      renderApp('/console/drops');
      expect(await screen.findByRole('heading', { name: 'We could not load the drops' })).toBeInTheDocument();
      isFailing = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('link', { name: 'Starfall Academy' })).toBeInTheDocument();
    },
    TEST_MS,
  );

  it(
    'shows a brand manager only their brands: in the list, the brand filter and a new drop’s brand',
    async () => {
      const sent = consoleDropsApi([upcomingDraft(), ariaDrop()], { me: neonManager });
      const { unmount } = renderApp('/console/drops');
      const table = await screen.findByRole('table', { name: 'Drops' });
      expect(within(table).getByRole('link', { name: 'Starfall Academy' })).toBeInTheDocument();
      expect(within(table).queryByRole('link', { name: 'Aria Live' })).toBeNull();
      const brandFilter = screen.getByLabelText('Brand');
      await waitFor(() => expect(within(brandFilter).getAllByRole('option')).toHaveLength(2));
      expect(within(brandFilter).getByRole('option', { name: 'Neon Arcade' })).toBeInTheDocument();
      expect(within(brandFilter).queryByRole('option', { name: 'Aria Vale' })).toBeNull();
      unmount();

      // A manager of one brand starts a new drop on it, and another brand's drop is not theirs to open.
      const { unmount: unmountNew } = renderApp('/console/drops/new');
      const form = await screen.findByRole('form', { name: 'New drop' });
      expect(within(form).getByText('Brand')).toBeInTheDocument();
      expect(within(form).getByText('Neon Arcade')).toBeInTheDocument();
      expect(within(form).queryByRole('combobox', { name: /^Brand/ })).toBeNull();
      // Its products are the ones offered for the packs.
      expect(await within(form).findByRole('button', { name: 'Add Dragon of the Eighth Bit' })).toBeInTheDocument();
      expect(within(form).queryByRole('button', { name: /Aria/ })).toBeNull();
      unmountNew();

      renderApp(`/console/drops/${consoleDropIds.otherBrand}`);
      expect(await screen.findByRole('heading', { name: 'This drop is not here' })).toBeInTheDocument();
      expect(sent.some((request) => request.method !== 'GET')).toBe(false);
    },
    TEST_MS,
  );
});
