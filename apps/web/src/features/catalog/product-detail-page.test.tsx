import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TFavorite, TProduct } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { brand, ids, page, productItem } from '../../test/catalog-fixtures.ts';
import { apiFailure, deferred, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const product: TProduct = {
  ...productItem(),
  description: null,
  animationUrl: null,
  license: null,
  category: null,
  tags: [],
  properties: [],
};

const favorite: TFavorite = {
  targetType: 'PRODUCT',
  targetId: ids.dragon,
  product: {
    id: ids.dragon,
    name: product.name,
    rarity: product.rarity,
    imageThumbnailUrl: product.imageThumbnailUrl,
    brand: product.brand,
    editionSize: product.editionSize,
  },
  edition: null,
  createdAt: '2026-11-22T01:00:00.000Z',
};

/** A signed-in collector on the product page; `isFavorite` is what the API holds, `hold` keeps an answer back. */
function productApi(options: { isFavorite: boolean; failAdd?: boolean; hold?: Promise<void>; animationUrl?: string }) {
  let isFavorite = options.isFavorite;
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi(async (request) => {
    const [path, search = ''] = request.path.split('?');
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/notifications') return json(200, { data: { items: [], nextCursor: null, unreadCount: 0 } });
    if (path === `/v1/products/${ids.dragon}`) {
      return json(200, { data: { ...product, animationUrl: options.animationUrl ?? null } });
    }
    if (path === `/v1/brands/${brand().id}`) return json(200, { data: brand() });
    if (path === '/v1/favorites/my' && search === `targetId=${ids.dragon}&size=1`) {
      return json(200, { data: page(isFavorite ? [favorite] : [], { size: 1 }) });
    }
    if (path === '/v1/favorites' && request.method === 'POST') {
      await options.hold;
      if (options.failAdd) return apiFailure(500, 'INTERNAL_ERROR', 'Something went wrong on our side.');
      isFavorite = true;
      return json(201, { data: favorite });
    }
    if (path === `/v1/favorites/${ids.dragon}` && request.method === 'DELETE') {
      isFavorite = false;
      return new Response(null, { status: 204 });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

describe('product page: the favorite heart', () => {
  it('fills at once when pressed, keeps what the API then says, and empties when pressed again', async () => {
    const gate = deferred<void>();
    const sent = productApi({ isFavorite: false, hold: gate.promise });
    renderApp(`/products/${ids.dragon}`);
    const user = userEvent.setup();
    const add = await screen.findByRole('button', { name: 'Favorite' });
    await waitFor(() => expect(add).not.toHaveAttribute('aria-busy'));
    expect(add).toHaveAttribute('aria-pressed', 'false');

    await user.click(add);
    // Shown before the API answers.
    const remove = await screen.findByRole('button', { name: 'Favorited' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      targetType: 'PRODUCT',
      targetId: ids.dragon,
    });
    gate.resolve();
    // Answered, the favorites are read again (the query-key factory's lists), and still say so.
    await waitFor(() => expect(sent.filter((request) => request.path.startsWith('/v1/favorites/my'))).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Favorited' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Favorited' }));
    expect(await screen.findByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
    expect(sent.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('goes back to what the API holds, and says so, when favoriting fails', async () => {
    productApi({ isFavorite: false, failAdd: true });
    renderApp(`/products/${ids.dragon}`);
    const add = await screen.findByRole('button', { name: 'Favorite' });
    await waitFor(() => expect(add).not.toHaveAttribute('aria-busy'));
    await userEvent.setup().click(add);
    expect(await screen.findByText('We could not update your favorites')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends a visitor to sign in, and back here after', async () => {
    stubApi((request) =>
      request.path === `/v1/products/${ids.dragon}` ? json(200, { data: product }) : apiFailure(404, 'NOT_FOUND'),
    );
    renderApp(`/products/${ids.dragon}`);
    const heart = await screen.findByRole('link', { name: 'Add to favorites' });
    expect(heart).toHaveAttribute('href', `/signin?redirectTo=${encodeURIComponent(`/products/${ids.dragon}`)}`);
  });
});

describe('product page: the artwork', () => {
  it('plays the product’s video in the artwork’s place, with the artwork as its poster and the player’s controls', async () => {
    productApi({ isFavorite: false, animationUrl: '/uploads/loop.mp4' });
    renderApp(`/products/${ids.dragon}`);
    const video = await screen.findByLabelText(`${product.name} artwork, a video`);
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/uploads/loop.mp4');
    expect(video.getAttribute('poster')).toBe(product.imageUrl);
    expect(video).toHaveProperty('muted', true);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(screen.queryByRole('img', { name: `${product.name} artwork` })).toBeNull();
  });

  it('shows the artwork when the product has no video', async () => {
    productApi({ isFavorite: false });
    renderApp(`/products/${ids.dragon}`);
    expect(await screen.findByRole('img', { name: `${product.name} artwork` })).toBeInTheDocument();
  });
});
