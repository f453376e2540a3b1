import { MAX_SQL_INTEGER, ZPageQuery } from '@cypher/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { brand, ids, page } from '../../test/catalog-fixtures.ts';
import { drop, dropIds, pack, packItem, policy, times } from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

type Route = (request: SentRequest) => Response | undefined;

const listOf = (items: unknown[]) => json(200, { data: { items, page: 1, size: 20, total: items.length } });

function api(route: Route = () => undefined) {
  return stubApi((request) => {
    const answer = route(request);
    if (answer) return answer;
    if (request.path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (request.path.startsWith('/v1/drops?')) return listOf([]);
    return apiFailure(404, 'NOT_FOUND');
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // Round 1 is on sale, 30 minutes in.
  vi.setSystemTime(new Date('2026-11-22T18:30:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('drops page', () => {
  it('lists the drops available now, each card with its brand, price and the time left, ticking', async () => {
    const sent = api((request) =>
      request.path === '/v1/drops?status=AVAILABLE&page=1&size=20' ? listOf([drop()]) : undefined,
    );
    renderApp('/drops');
    const list = await screen.findByRole('list', { name: 'Drops available now' });
    const card = within(list).getByRole('link', { name: /Neon Genesis/ });
    expect(card).toHaveAttribute('href', `/drops/${dropIds.drop}`);
    expect(within(card).getByText('Neon Arcade')).toBeInTheDocument();
    expect(within(card).getByText('$12.50 a pack')).toBeInTheDocument();
    expect(within(card).getByText('Round 1 on sale')).toBeInTheDocument();
    // The clock runs on during the test: the countdown reads 1h 30m 00s or a second or two less, and ticks.
    const before = within(card).getByRole('timer').textContent;
    expect(before).toMatch(/^1h (30m 00s|29m 5\ds)$/);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(within(card).getByRole('timer').textContent).not.toBe(before));
    expect(within(card).getByRole('timer').textContent).toMatch(/^1h 29m 5\ds$/);
    expect(sent.every((request) => !request.path.startsWith('/v1/drops?') || request.path.includes('AVAILABLE'))).toBe(
      true,
    );
  });

  it("prices a card by the round to come between rounds, as the drop's page does, not by the round that has ended", async () => {
    // Round 1 ($12.50) ended at 20:00; round 2 ($15.00) opens at 21:00.
    vi.setSystemTime(new Date('2026-11-22T20:30:00.000Z'));
    api((request) => (request.path === '/v1/drops?status=AVAILABLE&page=1&size=20' ? listOf([drop()]) : undefined));
    renderApp('/drops');
    const card = await within(await screen.findByRole('list', { name: 'Drops available now' })).findByRole('link', {
      name: /Neon Genesis/,
    });
    expect(within(card).getByText('Round 2 is next')).toBeInTheDocument();
    expect(within(card).getByText('$15.00 a pack')).toBeInTheDocument();
    expect(within(card).queryByText('$12.50 a pack')).toBeNull();
  });

  it('keeps the tab in the address and asks for that status', async () => {
    const sent = api((request) =>
      request.path.startsWith('/v1/drops?status=NEXT')
        ? listOf([
            drop({
              status: 'NEXT',
              dropBeginAt: '2026-12-01T18:00:00.000Z',
              salePolicies: [
                policy(1, { saleBeginAt: '2026-12-01T18:00:00.000Z', saleEndAt: '2026-12-01T20:00:00.000Z' }),
              ],
              dropEndAt: '2026-12-02T18:00:00.000Z',
            }),
          ])
        : undefined,
    );
    const { router } = renderApp('/drops');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('tab', { name: 'Upcoming' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=upcoming'));
    const card = await screen.findByRole('link', { name: /Neon Genesis/ });
    expect(within(card).getByText('Coming soon')).toBeInTheDocument();
    expect(within(card).getByText(/Opens in/)).toBeInTheDocument();
    expect(within(card).getByRole('timer').textContent).toMatch(/^8d 23h (30m 00s|29m 5\ds)$/);
    expect(sent.some((request) => request.path === '/v1/drops?status=NEXT&page=1&size=20')).toBe(true);
  });

  it('shows completed drops by how many packs sold, and takes the API word for the tab', async () => {
    vi.setSystemTime(new Date('2026-11-25T00:00:00.000Z'));
    api((request) =>
      request.path.startsWith('/v1/drops?status=COMPLETED')
        ? listOf([
            drop({
              status: 'COMPLETED',
              salePolicies: [policy(1, { soldCount: 100 }), policy(2, { soldCount: 1_000 })],
            }),
          ])
        : undefined,
    );
    renderApp('/drops?status=COMPLETED');
    expect(await screen.findByRole('tab', { name: 'Completed', selected: true })).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /Neon Genesis/ });
    expect(within(card).getByText('1,100 of 1,100 sold')).toBeInTheDocument();
    expect(within(card).getByText('Sold out')).toBeInTheDocument();
    expect(within(card).queryByRole('timer')).toBeNull();
  });

  it('says what to do next when a tab is empty', async () => {
    api();
    renderApp('/drops');
    expect(await screen.findByRole('heading', { name: 'No drops on sale right now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See upcoming drops' })).toHaveAttribute('href', '/drops?tab=upcoming');
  });

  it("narrows every tab to the brand a brand's page links with, and shows every brand's again", async () => {
    const ariaVale = brand({ id: ids.ariaVale, slug: 'aria-vale', name: 'Aria Vale', type: 'ARTIST' });
    const sent = api((request) => {
      if (request.path.startsWith('/v1/brands?')) return json(200, { data: page([brand(), ariaVale]) });
      if (request.path === `/v1/drops?status=AVAILABLE&page=1&size=20&brandId=${ids.neonArcade}`) {
        return listOf([drop()]);
      }
      return undefined;
    });
    const { router } = renderApp(`/drops?brand=${ids.neonArcade}`);
    expect(await screen.findByRole('link', { name: /Neon Genesis/ })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Brand' });
    await waitFor(() => expect(select).toHaveValue(ids.neonArcade));

    // The brand stays with a tab change; this brand has nothing announced.
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?tab=upcoming&brand=${ids.neonArcade}`));
    expect(await screen.findByRole('heading', { name: 'No drops of this brand announced yet' })).toBeInTheDocument();
    expect(
      sent.some((request) => request.path === `/v1/drops?status=NEXT&page=1&size=20&brandId=${ids.neonArcade}`),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Show all brands' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=upcoming'));
    expect(await screen.findByRole('heading', { name: 'No drops announced yet' })).toBeInTheDocument();
    expect(select).toHaveValue('');

    // Another brand chosen from the select.
    await user.selectOptions(select, 'Aria Vale');
    await waitFor(() => expect(router.state.location.search).toBe(`?tab=upcoming&brand=${ids.ariaVale}`));
    expect(
      sent.some((request) => request.path === `/v1/drops?status=NEXT&page=1&size=20&brandId=${ids.ariaVale}`),
    ).toBe(true);
  });

  it('shows an error with a retry', async () => {
    let isDown = true;
    api((request) =>
      request.path.startsWith('/v1/drops?')
        ? isDown
          ? apiFailure(503, 'SERVICE_UNAVAILABLE')
          : listOf([drop()])
        : undefined,
    );
    renderApp('/drops');
    expect(await screen.findByText('We could not load the drops')).toBeInTheDocument();
    isDown = false;
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Neon Genesis/ })).toBeInTheDocument();
  });

  it('pages through a long list with links in the address', async () => {
    const sent = api((request) =>
      request.path.startsWith('/v1/drops?status=AVAILABLE')
        ? json(200, { data: { items: [drop()], page: 2, size: 20, total: 45 } })
        : undefined,
    );
    renderApp('/drops?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/drops?page=3');
    expect(screen.getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/drops');
    expect(sent.some((request) => request.path === '/v1/drops?status=AVAILABLE&page=2&size=20')).toBe(true);
  });

  it('leads back to the last page of a tab from an address past the end, rather than saying it is empty', async () => {
    api((request) =>
      request.path.startsWith('/v1/drops?status=NEXT')
        ? json(200, { data: { items: [], page: 5, size: 20, total: 45 } })
        : undefined,
    );
    renderApp('/drops?tab=upcoming&page=5');
    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByText('Upcoming drops fill 3 pages.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      '/drops?tab=upcoming&page=3',
    );
    expect(screen.queryByText('No drops announced yet')).toBeNull();
  });

  it('asks for a page number too large to send as the largest page the API takes, and leads back from past the end', async () => {
    const sent = api((request) => {
      if (!request.path.startsWith('/v1/drops?status=AVAILABLE')) return undefined;
      const asked = Number(new URL(request.path, 'http://api').searchParams.get('page'));
      // The API's bound (ZPageQuery): a page past PostgreSQL's integer is refused, as it was when 1e20 was sent.
      if (!ZPageQuery.safeParse({ page: asked }).success) return apiFailure(400, 'INVALID_REQUEST');
      return json(200, { data: { items: [], page: asked, size: 20, total: 1 } });
    });
    renderApp('/drops?page=99999999999999999999');
    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute('href', '/drops');
    expect(sent.some((request) => request.path === `/v1/drops?status=AVAILABLE&page=${MAX_SQL_INTEGER}&size=20`)).toBe(
      true,
    );
  });
});

describe('drops page: my packs', () => {
  it('is not offered to visitors, and sends them to sign in when asked for', async () => {
    api();
    const { router } = renderApp('/drops');
    expect(await screen.findByRole('tab', { name: 'Available now' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'My packs' })).toBeNull();
    await router.navigate('/drops?tab=packs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/drops?tab=packs')}`);
  });

  it('groups my packs by rarity, the sealed ones last, each opening at its own address', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const opened = pack({
      id: dropIds.pack2,
      number: 7,
      isOpened: true,
      openedAt: times.round1End,
      rarity: 'LEGENDARY',
      items: [packItem(0, 3), packItem(2, 40), packItem(2, 41)],
    });
    api((request) =>
      request.path === '/v1/packs'
        ? json(200, {
            data: {
              groups: [
                { rarity: 'LEGENDARY', packs: [opened] },
                { rarity: null, packs: [pack()] },
              ],
            },
          })
        : undefined,
    );
    renderApp('/drops?tab=packs');
    expect(await screen.findByRole('heading', { level: 1, name: 'My packs' })).toBeInTheDocument();
    // The tab's name in the browser's title too, as its heading says (it said "Drops").
    await waitFor(() => expect(document.title).toBe('My packs | Cypher'));
    const legendary = await screen.findByRole('region', { name: /Legendary/ });
    expect(within(legendary).getByRole('link', { name: /Pack #7/ })).toHaveAttribute(
      'href',
      `/drops?tab=packs&pack=${dropIds.pack2}`,
    );
    const sealed = screen.getByRole('region', { name: /Unopened/ });
    expect(within(sealed).getByRole('link', { name: /Pack #12.*Open pack/ })).toBeInTheDocument();
  });

  // Helper review, session 35: closing a pack opened from My packs pushed a new entry, so Back opened it again.
  it('closes a pack opened from My packs by going back, and one opened by a link from elsewhere by replacing', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    api((request) => {
      if (request.path === '/v1/packs') return json(200, { data: { groups: [{ rarity: null, packs: [pack()] }] } });
      if (request.path === `/v1/packs/${dropIds.pack1}`) return json(200, { data: pack() });
      return undefined;
    });
    const user = userEvent.setup();
    const { router, unmount } = renderApp('/drops?tab=packs');
    await user.click(await screen.findByRole('link', { name: /Pack #12.*Open pack/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=packs'));
    expect(router.state.historyAction).toBe('POP');
    // Review of session 35: Forward brought the dialog back with its close button doing nothing.
    await act(() => router.navigate(1));
    const again = await screen.findByRole('dialog', { name: 'Pack #12' });
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=packs'));
    unmount();

    const deepLink = renderApp(`/drops?tab=packs&pack=${dropIds.pack1}`);
    const linked = await screen.findByRole('dialog', { name: 'Pack #12' });
    await user.click(within(linked).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(deepLink.router.state.location.search).toBe('?tab=packs'));
    expect(deepLink.router.state.historyAction).toBe('REPLACE');
  });

  it('says how to get packs when there are none', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    api((request) => (request.path === '/v1/packs' ? json(200, { data: { groups: [] } }) : undefined));
    renderApp('/drops?tab=packs');
    expect(await screen.findByRole('heading', { name: 'No packs yet' })).toBeInTheDocument();
  });
});
