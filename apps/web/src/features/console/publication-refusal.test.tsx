import type { TProduct } from '@cypher/contract';
import { errorCatalogue } from '@cypher/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { brand, consoleMe, ids, page, pathnameOf, productItem } from '../../test/catalog-fixtures.ts';
import { json, myUser, stubApi, apiFailure } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const product: TProduct = {
  ...productItem({ rarity: 'COMMON' }),
  animationUrl: null,
  description: null,
  license: null,
  category: null,
  tags: [],
  properties: [],
};

const uses = [
  'Neon Genesis sells this product until it ends.',
  'The fusion Ember Forge takes this product until it ends.',
];

/** An admin's console holding the published product, whose unpublish the API refuses: live things use it. */
function consoleRefusingUnpublish() {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi(({ method, path }) => {
    const pathname = pathnameOf(path);
    if (pathname === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
    if (pathname === '/v1/console/me') {
      return json(200, { data: consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) });
    }
    if (pathname === '/v1/console/brands') return json(200, { data: page([brand()]) });
    if (pathname === `/v1/console/products/${ids.dragon}`) return json(200, { data: product });
    if (method === 'POST' && pathname === `/v1/console/products/${ids.dragon}/unpublish`) {
      return json(409, {
        code: 'PRODUCT_IN_LIVE_USE',
        message: uses.join(' '),
        details: uses.map((message) => ({ field: 'status', message })),
      });
    }
    if (method === 'GET' && pathname.startsWith('/v1/console/')) return json(200, { data: page([]) });
    return apiFailure(404, 'NOT_FOUND');
  });
}

describe('console publication', () => {
  // Review finding 3: unpublishing a product a live drop sells answered 200; now it is refused, and the dialog says
  // which drop and fusion use it.
  it('keeps the unpublish dialog open with the refusal naming what uses the product', async () => {
    consoleRefusingUnpublish();
    const user = userEvent.setup();
    renderApp(`/console/products/${ids.dragon}`);

    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish this product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));

    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent(errorCatalogue.PRODUCT_IN_LIVE_USE.message);
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(uses);

    // Asked again later, the dialog starts without the old refusal (the drop may have ended since).
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    const again = await screen.findByRole('dialog', { name: 'Unpublish this product?' });
    expect(within(again).queryByRole('alert')).toBeNull();
  });
});

describe('a published product not on the site', () => {
  const collectionId = '0190a0b0-0000-7000-8000-00000000c011';
  const { id, slug, name, type, logoUrl } = brand();
  const inCollection: TProduct = { ...product, collection: { id: collectionId, name: 'Neon Nights', imageUrl: null } };

  function consoleWithCollection(status: 'DRAFT' | 'PUBLISHED') {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    return stubApi(({ path }) => {
      const pathname = pathnameOf(path);
      if (pathname === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
      if (pathname === '/v1/console/me') {
        return json(200, { data: consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) });
      }
      if (pathname === `/v1/console/brands/${id}`) return json(200, { data: brand() });
      if (pathname === `/v1/console/products/${ids.dragon}`) return json(200, { data: inCollection });
      if (pathname === `/v1/console/collections/${collectionId}`) {
        return json(200, {
          data: {
            id: collectionId,
            name: 'Neon Nights',
            imageUrl: null,
            brand: { id, slug, name, type, logoUrl },
            license: null,
            description: null,
            sortOrder: 0,
            status,
            publishedAt: null,
            createdAt: inCollection.createdAt,
            updatedAt: inCollection.updatedAt,
          },
        });
      }
      if (pathname.startsWith('/v1/console/')) return json(200, { data: page([]) });
      return apiFailure(404, 'NOT_FOUND');
    });
  }

  // Session 72's console hunt: a product published in a draft collection offered "View on site", a page not found.
  it('says its collection is a draft instead of offering View on site', async () => {
    consoleWithCollection('DRAFT');
    renderApp(`/console/products/${ids.dragon}`);
    expect(await screen.findByText('Not on the site: its collection “Neon Nights” is a draft.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View on site' })).toBeNull();
  });

  it('offers View on site once its brand and collection are published', async () => {
    consoleWithCollection('PUBLISHED');
    renderApp(`/console/products/${ids.dragon}`);
    expect(await screen.findByRole('link', { name: 'View on site' })).toBeInTheDocument();
    expect(screen.queryByText(/Not on the site/)).toBeNull();
  });
});
