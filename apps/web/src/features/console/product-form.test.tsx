import type { TProduct, TTag } from '@cypher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { brand, consoleMe, ids, page, pathnameOf, productItem } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

/** The product's own collection and license, past the first hundred of its brand's that the form lists. */
const unlisted = {
  collection: { id: '0190a0b0-0000-7000-8000-0000000000c9', name: 'Midnight Arcade', imageUrl: null },
  license: { id: '0190a0b0-0000-7000-8000-0000000000ca', name: 'Arcade Classics', imageUrl: null },
};
const listed = {
  collection: { id: '0190a0b0-0000-7000-8000-0000000000c1', name: 'Pixel Knights: Genesis', imageUrl: null },
  license: { id: '0190a0b0-0000-7000-8000-0000000000c2', name: 'Open Arcade', imageUrl: null },
};

/** Licenses 101 to 150 of the brand, found by a search: "License 101" … "License 150". */
const moreLicenses = Array.from({ length: 50 }, (_, n) => ({
  id: `0190a0b0-0000-7000-8000-00000000${101 + n}c`,
  name: `License ${101 + n}`,
  imageUrl: null,
}));

/** The catalogue's 150 tags: "Tag 001" … "Tag 150". */
const allTags = Array.from({ length: 150 }, (_, n): TTag => {
  const number = String(n + 1).padStart(3, '0');
  return {
    id: `0190a0b0-0000-7000-8000-000000${number}7a9`,
    slug: `tag-${number}`,
    name: `Tag ${number}`,
    updatedAt: '2026-11-01T10:00:00.000Z',
  };
});

const { id, slug, name, type, logoUrl } = brand();
/** What a listed collection or license of Neon Arcade holds besides its name. */
const entryOfBrand = {
  brand: { id, slug, name, type, logoUrl },
  description: null,
  status: 'PUBLISHED' as const,
  publishedAt: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function product(changes: Partial<TProduct> = {}): TProduct {
  return {
    // happy-dom does not take an uncontrolled <select>'s value from form state (browsers do), so the product has the
    // first rarity in the list.
    ...productItem({ rarity: 'COMMON', collection: unlisted.collection, status: 'DRAFT', publishedAt: null }),
    animationUrl: null,
    description: null,
    license: unlisted.license,
    category: null,
    tags: [],
    properties: [],
    ...changes,
  };
}

/** An admin's console holding the product, whose brand lists 150 collections and licenses, 100 to a page. */
function consoleWithProduct(): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi(({ method, path, body }) => {
    const pathname = pathnameOf(path);
    if (pathname === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
    if (pathname === '/v1/console/me') {
      return json(200, { data: consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) });
    }
    if (pathname === '/v1/console/brands') return json(200, { data: page([brand()]) });
    if (pathname === '/v1/console/collections') {
      return json(200, {
        data: page([{ ...listed.collection, ...entryOfBrand, license: null, sortOrder: 0 }], { size: 100, total: 150 }),
      });
    }
    if (pathname === '/v1/console/tags') {
      const q = new URL(path, 'http://localhost').searchParams.get('q');
      if (q) return json(200, { data: page(allTags.filter((tag) => tag.name.includes(q))) });
      return json(200, { data: page(allTags.slice(0, 100), { size: 100, total: 150 }) });
    }
    if (pathname === '/v1/console/licenses') {
      const q = new URL(path, 'http://localhost').searchParams.get('q');
      if (q) {
        const found = moreLicenses.filter((license) => license.name.includes(q));
        return json(200, { data: page(found.map((license) => ({ ...license, ...entryOfBrand, licensor: null }))) });
      }
      return json(200, {
        data: page([{ ...listed.license, ...entryOfBrand, licensor: null }], { size: 100, total: 150 }),
      });
    }
    if (pathname === `/v1/console/products/${ids.dragon}`) {
      if (method === 'PATCH') {
        const { collectionId: _collectionId, ...changes } = body as { collectionId?: string | null };
        return json(200, { data: product({ ...changes, collection: null, updatedAt: '2026-11-02T00:00:00.000Z' }) });
      }
      return json(200, { data: product() });
    }
    if (method === 'GET' && pathname.startsWith('/v1/console/')) return json(200, { data: page([]) });
    return apiFailure(404, 'NOT_FOUND');
  });
}

const patches = (sent: SentRequest[]) =>
  sent.filter(({ method, path }) => method === 'PATCH' && pathnameOf(path) === `/v1/console/products/${ids.dragon}`);

describe('console product form', () => {
  // Review: a product's collection or license past the brand's first hundred read "No collection" or "From the
  // collection" while the form kept it.
  it('names the product’s own collection and license when they are not among those listed', async () => {
    const sent = consoleWithProduct();
    const user = userEvent.setup();
    renderApp(`/console/products/${ids.dragon}`);

    const form = await screen.findByRole('form', { name: 'Edit Dragon of the Eighth Bit' });
    const collection = within(form).getByLabelText(/^Collection/);
    const license = within(form).getByLabelText(/^License/);
    await within(collection).findByRole('option', { name: 'Pixel Knights: Genesis' });
    await within(license).findByRole('option', { name: 'Open Arcade' });
    expect(collection).toHaveValue(unlisted.collection.id);
    expect(within(collection).getByRole('option', { selected: true })).toHaveTextContent('Midnight Arcade');
    expect(license).toHaveValue(unlisted.license.id);
    expect(within(license).getByRole('option', { selected: true })).toHaveTextContent('Arcade Classics');

    // "No collection" is a change like any other: it is sent.
    await user.selectOptions(collection, 'No collection');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    expect(patches(sent)[0]!.body).toEqual({ collectionId: null });
  });

  // Review (console finding 5): a license past the brand's first hundred could not be chosen.
  it('finds a license past the first hundred by name, and saving sends its id', async () => {
    const sent = consoleWithProduct();
    const user = userEvent.setup();
    renderApp(`/console/products/${ids.dragon}`);

    const form = await screen.findByRole('form', { name: 'Edit Dragon of the Eighth Bit' });
    const license = within(form).getByLabelText(/^License/);
    await within(license).findByRole('option', { name: 'Open Arcade' });
    expect(within(form).getByText('149 more licenses: search by name to find them.')).toBeInTheDocument();
    await user.type(within(form).getByRole('searchbox', { name: 'Search licenses by name' }), '142');
    await within(license).findByRole('option', { name: 'License 142' });
    await user.selectOptions(license, 'License 142');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    expect(patches(sent)[0]!.body).toEqual({ licenseId: moreLicenses[41]!.id });
  });

  // Review (console finding 5): the product form listed the first 100 tags only.
  it('finds a tag past the first hundred by name, keeps it ticked through another search, and saving sends it', async () => {
    const sent = consoleWithProduct();
    const user = userEvent.setup();
    renderApp(`/console/products/${ids.dragon}`);

    const form = await screen.findByRole('form', { name: 'Edit Dragon of the Eighth Bit' });
    const tags = within(form).getByRole('group', { name: 'Tags' });
    await within(tags).findByRole('checkbox', { name: 'Tag 100' });
    expect(within(tags).getByText('50 more tags: search by name to find them.')).toBeInTheDocument();
    await user.type(within(tags).getByRole('searchbox', { name: 'Search tags by name' }), '142');
    await user.click(await within(tags).findByRole('checkbox', { name: 'Tag 142' }));
    await user.clear(within(tags).getByRole('searchbox', { name: 'Search tags by name' }));
    await within(tags).findByRole('checkbox', { name: 'Tag 001' });
    expect(within(tags).getByRole('checkbox', { name: 'Tag 142' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    expect(patches(sent)[0]!.body).toEqual({ tagIds: [allTags[141]!.id] });
  });
});
