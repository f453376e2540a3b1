import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TCollection, TEdition, TFigureBase, TProductListItem } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const brand = {
  id: '0190a0b0-0000-7000-8000-00000000b001',
  slug: 'neon-arcade',
  name: 'Neon Arcade',
  type: 'GAMING',
  logoUrl: null,
} as const;
const collectionId = '0190a0b0-0000-7000-8000-00000000c001';
const collection: TCollection = {
  id: collectionId,
  name: 'Genesis',
  imageUrl: null,
  brand,
  license: null,
  description: 'The first heroes of the kingdom.',
  sortOrder: 0,
  status: 'PUBLISHED',
  publishedAt: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function product(n: number, name: string): TProductListItem {
  return {
    id: `0190a0b0-0000-7000-8000-00000000f00${n}`,
    name,
    rarity: n === 1 ? 'LEGENDARY' : 'COMMON',
    imageUrl: '/uploads/p.webp',
    imageThumbnailUrl: '/uploads/p-thumb.webp',
    editionSize: 100,
    brand,
    collection: { id: collectionId, name: 'Genesis', imageUrl: null },
    status: 'PUBLISHED',
    publishedAt: '2026-11-01T00:00:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}
const products = [product(1, 'Dragon'), product(2, 'Squire')];

const held: TEdition = {
  id: '0190a0b0-0000-7000-8000-00000000e001',
  serialNumber: 7,
  editionSize: 100,
  state: 'OWNED',
  isLocked: false,
  type: 'STANDARD',
  resourceUri: null,
  imageUrl: '/uploads/p-thumb.webp',
  product: {
    id: products[1]!.id,
    name: 'Squire',
    rarity: 'COMMON',
    imageUrl: '/uploads/p.webp',
    imageThumbnailUrl: '/uploads/p-thumb.webp',
    animationUrl: null,
  },
  brand,
  collection: { id: collectionId, name: 'Genesis' },
  contractAddress: '0x3f2a9c4e5b6d7e8f90a1b2c3d4e5f60718293a4b',
  tokenId: '7',
  owner: { id: '0190a0b0-0000-7000-8000-000000000001', nickname: 'Ada' },
  createdAt: '2026-11-20T10:00:00.000Z',
};

const shelf = (equippedCount: number): TFigureBase => ({
  id: '0190a0b0-0000-7000-8000-00000000ba01',
  name: 'Knights shelf',
  description: null,
  imageUrl: null,
  brand,
  collection: { id: collectionId, name: 'Genesis' },
  slots: [{ id: '0190a0b0-0000-7000-8000-00000000aa01', name: 'Left', productId: null, rarity: null, product: null }],
  equippedCount,
  filledSlotIds: equippedCount > 0 ? ['0190a0b0-0000-7000-8000-00000000aa01'] : [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

function catalogue(signedIn: boolean, answerEditions?: (path: string) => Response) {
  if (signedIn) startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi((request) => {
    const path = request.path.split('?')[0];
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/notifications') return json(200, { data: { items: [], nextCursor: null, unreadCount: 0 } });
    if (path === `/v1/collections/${collectionId}`) return json(200, { data: collection });
    if (path === '/v1/products') return json(200, { data: { items: products, page: 1, size: 100, total: 2 } });
    if (path === '/v1/figure-base-collections') {
      return json(200, { data: { items: [shelf(signedIn ? 1 : 0)], page: 1, size: 20, total: 1 } });
    }
    if (path === '/v1/editions') {
      if (answerEditions) return answerEditions(request.path);
      return json(200, { data: { items: [held], page: 1, size: 100, total: 1, brands: [{ brand, count: 1 }] } });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

describe('a collection as a set', () => {
  it('shows what I hold and greys what I miss, with my progress', async () => {
    const sent = catalogue(true);
    renderApp(`/collections/${collectionId}`);
    expect(await screen.findByText('You hold 1 of 2.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Collected' })).toHaveAttribute('aria-valuenow', '1');
    const grid = screen.getByRole('list', { name: 'Genesis products' });
    const squire = within(grid).getByRole('link', { name: /Squire/ });
    expect(squire).toHaveAttribute('href', `/nfts/${held.id}`);
    expect(within(squire).getByText('In your collection')).toBeInTheDocument();
    const dragon = within(grid).getByRole('link', { name: /Dragon/ });
    expect(dragon).toHaveAttribute('href', `/products/${products[0]!.id}`);
    expect(within(dragon).getByText('Missing')).toBeInTheDocument();
    const bases = screen.getByRole('list', { name: 'Figure bases' });
    expect(within(bases).getByRole('link', { name: /Knights shelf/ })).toHaveAttribute(
      'href',
      `/collections/${collectionId}/figure_base/0190a0b0-0000-7000-8000-00000000ba01/editions`,
    );
    expect(within(bases).getByText('1 of 1 slot filled')).toBeInTheDocument();
    expect(
      sent.some(
        (request) => request.path.startsWith(`/v1/editions?`) && request.path.includes(`collectionId=${collectionId}`),
      ),
    ).toBe(true);
  });

  it('shows a held generative edition by its own picture, as My Collection does, and a missing product by its thumbnail', async () => {
    const generative: TEdition = { ...held, type: 'GENERATIVE', resourceUri: '/uploads/squire-7.png' };
    generative.imageUrl = '/uploads/squire-7.png';
    catalogue(true, () =>
      json(200, { data: { items: [generative], page: 1, size: 100, total: 1, brands: [{ brand, count: 1 }] } }),
    );
    renderApp(`/collections/${collectionId}`);
    const grid = await screen.findByRole('list', { name: 'Genesis products' });
    const pictureOf = (name: RegExp) =>
      within(grid).getByRole('link', { name }).querySelector('img')?.getAttribute('src');

    expect(await within(grid).findByText('In your collection')).toBeInTheDocument();
    expect(pictureOf(/Squire/)).toContain('/uploads/squire-7.png');
    expect(pictureOf(/Dragon/)).toContain('/uploads/p-thumb.webp');
  });

  it('shows a visitor the set without progress, and never asks for a collection it has not got', async () => {
    const sent = catalogue(false);
    renderApp(`/collections/${collectionId}`);
    expect(await screen.findByRole('link', { name: /Dragon/ })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText('Missing')).toBeNull();
    expect(await screen.findByText('1 slot')).toBeInTheDocument();
    expect(sent.some((request) => request.path.startsWith('/v1/editions'))).toBe(false);
  });

  it('says so, with a retry, when what I hold cannot be read, and marks nothing missing', async () => {
    let isDown = true;
    catalogue(true, () =>
      isDown
        ? apiFailure(503, 'SERVICE_UNAVAILABLE')
        : json(200, { data: { items: [held], page: 1, size: 100, total: 1, brands: [{ brand, count: 1 }] } }),
    );
    renderApp(`/collections/${collectionId}`);
    const failure = await screen.findByRole('heading', { name: 'We could not load which of these you hold' });
    expect(failure).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Dragon/ })).toBeInTheDocument();
    expect(screen.queryByText('Missing')).toBeNull();
    isDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You hold 1 of 2.')).toBeInTheDocument();
    expect(screen.getByText('Missing')).toBeInTheDocument();
  });

  it('reads past the first hundred editions, so a product held only further down is not marked missing', async () => {
    const dragonHeld: TEdition = {
      ...held,
      id: '0190a0b0-0000-7000-8000-00000000e002',
      product: { ...held.product, id: products[0]!.id, name: 'Dragon', rarity: 'LEGENDARY' },
    };
    const sent = catalogue(true, (path) =>
      json(200, {
        data: {
          items: path.includes('page=2') ? [dragonHeld] : [held],
          page: path.includes('page=2') ? 2 : 1,
          size: 100,
          total: 150,
          brands: [{ brand, count: 150 }],
        },
      }),
    );
    renderApp(`/collections/${collectionId}`);
    expect(await screen.findByText('Complete: you hold all 2.')).toBeInTheDocument();
    expect(screen.queryByText('Missing')).toBeNull();
    // Each page once (React's development double mount may ask for them twice; the pages asked are what counts).
    const asked = new Set(sent.filter((request) => request.path.startsWith('/v1/editions?')).map((r) => r.path));
    expect([...asked].map((path) => new URLSearchParams(path.split('?')[1]).get('page')).sort()).toEqual(['1', '2']);
  });
});
