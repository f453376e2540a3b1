import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TEdition, TFavorite, TMyCollection, TPack } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { dropIds, pack, packItem } from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const brands = {
  neon: {
    id: '0190a0b0-0000-7000-8000-00000000b001',
    slug: 'neon-arcade',
    name: 'Neon Arcade',
    type: 'GAMING',
    logoUrl: null,
  },
  bloom: {
    id: '0190a0b0-0000-7000-8000-00000000b002',
    slug: 'midnight-bloom',
    name: 'Midnight Bloom',
    type: 'ARTIST',
    logoUrl: null,
  },
} as const;

function edition(n: number, brand: TEdition['brand'], changes: Partial<TEdition> = {}): TEdition {
  return {
    id: `0190a0b0-0000-7000-8000-0000000e${String(n).padStart(4, '0')}`,
    serialNumber: n,
    editionSize: 500,
    state: 'OWNED',
    isLocked: false,
    type: 'STANDARD',
    resourceUri: null,
    imageUrl: '/uploads/dragon-thumb.webp',
    product: {
      id: '0190a0b0-0000-7000-8000-00000000f001',
      name: `Dragon ${n}`,
      rarity: 'RARE',
      imageUrl: '/uploads/dragon.webp',
      imageThumbnailUrl: '/uploads/dragon-thumb.webp',
      animationUrl: null,
    },
    brand,
    collection: null,
    contractAddress: '0x3f2a9c4e5b6d7e8f90a1b2c3d4e5f60718293a4b',
    tokenId: String(n),
    owner: { id: '0190a0b0-0000-7000-8000-000000000001', nickname: 'Ada' },
    createdAt: '2026-11-20T10:00:00.000Z',
    ...changes,
  };
}

type Route = (request: SentRequest) => Response | undefined;

/** Signed in as Ada, whose collection is `collection()`; her sealed packs `sealed()` (none unless given). */
function signedIn(
  collection: (query: URLSearchParams) => TMyCollection,
  { sealed = () => [], route = () => undefined }: { sealed?: () => TPack[]; route?: Route } = {},
) {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi((request) => {
    const answer = route(request);
    if (answer) return answer;
    const [path, search = ''] = request.path.split('?');
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/notifications') return json(200, { data: { items: [], nextCursor: null, unreadCount: 0 } });
    if (path === '/v1/editions') return json(200, { data: collection(new URLSearchParams(search)) });
    if (request.path === '/v1/packs?isOpened=false') {
      const packs = sealed();
      return json(200, { data: { groups: packs.length > 0 ? [{ rarity: null, packs }] : [] } });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

const emptyCollection: TMyCollection = { items: [], page: 1, size: 24, total: 0, brands: [] };

describe('My Collection', () => {
  it('asks a visitor to sign in', async () => {
    stubApi(() => apiFailure(404, 'NOT_FOUND'));
    renderApp('/collections?sort=rarity&tab=favorites');
    expect(await screen.findByText('Sign in to see your collection')).toBeInTheDocument();
    // Back to the same view afterwards, its query kept.
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/signin?redirectTo=${encodeURIComponent('/collections?sort=rarity&tab=favorites')}`,
    );
  });

  it('shows what I hold brand by brand with counts, each leading to its NFT page, and filters through the address', async () => {
    const sent = signedIn(() => ({
      items: [
        edition(1, brands.bloom),
        edition(2, brands.neon, { state: 'LOCKED', isLocked: true }),
        edition(3, brands.neon, {
          type: 'GENERATIVE',
          resourceUri: '/uploads/dragon-3.png',
          imageUrl: '/uploads/dragon-3.png',
        }),
      ],
      page: 1,
      size: 24,
      total: 3,
      brands: [
        { brand: brands.bloom, count: 1 },
        { brand: brands.neon, count: 2 },
      ],
    }));
    const { router } = renderApp('/collections');
    const neon = await screen.findByRole('region', { name: 'Neon Arcade' });
    expect(within(neon).getByRole('heading', { level: 2 })).toHaveTextContent('Neon Arcade2');
    expect(within(neon).getAllByRole('listitem')).toHaveLength(2);
    expect(within(neon).getByText('Locked')).toBeInTheDocument();
    expect(within(neon).getByRole('link', { name: /Dragon 3/ })).toHaveAttribute(
      'href',
      `/nfts/${edition(3, brands.neon).id}`,
    );
    // Each card shows the edition's picture the API chose (spec section 9): a generative edition's own artwork.
    expect(
      within(neon)
        .getByRole('link', { name: /Dragon 3/ })
        .querySelector('img'),
    ).toHaveAttribute('src', '/uploads/dragon-3.png');
    expect(
      within(neon)
        .getByRole('link', { name: /Dragon 2/ })
        .querySelector('img'),
    ).toHaveAttribute('src', '/uploads/dragon-thumb.webp');
    expect(screen.getByText('3 collectibles you hold, brand by brand.')).toBeInTheDocument();

    await userEvent.setup().selectOptions(screen.getByLabelText('Rarity'), 'LEGENDARY');
    await waitFor(() => expect(router.state.location.search).toBe('?rarity=LEGENDARY'));
    await waitFor(() => expect(sent.some((request) => request.path.includes('rarity=LEGENDARY'))).toBe(true));
    // A brand's count is of everything held of it, not of its legendaries: not beside its heading while filtered.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Neon Arcade' })).getByRole('heading', { level: 2 }),
      ).toHaveTextContent(/^Neon Arcade$/),
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Neon Arcade 2' }));
    await waitFor(() => expect(router.state.location.search).toContain(`brand=${brands.neon.id}`));
  });

  it('takes a history entry for each filter and sort change, so Back undoes them as it undoes a brand link', async () => {
    signedIn(() => ({
      items: [edition(1, brands.neon)],
      page: 1,
      size: 24,
      total: 1,
      brands: [{ brand: brands.neon, count: 1 }],
    }));
    const { router } = renderApp('/collections');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Neon Arcade 1' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?brand=${brands.neon.id}`));
    await user.selectOptions(screen.getByLabelText('Rarity'), 'LEGENDARY');
    await waitFor(() => expect(router.state.location.search).toBe(`?brand=${brands.neon.id}&rarity=LEGENDARY`));
    expect(router.state.historyAction).toBe('PUSH');
    await user.selectOptions(screen.getByLabelText('Sort'), 'serial');
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?brand=${brands.neon.id}&rarity=LEGENDARY&sort=serial`),
    );
    expect(router.state.historyAction).toBe('PUSH');

    await router.navigate(-1);
    expect(router.state.location.search).toBe(`?brand=${brands.neon.id}&rarity=LEGENDARY`);
    await waitFor(() => expect(screen.getByLabelText('Sort')).toHaveValue('newest'));
    await router.navigate(-1);
    expect(router.state.location.search).toBe(`?brand=${brands.neon.id}`);
    await waitFor(() => expect(screen.getByLabelText('Rarity')).toHaveValue(''));
    await router.navigate(-1);
    expect(router.state.location.search).toBe('');
  });

  it('says how to start a collection when it is empty', async () => {
    signedIn(() => emptyCollection);
    renderApp('/collections');
    expect(await screen.findByText('Your collection is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See live drops' })).toHaveAttribute('href', '/drops');
    expect(screen.getByRole('link', { name: 'My packs' })).toHaveAttribute('href', '/drops?tab=packs');
  });

  it('leads back to the last page from an address past the end, rather than saying it is empty', async () => {
    signedIn(() => ({ ...emptyCollection, page: 9, total: 26 }));
    renderApp('/collections?page=9');
    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByText('Your collectibles fill 2 pages.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute('href', '/collections?page=2');
    expect(screen.queryByText(/Open a pack above/)).toBeNull();
  });

  it('drops a mangled brand from the address instead of sending it, and says a mangled pack link names no pack', async () => {
    const sent = signedIn(() => ({ ...emptyCollection, items: [edition(1, brands.bloom)], total: 1 }), {
      route: (request) =>
        request.path === '/v1/packs/xyz'
          ? json(400, {
              code: 'INVALID_REQUEST',
              message: 'Some of the information sent is not valid.',
              details: [{ field: 'id', message: 'Invalid UUID' }],
            })
          : undefined,
    });
    renderApp('/collections?brand=abc&pack=xyz');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Pack not found' })).toBeInTheDocument();
    expect(within(dialog).getByText('We could not find this pack.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    const asked = sent.filter((request) => request.path.startsWith('/v1/editions'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((request) => !request.path.includes('brandId'))).toBe(true);
  });
});

describe('My Collection: packs and favorites', () => {
  it('shows an unopened pack as a pack that opens here, and its editions once opened', async () => {
    let isOpened = false;
    const opened = pack({
      isOpened: true,
      openedAt: '2026-11-22T19:00:00.000Z',
      rarity: 'RARE',
      items: [packItem(1, 12)],
    });
    const sent = signedIn(
      () =>
        isOpened
          ? {
              items: [edition(12, brands.neon)],
              page: 1,
              size: 24,
              total: 1,
              brands: [{ brand: brands.neon, count: 1 }],
            }
          : emptyCollection,
      {
        sealed: () => (isOpened ? [] : [pack()]),
        route: (request) => {
          if (request.path === `/v1/packs/${dropIds.pack1}`) return json(200, { data: isOpened ? opened : pack() });
          if (request.path === `/v1/packs/${dropIds.pack1}/open` && request.method === 'POST') {
            isOpened = true;
            return json(200, { data: opened });
          }
          return undefined;
        },
      },
    );
    const { router } = renderApp('/collections');
    const user = userEvent.setup();
    const packs = await screen.findByRole('region', { name: /Unopened packs/ });
    expect(within(packs).getByRole('heading', { level: 2 })).toHaveTextContent('Unopened packs1');
    expect(screen.getByText('Open a pack above: its editions land here, grouped by brand.')).toBeInTheDocument();
    const card = within(packs).getByRole('link', { name: /Neon Genesis.*Pack #12.*Open pack/ });
    expect(card).toHaveAttribute('href', `/collections?pack=${dropIds.pack1}`);

    // The drops page's pack dialog, opened over My Collection.
    await user.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    await user.click(within(dialog).getByRole('button', { name: 'Open pack' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Reveal all' }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    // Opened from this page, closing goes back: Back afterwards leaves My Collection instead of landing on it again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('POP');

    // Opened: no longer a pack, its edition is in the collection under its brand.
    const neon = await screen.findByRole('region', { name: 'Neon Arcade' });
    expect(within(neon).getByRole('link', { name: /Dragon 12/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Unopened packs/ })).toBeNull();
    expect(sent.filter((request) => request.path.endsWith('/open'))).toHaveLength(1);
  });

  it('goes back to My Collection from the next pack opened in the dialog, as from the first', async () => {
    let isOpened = false;
    const next = pack({ id: dropIds.pack2, number: 13 });
    const opened = pack({ isOpened: true, openedAt: '2026-11-22T19:00:00.000Z', items: [packItem(1, 12)] });
    const packs = () => [isOpened ? opened : pack(), next];
    signedIn(() => emptyCollection, {
      sealed: () => packs().filter((entry) => !entry.isOpened),
      route: (request) => {
        if (request.path === '/v1/packs') return json(200, { data: { groups: [{ rarity: null, packs: packs() }] } });
        if (request.path === `/v1/packs/${dropIds.pack1}`) return json(200, { data: isOpened ? opened : pack() });
        if (request.path === `/v1/packs/${dropIds.pack2}`) return json(200, { data: next });
        if (request.path === `/v1/packs/${dropIds.pack1}/open` && request.method === 'POST') {
          isOpened = true;
          return json(200, { data: opened });
        }
        return undefined;
      },
    });
    const { router } = renderApp('/collections');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Pack #12.*Open pack/ }));
    const first = await screen.findByRole('dialog', { name: 'Pack #12' });
    await user.click(within(first).getByRole('button', { name: 'Open pack' }));
    await user.click(await within(first).findByRole('button', { name: 'Reveal all' }));
    await user.click(await within(first).findByRole('link', { name: 'Open the next pack' }));

    const second = await screen.findByRole('dialog', { name: 'Pack #13' });
    expect(router.state.location.search).toBe(`?pack=${dropIds.pack2}`);
    await user.click(within(second).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('POP');
  });

  it('closes a pack opened by a link from elsewhere onto My Collection, without leaving the site', async () => {
    signedIn(() => emptyCollection, {
      sealed: () => [pack()],
      route: (request) => (request.path === `/v1/packs/${dropIds.pack1}` ? json(200, { data: pack() }) : undefined),
    });
    const { router } = renderApp(`/collections?pack=${dropIds.pack1}`);
    const dialog = await screen.findByRole('dialog', { name: 'Pack #12' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    // No entry of this page's to go back to: the dialog's address gives way to the page under it.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('region', { name: /Unopened packs/ })).toBeInTheDocument();
  });

  it('lists my favorites on their own tab, and leads to my public profile', async () => {
    const favorite: TFavorite = {
      targetType: 'PRODUCT',
      targetId: edition(1, brands.neon).product.id,
      product: { ...edition(1, brands.neon).product, brand: brands.neon, editionSize: 500 },
      edition: null,
      createdAt: '2026-11-22T01:00:00.000Z',
    };
    const sent = signedIn(() => emptyCollection, {
      route: (request) =>
        request.path === '/v1/favorites/my?page=1&size=24'
          ? json(200, { data: { items: [favorite], page: 1, size: 24, total: 1 } })
          : undefined,
    });
    const { router } = renderApp('/collections');
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'View public profile' })).toHaveAttribute(
      'href',
      `/users/${myUser().id}`,
    );
    await user.click(screen.getByRole('tab', { name: 'Favorites' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=favorites'));
    const grid = await screen.findByRole('list', { name: 'My favorites' });
    // The cards' names are h3s: the tab has its h2 between them and the page's h1 (axe's heading-order).
    expect(screen.getByRole('heading', { level: 2, name: 'My favorites' })).toBeInTheDocument();
    expect(within(grid).getByRole('heading', { level: 3, name: /Dragon 1/ })).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: /Dragon 1/ })).toHaveAttribute(
      'href',
      `/products/${favorite.targetId}`,
    );
    expect(screen.getByText('1 favorite, newest first.')).toBeInTheDocument();
    expect(sent.some((request) => request.path === '/v1/favorites/my?page=1&size=24')).toBe(true);
  });

  // Review: a favorites page past the end (an old link, favorites taken back since) said "No favorites yet".
  it('leads back to the last page of favorites from an address past the end, rather than saying there are none', async () => {
    signedIn(() => emptyCollection, {
      route: (request) =>
        request.path === '/v1/favorites/my?page=5&size=24'
          ? json(200, { data: { items: [], page: 5, size: 24, total: 30 } })
          : undefined,
    });
    renderApp('/collections?tab=favorites&page=5');
    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByText('Your favorites fill 2 pages.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      '/collections?tab=favorites&page=2',
    );
    expect(screen.queryByText('No favorites yet')).toBeNull();
  });

  // Collector walk of session 46: an edition fused away after it was favorited looked like one still held.
  it('says which favorite editions were fused away or exported, and nothing of those still held', async () => {
    const product = { ...edition(1, brands.neon).product, brand: brands.neon, editionSize: 500 };
    const favoriteEdition = (serialNumber: number, state: NonNullable<TFavorite['edition']>['state']): TFavorite => ({
      targetType: 'EDITION',
      targetId: `0190a0b0-0000-7000-8000-00000000f0${String(serialNumber).padStart(2, '0')}`,
      product,
      edition: {
        id: `0190a0b0-0000-7000-8000-00000000f0${String(serialNumber).padStart(2, '0')}`,
        serialNumber,
        tokenId: String(serialNumber),
        state,
        imageUrl: '/uploads/dragon-thumb.webp',
      },
      createdAt: '2026-11-22T01:00:00.000Z',
    });
    const items = [favoriteEdition(1, 'BURNED'), favoriteEdition(2, 'EXPORTED'), favoriteEdition(3, 'LOCKED')];
    signedIn(() => emptyCollection, {
      route: (request) =>
        request.path === '/v1/favorites/my?page=1&size=24'
          ? json(200, { data: { items, page: 1, size: 24, total: items.length } })
          : undefined,
    });
    renderApp('/collections?tab=favorites');
    const grid = await screen.findByRole('list', { name: 'My favorites' });
    const cards = within(grid).getAllByRole('link');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringMatching(/#1 \/ 500Fused away$/),
      expect.stringMatching(/#2 \/ 500Exported$/),
      expect.stringMatching(/#3 \/ 500$/),
    ]);
  });
});
