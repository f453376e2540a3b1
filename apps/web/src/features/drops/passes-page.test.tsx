import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { balances } from '../../test/drops-fixtures.ts';
import { apiFailure, deferred, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { pass, passIds } from '../../test/passes-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

type Route = (request: SentRequest) => Response | Promise<Response> | undefined;

/** The passes API answering `route` first; a signed-in user gets their record and balance. */
function passesApi(route: Route): SentRequest[] {
  return stubApi(async (request) => {
    const answer = await route(request);
    if (answer) return answer;
    const path = pathnameOf(request.path);
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/balances/my') return json(200, { data: balances(10_000) });
    return apiFailure(404, 'NOT_FOUND');
  });
}

const listOf = (...items: ReturnType<typeof pass>[]): Route => {
  return (request) => (pathnameOf(request.path) === '/v1/passes' ? json(200, { data: page(items) }) : undefined);
};

const cards = () => within(screen.getByRole('list', { name: 'Passes' })).getAllByRole('listitem');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-22T18:30:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('passes page', () => {
  it('shows each pass as a card: artwork, name, brand, price, status with its date, and what is left', async () => {
    passesApi(
      listOf(
        pass(),
        pass({
          id: passIds.other,
          name: 'Winter Pass',
          saleBeginAt: '2026-12-01T18:00:00.000Z',
          saleEndAt: '2026-12-31T18:00:00.000Z',
          remaining: 500,
        }),
      ),
    );
    renderApp('/pass');
    expect(await screen.findByRole('heading', { level: 1, name: 'Passes' })).toBeInTheDocument();
    const [season, winter] = await waitFor(() => cards());
    expect(within(season!).getByRole('heading', { name: 'Neon Season Pass' })).toBeInTheDocument();
    expect(season).toHaveTextContent('On sale');
    expect(season).toHaveTextContent('Neon Arcade');
    expect(season).toHaveTextContent('$25.00');
    expect(season).toHaveTextContent('Sale ends Dec 20, 2026');
    expect(season).toHaveTextContent('412 of 500 left');
    expect(within(season!).getByRole('link')).toHaveAttribute('href', `/pass/${passIds.pass}`);
    expect(season!.querySelector('img')).toHaveAttribute('src', '/uploads/neon-season-pass.webp');
    expect(winter).toHaveTextContent('Upcoming');
    expect(winter).toHaveTextContent('Opens Dec 1, 2026');
    expect(winter).toHaveTextContent('500 of 500 left');
    // Visitors hold nothing: no "Mine" to choose.
    expect(screen.queryByRole('link', { name: 'Mine' })).toBeNull();
  });

  it('says sold out and ended by the clock, with what was sold', async () => {
    passesApi(
      listOf(
        pass({ remaining: 0 }),
        pass({
          id: passIds.other,
          name: 'Autumn Pass',
          saleBeginAt: '2026-10-01T18:00:00.000Z',
          saleEndAt: '2026-11-01T18:00:00.000Z',
          remaining: 120,
        }),
      ),
    );
    renderApp('/pass');
    const [soldOut, ended] = await waitFor(() => cards());
    expect(soldOut).toHaveTextContent('Sold out');
    expect(soldOut).toHaveTextContent('All 500 sold');
    expect(soldOut).toHaveTextContent('Valid until Feb 18, 2027');
    expect(ended).toHaveTextContent('Ended');
    expect(ended).toHaveTextContent('Ended Nov 1, 2026');
    expect(ended).toHaveTextContent('380 of 500 sold');
  });

  // Session 72's collection hunt: a held pass read "Ended" once its sale was over, valid for months or expired alike.
  it('tells a holder, once the sale is over, whether the pass is still valid or has expired', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const over = { saleBeginAt: '2026-10-01T18:00:00.000Z', saleEndAt: '2026-11-01T18:00:00.000Z' };
    passesApi((request) =>
      pathnameOf(request.path) === '/v1/passes/my'
        ? json(200, {
            data: {
              items: [
                pass({ ...over, held: 1, validFrom: '2026-10-01T18:00:00.000Z' }),
                pass({
                  ...over,
                  id: passIds.other,
                  name: 'Autumn Pass',
                  held: 1,
                  validFrom: '2026-10-01T18:00:00.000Z',
                  validUntil: '2026-11-10T18:00:00.000Z',
                }),
              ],
            },
          })
        : undefined,
    );
    renderApp('/pass?show=mine');
    const mine = await screen.findByRole('list', { name: 'Passes you hold' });
    const [valid, expired] = within(mine).getAllByRole('listitem');
    expect(valid).toHaveTextContent('Valid');
    expect(valid).toHaveTextContent('Valid until Feb 18, 2027');
    expect(valid).not.toHaveTextContent('Ended');
    expect(expired).toHaveTextContent('Expired Nov 10, 2026');
    expect(expired).not.toHaveTextContent('Ended');
    // What was sold, as for everyone once the sale is over.
    expect(valid).toHaveTextContent('88 of 500 sold');
  });

  it('marks the passes a signed-in collector holds, and "Mine" lists only those (GET /v1/passes/my)', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const sent = passesApi((request) => {
      const path = pathnameOf(request.path);
      if (path === '/v1/passes') {
        return json(200, { data: page([pass({ held: 1 }), pass({ id: passIds.other, name: 'Winter Pass' })]) });
      }
      if (path === '/v1/passes/my') return json(200, { data: { items: [pass({ held: 2 })] } });
      return undefined;
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/pass');
    const [held, other] = await waitFor(() => cards());
    expect(within(held!).getByText('You hold 1')).toBeInTheDocument();
    expect(within(other!).queryByText(/You hold/)).toBeNull();
    // The list is read with the session, so the API can say what the caller holds.
    expect(sent.find((request) => pathnameOf(request.path) === '/v1/passes')?.authorization).toBe('Bearer a1');

    await user.click(screen.getByRole('link', { name: 'Mine' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My passes' })).toBeInTheDocument();
    const mine = await screen.findByRole('list', { name: 'Passes you hold' });
    expect(within(mine).getAllByRole('listitem')).toHaveLength(1);
    expect(within(mine).getByText('You hold 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mine' })).toHaveAttribute('aria-current', 'true');
  });

  it('says so when a collector holds no passes, with the way to all of them', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    passesApi((request) =>
      pathnameOf(request.path) === '/v1/passes/my' ? json(200, { data: { items: [] } }) : undefined,
    );
    renderApp('/pass?show=mine');
    expect(await screen.findByRole('heading', { name: 'You hold no passes yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all passes' })).toHaveAttribute('href', '/pass');
  });

  it('sends a visitor who asks for their passes to sign in first, and back', async () => {
    passesApi(() => undefined);
    const { router } = renderApp('/pass?show=mine');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/pass?show=mine');
  });

  it('pages through twenty at a time, the page in the address', async () => {
    const sent = passesApi((request) => {
      if (pathnameOf(request.path) !== '/v1/passes') return undefined;
      const pageNumber = Number(queryOf(request.path).get('page'));
      return json(200, {
        data: page([pass({ name: `Pass on page ${pageNumber}` })], { page: pageNumber, total: 45 }),
      });
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderApp('/pass');
    expect(await screen.findByText('Pass on page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Next/ }));
    expect(await screen.findByText('Pass on page 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const asked = sent.filter((request) => pathnameOf(request.path) === '/v1/passes').map((r) => queryOf(r.path));
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(asked.at(-1)?.get('size')).toBe('20');
  });

  it('shows skeletons while loading, then an empty state that leads to the drops', async () => {
    const answer = deferred<void>();
    passesApi((request) =>
      pathnameOf(request.path) === '/v1/passes' ? answer.promise.then(() => json(200, { data: page([]) })) : undefined,
    );
    renderApp('/pass');
    expect(await screen.findByRole('status', { name: 'Loading passes' })).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByRole('heading', { name: 'No passes yet' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading passes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See drops' })).toHaveAttribute('href', '/drops');
  });

  it('shows an error with a retry', async () => {
    let isDown = true;
    passesApi((request) => {
      if (pathnameOf(request.path) !== '/v1/passes') return undefined;
      return isDown ? apiFailure(503, 'SERVICE_UNAVAILABLE') : json(200, { data: page([pass()]) });
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/pass');
    expect(await screen.findByRole('heading', { name: 'We could not load the passes' })).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Neon Season Pass' })).toBeInTheDocument();
  });
});
