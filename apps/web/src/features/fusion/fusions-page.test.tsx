import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFusionSummary } from '@cypher/contract';
import { brand, ids, page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, deferred, json, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { fusionIds, fusionSummary } from '../../test/fusions-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

type Route = (request: SentRequest) => Response | Promise<Response> | undefined;

const categories = [
  { id: fusionIds.category, name: 'Characters', slug: 'characters', sortOrder: 1 },
  { id: '0190a0b0-0000-7000-8000-0000000f5002', name: 'Weapons', slug: 'weapons', sortOrder: 2 },
];

/** The fusions API answering `route` first, with the brands and categories the filters offer. */
function fusionsApi(route: Route): SentRequest[] {
  return stubApi(async (request) => {
    const answer = await route(request);
    if (answer) return answer;
    switch (pathnameOf(request.path)) {
      case '/v1/brands':
        return json(200, {
          data: page([brand(), brand({ id: ids.ariaVale, slug: 'aria-vale', name: 'Aria Vale', type: 'ARTIST' })]),
        });
      case '/v1/categories':
        return json(200, { data: page(categories) });
      default:
        return apiFailure(404, 'NOT_FOUND');
    }
  });
}

const listOf =
  (...items: TFusionSummary[]): Route =>
  (request) =>
    pathnameOf(request.path) === '/v1/fusions' ? json(200, { data: page(items) }) : undefined;

const listReads = (sent: SentRequest[]) => sent.filter((request) => pathnameOf(request.path) === '/v1/fusions');
const cards = () => within(screen.getByRole('list', { name: 'Fusions' })).getAllByRole('listitem');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-22T18:30:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('fusions page', () => {
  it('shows each fusion as a card: artwork, name, brand, status, what it makes and what is left', async () => {
    fusionsApi(
      listOf(
        fusionSummary(),
        fusionSummary({
          id: fusionIds.other,
          name: 'Winter Forge',
          beginAt: '2026-12-01T18:00:00.000Z',
          endAt: '2026-12-31T18:00:00.000Z',
          status: 'UPCOMING',
        }),
        fusionSummary({
          id: fusionIds.created,
          name: 'Spent Forge',
          isAllFused: true,
          result: { ...fusionSummary().result, remaining: 0 },
        }),
        fusionSummary({
          id: fusionIds.ended,
          name: 'Closed Forge',
          beginAt: '2026-11-01T18:00:00.000Z',
          endAt: '2026-11-20T18:00:00.000Z',
          status: 'ENDED',
        }),
      ),
    );
    renderApp('/fusions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fusions' })).toBeInTheDocument();
    const [open, upcoming, spent, ended] = await waitFor(() => cards());
    expect(within(open!).getByRole('heading', { name: 'Dragon Forge' })).toBeInTheDocument();
    expect(within(open!).getByRole('link')).toHaveAttribute('href', `/fusions/${fusionIds.fusion}`);
    expect(open!.querySelector('img')).toHaveAttribute('src', '/uploads/dragon-forge.webp');
    expect(open).toHaveTextContent('Available');
    expect(open).toHaveTextContent('Neon Arcade');
    expect(open).toHaveTextContent('Makes Dragon of the Eighth Bit');
    expect(open).toHaveTextContent('Until Dec 20, 2026');
    expect(open).toHaveTextContent('88 of 100 left');
    expect(upcoming).toHaveTextContent('Coming up');
    expect(upcoming).toHaveTextContent('Opens Dec 1, 2026');
    expect(spent).toHaveTextContent('All items fused');
    expect(spent).not.toHaveTextContent('left');
    // Its flag says it too (spec section 4's all-items-fused state), not "Available".
    expect(spent).toHaveTextContent('All fused');
    expect(spent).not.toHaveTextContent('Available');
    // Once ended, nothing is left to anyone: what was made.
    expect(ended).toHaveTextContent('Ended');
    expect(ended).toHaveTextContent('12 of 100 made');
    expect(ended).not.toHaveTextContent('left');
    expect(screen.getByText('4 fusions')).toBeInTheDocument();
  });

  it('says a card’s result the public does not see is yet to be announced', async () => {
    fusionsApi(listOf(fusionSummary({ result: { ...fusionSummary().result, product: null } })));
    renderApp('/fusions');
    const [card] = await waitFor(() => cards());
    expect(card).toHaveTextContent('Makes A collectible yet to be announced');
    expect(card).toHaveTextContent('88 of 100 left');
  });

  it('asks the API for the brand, category and status chosen, and keeps them in the address', async () => {
    const sent = fusionsApi(listOf(fusionSummary()));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp('/fusions?page=2');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(queryOf(listReads(sent).at(-1)!.path).get('page')).toBe('2');

    const brandFilter = screen.getByLabelText('Brand');
    await within(brandFilter).findByRole('option', { name: 'Aria Vale' });
    await user.selectOptions(brandFilter, ids.ariaVale);
    await waitFor(() => expect(router.state.location.search).toBe(`?brand=${ids.ariaVale}`));

    const categoryFilter = screen.getByLabelText('Category');
    await within(categoryFilter).findByRole('option', { name: 'Weapons' });
    await user.selectOptions(categoryFilter, '0190a0b0-0000-7000-8000-0000000f5002');
    await user.selectOptions(screen.getByLabelText('Status'), 'upcoming');
    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any status', 'Coming up', 'Available', 'Ended']);

    await waitFor(() => expect(queryOf(listReads(sent).at(-1)!.path).get('status')).toBe('UPCOMING'));
    const query = queryOf(listReads(sent).at(-1)!.path);
    expect(Object.fromEntries(query)).toEqual({
      brandId: ids.ariaVale,
      categoryId: '0190a0b0-0000-7000-8000-0000000f5002',
      status: 'UPCOMING',
      page: '1',
      size: '20',
    });
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('upcoming');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(Object.fromEntries(queryOf(listReads(sent).at(-1)!.path))).toEqual({ page: '1', size: '20' }),
    );
  });

  it('reads the filters from a shared address, and ignores a value that is not a choice', async () => {
    const sent = fusionsApi(listOf(fusionSummary()));
    renderApp(`/fusions?brand=${ids.neonArcade}&status=ended&category=not-an-id`);
    await waitFor(() => expect(cards()).toHaveLength(1));
    const query = queryOf(listReads(sent).at(-1)!.path);
    expect(query.get('brandId')).toBe(ids.neonArcade);
    expect(query.get('status')).toBe('ENDED');
    expect(query.has('categoryId')).toBe(false);
    expect(screen.getByLabelText('Status')).toHaveValue('ended');
  });

  it('shows skeletons while loading, then an empty state for filters with the way to clear them', async () => {
    const answer = deferred<void>();
    fusionsApi((request) =>
      pathnameOf(request.path) === '/v1/fusions' ? answer.promise.then(() => json(200, { data: page([]) })) : undefined,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp('/fusions?status=available');
    expect(await screen.findByRole('status', { name: 'Loading fusions' })).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByRole('heading', { name: 'No fusions match these filters' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { name: 'No fusions yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See drops' })).toHaveAttribute('href', '/drops');
  });

  it('shows an error with a retry', async () => {
    let isDown = true;
    fusionsApi((request) => {
      if (pathnameOf(request.path) !== '/v1/fusions') return undefined;
      return isDown ? apiFailure(503, 'SERVICE_UNAVAILABLE') : json(200, { data: page([fusionSummary()]) });
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/fusions');
    expect(await screen.findByRole('heading', { name: 'We could not load the fusions' })).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Dragon Forge' })).toBeInTheDocument();
  });
});
