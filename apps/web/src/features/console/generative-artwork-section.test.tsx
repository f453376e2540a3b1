import type { TProduct, TProductArtworks } from '@cypher/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { brand, consoleMe, ids, page, pathnameOf, productItem } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

/** Decision record 58: the console product page's "Generative artwork", one uploaded image per edition. */

function product(changes: Partial<TProduct> = {}): TProduct {
  return {
    ...productItem({ rarity: 'COMMON', editionSize: 3 }),
    animationUrl: null,
    description: null,
    license: null,
    category: null,
    tags: [],
    properties: [],
    ...changes,
  };
}

function artworksOf(uris: string[], changes: Partial<TProductArtworks> = {}): TProductArtworks {
  return {
    productId: ids.dragon,
    editionSize: 3,
    editionsMade: 0,
    canChange: true,
    artworks: uris.map((resourceUri, index) => ({ serialNumber: index + 1, resourceUri })),
    ...changes,
  };
}

/** An admin's console holding the product and its artwork (`current`), answering uploads `/uploads/up-<n>.png`. */
function consoleWithArtwork(current: () => TProductArtworks | Response, productChanges: Partial<TProduct> = {}) {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  let saved: TProductArtworks | null = null;
  let uploads = 0;
  const sent: SentRequest[] = stubApi(({ method, path, body }) => {
    const pathname = pathnameOf(path);
    if (pathname === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
    if (pathname === '/v1/console/me') {
      return json(200, { data: consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) });
    }
    if (pathname === '/v1/console/brands') return json(200, { data: page([brand()]) });
    if (pathname === `/v1/console/products/${ids.dragon}`) return json(200, { data: product(productChanges) });
    if (pathname === `/v1/console/products/${ids.dragon}/artworks`) {
      if (method === 'PUT') {
        saved = artworksOf((body as { resourceUris: string[] }).resourceUris);
        return json(200, { data: saved });
      }
      const answer = saved ?? current();
      return answer instanceof Response ? answer : json(200, { data: answer });
    }
    if (pathname === '/v1/console/media') {
      uploads += 1;
      const url = `/uploads/up-${uploads}.png`;
      return json(201, {
        data: { url, width: 64, height: 64, contentType: 'image/png', thumbnailUrl: null },
      });
    }
    if (method === 'GET' && pathname.startsWith('/v1/console/')) return json(200, { data: page([]) });
    return apiFailure(404, 'NOT_FOUND');
  });
  return sent;
}

/** A file whose first bytes are PNG's signature. */
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, {
    type: 'image/png',
  });
const puts = (sent: SentRequest[]) => sent.filter((request) => request.method === 'PUT');
const uploadsOf = (sent: SentRequest[]) => sent.filter((request) => pathnameOf(request.path) === '/v1/console/media');

async function section() {
  renderApp(`/console/products/${ids.dragon}`);
  return screen.findByRole('region', { name: 'Generative artwork' });
}

afterEach(() => vi.restoreAllMocks());

describe('console product: generative artwork', () => {
  it('uploads the chosen images in file-name order, saves them as a whole and shows them by edition number', async () => {
    const sent = consoleWithArtwork(() => artworksOf([]));
    const appended = vi.spyOn(FormData.prototype, 'append');
    const region = await section();
    expect(await within(region).findByText('No artwork yet: this product is minted STANDARD.')).toBeInTheDocument();

    fireEvent.change(within(region).getByLabelText('Artwork images, one per edition'), {
      target: { files: [png('art-10.png'), png('art-2.png'), png('art-1.png')] },
    });

    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    // Numbered as a person reads the names: art-1, art-2, art-10 (not art-1, art-10, art-2).
    expect(appended.mock.calls.map(([, file]) => (file as File).name)).toEqual([
      'art-1.png',
      'art-2.png',
      'art-10.png',
    ]);
    expect(puts(sent)[0]!.body).toEqual({
      resourceUris: ['/uploads/up-1.png', '/uploads/up-2.png', '/uploads/up-3.png'],
    });
    const grid = await within(region).findByRole('list', { name: 'Artwork by edition' });
    const tiles = within(grid).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['#1', '#2', '#3']);
    expect(within(grid).getByRole('img', { name: 'Edition #2' })).toHaveAttribute('src', '/uploads/up-2.png');
    expect(within(region).getByRole('button', { name: 'Replace all images' })).toBeInTheDocument();
  });

  it('says how many images an edition size takes, and sends nothing for another count or a WebP', async () => {
    const sent = consoleWithArtwork(() => artworksOf([]));
    const region = await section();
    const input = await within(region).findByLabelText('Artwork images, one per edition');

    fireEvent.change(input, { target: { files: [png('a.png'), png('b.png')] } });
    expect(
      await within(region).findByText('Choose one image per edition: 3, not 2. Nothing was changed.'),
    ).toBeInTheDocument();

    const webp = new File([new Uint8Array([1])], 'c.webp', { type: 'image/webp' });
    fireEvent.change(input, { target: { files: [png('a.png'), png('b.png'), webp] } });
    expect(
      await within(region).findByText('c.webp: Unsupported file type. Use PNG, JPEG or GIF images.'),
    ).toBeInTheDocument();
    expect(uploadsOf(sent)).toHaveLength(0);
    expect(puts(sent)).toHaveLength(0);
  });

  it('knows a WebP renamed .png by its bytes and uploads nothing, where the save would refuse it after the uploads', async () => {
    const sent = consoleWithArtwork(() => artworksOf([]));
    const region = await section();
    const webpBytes = new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ');
    const renamed = new File([webpBytes], 'b.png', { type: 'image/png' });

    fireEvent.change(await within(region).findByLabelText('Artwork images, one per edition'), {
      target: { files: [png('a.png'), renamed, png('c.png')] },
    });

    expect(
      await within(region).findByText('b.png: Unsupported file type. Use PNG, JPEG or GIF images.'),
    ).toBeInTheDocument();
    expect(uploadsOf(sent)).toHaveLength(0);
    expect(puts(sent)).toHaveLength(0);
  });

  it('shows the artwork without a way to change it once editions exist', async () => {
    consoleWithArtwork(() =>
      artworksOf(['/uploads/a.png', '/uploads/b.png', '/uploads/c.png'], { editionsMade: 3, canChange: false }),
    );
    const region = await section();
    expect(
      await within(region).findByText('3 editions are minted or set aside: the artwork can no longer change.'),
    ).toBeInTheDocument();
    expect(within(region).getAllByRole('img')).toHaveLength(3);
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).queryByLabelText('Artwork images, one per edition')).toBeNull();
  });

  it('offers nothing for an open edition, and says why', async () => {
    consoleWithArtwork(() => artworksOf([], { editionSize: null }), { editionSize: null });
    const region = await section();
    expect(
      await within(region).findByText(
        'An open edition cannot be generative: give the product an edition size and save it first.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('button')).toBeNull();
  });

  it('says when the artwork could not be read, with Try again', async () => {
    let isDown = true;
    consoleWithArtwork(() => (isDown ? apiFailure(503, 'SERVICE_UNAVAILABLE') : artworksOf(['/uploads/a.png'])));
    const region = await section();
    expect(await within(region).findByText('We could not load the generative artwork')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('img', { name: 'Edition #1' })).toBeInTheDocument();
  });
});
