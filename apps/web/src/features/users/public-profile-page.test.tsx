import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TFavorite, TPublicUser } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const collectorId = '0190a0b0-0000-7000-8000-00000000aa01';
const brand = {
  id: '0190a0b0-0000-7000-8000-00000000b001',
  slug: 'neon-arcade',
  name: 'Neon Arcade',
  type: 'GAMING',
  logoUrl: null,
} as const;

const ada: TPublicUser = {
  id: collectorId,
  nickname: 'Ada',
  photoUrl: '/uploads/ada.webp',
  backgroundUrl: '/uploads/ada-background.webp',
  createdAt: '2026-03-04T10:00:00.000Z',
};

function favorite(n: number, edition: TFavorite['edition'] = null): TFavorite {
  const productId = `0190a0b0-0000-7000-8000-00000000f00${n}`;
  return {
    targetType: edition ? 'EDITION' : 'PRODUCT',
    targetId: edition?.id ?? productId,
    product: {
      id: productId,
      name: `Dragon ${n}`,
      rarity: 'EPIC',
      imageThumbnailUrl: '/uploads/dragon.webp',
      brand,
      editionSize: 500,
    },
    edition,
    createdAt: '2026-11-22T01:00:00.000Z',
  };
}

const editionId = '0190a0b0-0000-7000-8000-00000000e001';

/** The public API for Ada's profile: her record (or 404) and a page of her favorites. */
function profileApi(favorites: TFavorite[] | 'unknown') {
  return stubApi((request) => {
    const [path] = request.path.split('?');
    if (favorites === 'unknown') {
      if (path === `/v1/users/${collectorId}`) return apiFailure(404, 'NOT_FOUND', 'We could not find this.');
      return apiFailure(404, 'COLLECTOR_NOT_FOUND', 'We could not find this collector.');
    }
    if (path === '/v1/users/my') return json(200, { data: myUser({ id: collectorId, nickname: 'Ada' }) });
    if (path === '/v1/notifications') return json(200, { data: { items: [], nextCursor: null, unreadCount: 0 } });
    if (path === `/v1/users/${collectorId}`) return json(200, { data: ada });
    if (path === `/v1/favorites/others/${collectorId}`) {
      return json(200, { data: { items: favorites, page: 1, size: 20, total: favorites.length } });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

describe('public profile', () => {
  it("shows a collector's nickname, photo and favorites, each leading to its product or NFT page", async () => {
    const sent = profileApi([
      favorite(1, { id: editionId, serialNumber: 12, tokenId: '42', state: 'OWNED', imageUrl: '/uploads/art-12.png' }),
      favorite(2),
    ]);
    renderApp(`/users/${collectorId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Ada's photo" })).toHaveAttribute('src', '/uploads/ada.webp');
    expect(screen.getByText('Collecting since', { exact: false })).toHaveTextContent('Collecting since Mar 4, 2026');
    const section = screen.getByRole('region', { name: /Favorites/ });
    const grid = await within(section).findByRole('list', { name: "Ada's favorites" });
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Favorites2');
    expect(within(grid).getByRole('link', { name: /Dragon 1/ })).toHaveAttribute('href', `/nfts/${editionId}`);
    // An edition shows its own picture (a generative edition's artwork, spec section 9); a product its thumbnail.
    expect(
      within(grid)
        .getByRole('link', { name: /Dragon 1/ })
        .querySelector('img'),
    ).toHaveAttribute('src', '/uploads/art-12.png');
    expect(
      within(grid)
        .getByRole('link', { name: /Dragon 2/ })
        .querySelector('img'),
    ).toHaveAttribute('src', '/uploads/dragon.webp');
    expect(within(grid).getByText('#12 / 500')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: /Dragon 2/ })).toHaveAttribute(
      'href',
      `/products/${favorite(2).product.id}`,
    );
    // Public: a visitor reads it without a session, and nothing private is asked for.
    expect(sent.every((request) => request.authorization === null)).toBe(true);
    expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
  });

  it('says so when the collector has no favorites yet', async () => {
    profileApi([]);
    renderApp(`/users/${collectorId}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'No favorites yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Ada has not favorited anything yet. Their favorites show here when they do.'),
    ).toBeInTheDocument();
  });

  it('leads from a page past the end of the favorites back to their last page', async () => {
    stubApi((request) => {
      const [path] = request.path.split('?');
      if (path === `/v1/users/${collectorId}`) return json(200, { data: ada });
      if (path === `/v1/favorites/others/${collectorId}`) {
        return json(200, { data: { items: [], page: 50, size: 20, total: 23 } });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp(`/users/${collectorId}?page=50`);
    expect(await screen.findByRole('heading', { level: 2, name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByText("Ada's favorites fill 2 pages.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      `/users/${collectorId}?page=2`,
    );
    expect(screen.queryByRole('navigation', { name: 'Favorites pages' })).not.toBeInTheDocument();
  });

  it('shows the signed-in collector their own profile, with a way to edit it', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    profileApi([]);
    renderApp(`/users/${collectorId}`);
    expect(await screen.findByText('Your public profile')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');
    expect(await screen.findByText(/Press the heart on a product or an NFT you love/)).toBeInTheDocument();
  });

  it('is "Collector not found" for an unknown (or deleted) account', async () => {
    profileApi('unknown');
    renderApp(`/users/${collectorId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Collector not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });
});
