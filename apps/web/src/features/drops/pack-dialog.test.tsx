import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPack } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { dropIds, pack, packItem } from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { REVEAL_FIRST_MS, REVEAL_STEP_MS } from '../../ui/pack-dialog.tsx';

const packUrl = `/drops?tab=packs&pack=${dropIds.pack1}`;

/** Dragon (legendary, #3 of 10, a generative edition with its own picture), a squire (common) and a knight (rare). */
const openedPack = pack({
  isOpened: true,
  openedAt: '2026-11-22T19:00:00.000Z',
  rarity: 'LEGENDARY',
  items: [
    packItem(0, 3, {
      edition: { id: dropIds.edition(3), serialNumber: 3, type: 'GENERATIVE', resourceUri: '/uploads/dragon-3.png' },
    }),
    packItem(2, 40),
    packItem(1, 12),
  ],
});

type Route = (request: SentRequest) => Response | undefined;

function collector(sealed: TPack, route: Route = () => undefined) {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi((request) => {
    const answer = route(request);
    if (answer) return answer;
    if (request.path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (request.path === '/v1/packs') return json(200, { data: { groups: [{ rarity: null, packs: [sealed] }] } });
    if (request.path === `/v1/packs/${dropIds.pack1}`) return json(200, { data: sealed });
    return apiFailure(404, 'NOT_FOUND');
  });
}

const editionNames = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('pack opening', () => {
  it('opens the pack once and reveals its editions one by one, commons first, then groups them by rarity', async () => {
    const sent = collector(pack(), (request) =>
      request.path === `/v1/packs/${dropIds.pack1}/open` ? json(200, { data: openedPack }) : undefined,
    );
    renderApp(packUrl);
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    expect(within(dialog).getByText('Neon Genesis · Neon Arcade · Round 1')).toBeInTheDocument();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: 'Open pack' }));

    const region = await within(dialog).findByRole('region', { name: 'Editions in this pack' });
    expect(editionNames(region)).toEqual([]);
    await vi.advanceTimersByTimeAsync(REVEAL_FIRST_MS);
    await waitFor(() => expect(editionNames(region)).toEqual(['Squire, Common, #40 / 5,000']));
    expect(within(region).getByText('Revealed Squire, Common, #40 / 5,000.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(REVEAL_STEP_MS);
    await waitFor(() => expect(editionNames(region)).toHaveLength(2));
    expect(editionNames(region)[1]).toBe('Pixel Knight, Rare, #12 / 500');
    await vi.advanceTimersByTimeAsync(REVEAL_STEP_MS);

    // All revealed: grouped by rarity, the rarest first.
    await waitFor(() => expect(within(region).getByText('All 3 editions revealed.')).toBeInTheDocument());
    const groups = within(region).getAllByRole('region');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([
      'Legendary editions',
      'Rare editions',
      'Common editions',
    ]);
    const dragon = within(groups[0]!).getByRole('article', { name: 'Dragon of the Eighth Bit, Legendary, #3 / 10' });
    expect(dragon.querySelector('img')?.getAttribute('src')).toBe('/uploads/dragon-3.png');
    expect(within(dragon).getByText('#3 / 10')).toBeInTheDocument();
    const squire = within(groups[2]!).getByRole('article');
    expect(squire.querySelector('img')?.getAttribute('src')).toBe('/uploads/squire-thumb.webp');
    expect(sent.filter((request) => request.path.endsWith('/open'))).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('reveals everything at once on request', async () => {
    collector(pack(), (request) =>
      request.path === `/v1/packs/${dropIds.pack1}/open` ? json(200, { data: openedPack }) : undefined,
    );
    renderApp(packUrl);
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: 'Open pack' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Reveal all' }));
    expect(await within(dialog).findByText('All 3 editions revealed.')).toBeInTheDocument();
    expect(editionNames(dialog)).toHaveLength(3);
  });

  it('says a one-edition pack’s edition is revealed, not "all 1 editions"', async () => {
    const single = pack({ isOpened: true, openedAt: '2026-11-22T19:00:00.000Z', items: [packItem(1, 12)] });
    collector(pack(), (request) =>
      request.path === `/v1/packs/${dropIds.pack1}/open` ? json(200, { data: single }) : undefined,
    );
    renderApp(packUrl);
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: 'Open pack' }));
    await vi.advanceTimersByTimeAsync(REVEAL_FIRST_MS);
    expect(await within(dialog).findByText('Your edition is revealed.')).toBeInTheDocument();
    expect(editionNames(dialog)).toEqual(['Pixel Knight, Rare, #12 / 500']);
  });

  it('shows everything at once when the person prefers less motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    collector(pack(), (request) =>
      request.path === `/v1/packs/${dropIds.pack1}/open` ? json(200, { data: openedPack }) : undefined,
    );
    renderApp(packUrl);
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(dialog).getByRole('button', { name: 'Open pack' }));
    expect(await within(dialog).findByText('All 3 editions revealed.')).toBeInTheDocument();
  });

  it('shows an opened pack straight away, without opening it again', async () => {
    const sent = collector(openedPack);
    renderApp(packUrl);
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    const legendary = await within(dialog).findByRole('region', { name: 'Legendary editions' });
    expect(editionNames(dialog)).toHaveLength(3);
    expect(sent.some((request) => request.path.endsWith('/open'))).toBe(false);
    // Each edition out of an opened pack leads to its NFT page.
    const [link] = within(legendary).getAllByRole('link');
    expect(link!.getAttribute('href')).toMatch(/^\/nfts\/[0-9a-f-]{36}$/);
  });

  it('lists the editions of one rarity by their serial numbers, counting up', async () => {
    collector(
      pack({
        isOpened: true,
        openedAt: '2026-11-22T19:00:00.000Z',
        items: [packItem(2, 40), packItem(1, 12), packItem(2, 7)],
      }),
    );
    renderApp(packUrl);
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    const commons = await within(dialog).findByRole('region', { name: 'Common editions' });
    expect(editionNames(commons)).toEqual(['Squire, Common, #7 / 5,000', 'Squire, Common, #40 / 5,000']);
  });

  it('says why a pack could not be opened, and lets the person close it', async () => {
    collector(pack(), (request) =>
      request.path === `/v1/packs/${dropIds.pack1}/open` ? apiFailure(404, 'PACK_NOT_FOUND') : undefined,
    );
    const { router } = renderApp(packUrl);
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: 'Open pack' }));
    expect(await within(dialog).findByText('We could not find this pack.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=packs'));
  });
});
