import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDrop } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { drop, dropIds, policy } from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const listOf = (items: unknown[]) => json(200, { data: { items, page: 1, size: 20, total: items.length } });

const upcomingId = '0190a0b0-0000-7000-8000-00000000d002';
/** Announced, opening at 19:00 on Nov 22 with one round until Nov 25. */
const upcoming = drop({
  id: upcomingId,
  name: 'Starfall Academy',
  dropBeginAt: '2026-11-22T19:00:00.000Z',
  dropEndAt: '2026-11-25T18:00:00.000Z',
  salePolicies: [
    policy(2, { saleBeginAt: '2026-11-22T19:00:00.000Z', saleEndAt: '2026-11-25T18:00:00.000Z', round: 1 }),
  ],
});

/** The home page's API: `onSale` and `opensNext` for the drops, empty banners, brands and products. */
function homeApi({ onSale = [drop()], opensNext = [upcoming] }: { onSale?: TDrop[]; opensNext?: TDrop[] } = {}) {
  return stubApi((request) => {
    if (request.path === '/v1/drops?status=AVAILABLE&page=1&size=3') return listOf(onSale);
    if (request.path === '/v1/drops?status=NEXT&page=1&size=5') return listOf(opensNext);
    if (/^\/v1\/(banners|brands|products)\?/.test(request.path)) return listOf([]);
    if (request.path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    return apiFailure(404, 'NOT_FOUND');
  });
}

const hero = () => screen.getByRole('region', { name: /The next generation/ });
const findHero = () => screen.findByRole('region', { name: /The next generation/ });
const onSaleSection = () => screen.getByRole('region', { name: 'On sale now' });
const opensNextSection = () => screen.getByRole('region', { name: 'Opens next' });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // Round 1 of Neon Genesis is on sale, 30 minutes in; Starfall Academy opens in half an hour.
  vi.setSystemTime(new Date('2026-11-22T18:30:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('home page during a drop', () => {
  it('leads a visitor with the drop on sale now and its countdown, then what opens next', async () => {
    homeApi();
    renderApp('/');
    expect(await within(await findHero()).findByText('On sale now')).toBeInTheDocument();
    expect(within(hero()).getByRole('link', { name: 'Neon Genesis' })).toHaveAttribute(
      'href',
      `/drops/${dropIds.drop}`,
    );
    // The clock runs on during the test (shouldAdvanceTime): a countdown reads its start or a few seconds less.
    expect(within(hero()).getByRole('timer').textContent).toMatch(/^1h (30m 00s|29m 5\ds)$/);
    expect(within(hero()).getByRole('link', { name: 'See the live drop' })).toHaveAttribute(
      'href',
      `/drops/${dropIds.drop}`,
    );
    expect(within(hero()).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');

    const spotlight = within(onSaleSection()).getByRole('article', { name: 'Neon Genesis' });
    expect(within(spotlight).getByText('Round 1 on sale')).toBeInTheDocument();
    expect(within(spotlight).getByText('$12.50 a pack')).toBeInTheDocument();
    expect(within(spotlight).getByText('Round 1 ends in')).toBeInTheDocument();
    expect(within(spotlight).getByRole('link', { name: 'Buy packs' })).toHaveAttribute(
      'href',
      `/drops/${dropIds.drop}`,
    );
    // An account first, then back to the drop.
    expect(within(spotlight).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup?redirectTo=${encodeURIComponent(`/drops/${dropIds.drop}`)}`,
    );
    // The countdown ticks every second.
    const timer = within(spotlight).getByRole('timer');
    const before = timer.textContent;
    expect(before).toMatch(/^1h (30m 00s|29m 5\ds)$/);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(timer.textContent).not.toBe(before));
    expect(timer.textContent).toMatch(/^1h 29m 5\ds$/);

    const next = within(opensNextSection()).getByRole('link', { name: /Starfall Academy/ });
    expect(next).toHaveAttribute('href', `/drops/${upcomingId}`);
    expect(within(next).getByText(/Opens in/).textContent).toMatch(/^Opens in 29m 5\ds$/);
    // The old placeholder that hid the drop is gone.
    expect(screen.queryByText('See what is on sale now')).toBeNull();
  });

  it('prices the spotlight by the round to come between rounds, not by the round that has ended', async () => {
    // Round 1 ($12.50) ended at 20:00; round 2 ($15.00) opens at 21:00.
    vi.setSystemTime(new Date('2026-11-22T20:30:00.000Z'));
    homeApi({ opensNext: [] });
    renderApp('/');
    const spotlight = await within(await screen.findByRole('region', { name: 'On sale now' })).findByRole('article', {
      name: 'Neon Genesis',
    });
    expect(within(spotlight).getByText('Round 2 is next')).toBeInTheDocument();
    expect(within(spotlight).getByText('Round 2')).toBeInTheDocument();
    expect(within(spotlight).getByText('$15.00 a pack')).toBeInTheDocument();
    expect(within(spotlight).queryByText('$12.50 a pack')).toBeNull();
  });

  // Session 62's hunt: a sold-out drop listed first was led with "On sale now" and "See the live drop".
  it('never leads with a sold-out drop as on sale now: the hero leads with one whose packs can be bought', async () => {
    const soldOut = drop({
      id: '0190a0b0-0000-7000-8000-00000000d009',
      name: 'Gone Already',
      salePolicies: [policy(1, { soldCount: 100 }), policy(2, { soldCount: 1_000 })],
    });
    homeApi({ onSale: [soldOut, drop()] });
    renderApp('/');
    expect(await within(await findHero()).findByText('On sale now')).toBeInTheDocument();
    expect(within(hero()).getByRole('link', { name: 'Neon Genesis' })).toBeInTheDocument();
    expect(within(hero()).queryByRole('link', { name: 'Gone Already' })).toBeNull();

    cleanup();
    homeApi({ onSale: [soldOut] });
    renderApp('/');
    expect(await within(await findHero()).findByText('Opens next')).toBeInTheDocument();
    expect(within(hero()).getByRole('link', { name: 'Starfall Academy' })).toBeInTheDocument();
  });

  it('leads a signed-in collector the same way, without the offers of an account', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    homeApi();
    renderApp('/');
    const spotlight = await within(await screen.findByRole('region', { name: 'On sale now' })).findByRole('article', {
      name: 'Neon Genesis',
    });
    expect(within(hero()).getByRole('link', { name: 'See the live drop' })).toBeInTheDocument();
    expect(within(hero()).getByRole('link', { name: 'Explore products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
    expect(within(spotlight).getByRole('timer').textContent).toMatch(/^1h (30m 00s|29m 5\ds)$/);
  });

  it('leads with what opens next when nothing is on sale, and moves it to on sale the second it opens', async () => {
    homeApi({ onSale: [] });
    renderApp('/');
    expect(await within(await findHero()).findByText('Opens next')).toBeInTheDocument();
    expect(within(hero()).getByRole('link', { name: 'See what opens next' })).toHaveAttribute(
      'href',
      `/drops/${upcomingId}`,
    );
    expect(within(onSaleSection()).getByText('No drops on sale right now')).toBeInTheDocument();
    expect(within(opensNextSection()).getByRole('link', { name: /Starfall Academy/ })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(30 * 60 * 1_000));
    expect(within(onSaleSection()).getByRole('article', { name: 'Starfall Academy' })).toBeInTheDocument();
    expect(within(hero()).getByText('On sale now')).toBeInTheDocument();
    expect(within(opensNextSection()).getByText('No drops announced yet')).toBeInTheDocument();
  });
});
