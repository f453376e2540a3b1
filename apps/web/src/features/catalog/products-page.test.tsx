import { MAX_SQL_INTEGER, ZPageQuery } from '@cypher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brand, ids, page, pathnameOf, productItem, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

function stubCatalogue(): SentRequest[] {
  return stubApi(({ path }) => {
    switch (pathnameOf(path)) {
      case '/v1/products': {
        const isRare = queryOf(path).get('rarity') === 'RARE';
        const items = isRare
          ? [productItem({ id: ids.squire, name: 'Pixel Knight Paladin', rarity: 'RARE', editionSize: 250 })]
          : [productItem(), productItem({ id: ids.squire, name: 'Pixel Knight Squire', rarity: 'COMMON' })];
        return json(200, { data: page(items, { total: isRare ? 1 : 42 }) });
      }
      case '/v1/brands':
        return json(200, {
          data: page([brand(), brand({ id: ids.ariaVale, slug: 'aria-vale', name: 'Aria Vale', type: 'ARTIST' })]),
        });
      case '/v1/collections':
      case '/v1/categories':
      case '/v1/tags':
        return json(200, { data: page([]) });
      default:
        return apiFailure(404, 'NOT_FOUND');
    }
  });
}

const productRequests = (sent: SentRequest[]) => sent.filter((request) => pathnameOf(request.path) === '/v1/products');

describe('/products', () => {
  it('writes a filter to the address and asks the API for it, starting again at page 1', async () => {
    const sent = stubCatalogue();
    const user = userEvent.setup();
    const { router } = renderApp('/products?page=2');
    expect(await screen.findByText('42 products')).toBeInTheDocument();
    expect(queryOf(productRequests(sent).at(-1)!.path).get('page')).toBe('2');

    await user.selectOptions(screen.getByLabelText('Rarity'), 'rare');

    await waitFor(() => expect(router.state.location.search).toBe('?rarity=rare'));
    // A choice is a step of its own, as a page link is: Back undoes it (decision record 49).
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(queryOf(productRequests(sent).at(-1)!.path).get('rarity')).toBe('RARE'));
    expect(queryOf(productRequests(sent).at(-1)!.path).get('page')).toBe('1');
    expect(await screen.findByText('1 product')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Products' })).getByText('Pixel Knight Paladin'),
    ).toBeInTheDocument();
  });

  it('reads the filters from the address, so a shared link shows the same list', async () => {
    const sent = stubCatalogue();
    renderApp(`/products?brand=${ids.ariaVale}&sort=name&q=knight`);
    await screen.findByText('42 products');

    const query = queryOf(productRequests(sent).at(-1)!.path);
    expect(query.get('brandId')).toBe(ids.ariaVale);
    expect(query.get('sort')).toBe('name');
    expect(query.get('q')).toBe('knight');
    await waitFor(() => expect((screen.getByLabelText('Brand') as HTMLSelectElement).value).toBe(ids.ariaVale));
    expect((screen.getByRole('searchbox', { name: 'Search products' }) as HTMLInputElement).value).toBe('knight');
  });

  // Session 62's hunt: a link with a longer search than the API takes showed an error whose retry could never work.
  it('cuts a search from the address to the hundred characters the API searches', async () => {
    const sent = stubCatalogue();
    renderApp(`/products?q=${'k'.repeat(150)}`);
    await screen.findByText('42 products');
    expect(queryOf(productRequests(sent).at(-1)!.path).get('q')).toBe('k'.repeat(100));
  });

  it('searches once typing pauses, through the address', async () => {
    const sent = stubCatalogue();
    const user = userEvent.setup();
    const { router } = renderApp('/products');
    await screen.findByText('42 products');

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'dragon');

    await waitFor(() => expect(router.state.location.search).toBe('?q=dragon'));
    // A search is a step of its own, as a choice is (decision record 49).
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(queryOf(productRequests(sent).at(-1)!.path).get('q')).toBe('dragon'));
    // One search for the whole word, not one per letter.
    expect(productRequests(sent).filter((request) => queryOf(request.path).has('q'))).toHaveLength(1);
  });

  // Tester's finding: a search took the place of the filter chosen before it, so Back left the list unfiltered.
  it('makes a search one step after a filter: Back undoes the search, not the filter, however long it was typed', async () => {
    stubCatalogue();
    const user = userEvent.setup();
    const { router } = renderApp('/products');
    await screen.findByText('42 products');

    await user.selectOptions(screen.getByLabelText('Rarity'), 'epic');
    await waitFor(() => expect(router.state.location.search).toBe('?rarity=epic'));
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await user.type(box, 'turbo');
    await waitFor(() => expect(router.state.location.search).toBe('?rarity=epic&q=turbo'));
    expect(router.state.historyAction).toBe('PUSH');
    // Typed on after a pause, the same search takes its own entry's place: Back does not replay it key by key.
    // (The box keeps what was typed on while the first send's list loaded.)
    await user.type(box, ' knight');
    await waitFor(() => expect(router.state.location.search).toBe('?rarity=epic&q=turbo+knight'));
    expect(router.state.historyAction).toBe('REPLACE');

    await router.navigate(-1);
    expect(router.state.location.search).toBe('?rarity=epic');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue(''));
    expect(screen.getByLabelText('Rarity')).toHaveValue('epic');
    await router.navigate(-1);
    expect(router.state.location.search).toBe('');
  });

  it('leads back to the last page from an address past the end, rather than saying there are no products', async () => {
    stubApi(({ path }) =>
      pathnameOf(path) === '/v1/products'
        ? json(200, { data: page([], { page: 3, total: 2 }) })
        : json(200, { data: page([]) }),
    );
    renderApp('/products?page=3');

    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByText('The products fill 1 page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute('href', '/products');
    expect(screen.queryByText('No products yet')).toBeNull();
  });

  it('asks for a page number too large to send as the largest page the API takes, and leads back from past the end', async () => {
    const sent = stubApi(({ path }) => {
      if (pathnameOf(path) !== '/v1/products') return json(200, { data: page([]) });
      const asked = Number(queryOf(path).get('page'));
      // The API's bound (ZPageQuery): a page past PostgreSQL's integer is refused, as it was when 1e20 was sent.
      if (!ZPageQuery.safeParse({ page: asked }).success) return apiFailure(400, 'INVALID_REQUEST');
      return json(200, { data: page([], { page: asked, total: 2 }) });
    });
    renderApp('/products?page=99999999999999999999');

    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(queryOf(productRequests(sent).at(-1)!.path).get('page')).toBe(String(MAX_SQL_INTEGER));
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute('href', '/products');
  });

  it('shows an error with a retry when the list cannot load', async () => {
    let isDown = true;
    stubApi(({ path }) => {
      if (pathnameOf(path) !== '/v1/products') return json(200, { data: page([]) });
      return isDown ? apiFailure(503, 'SERVICE_UNAVAILABLE') : json(200, { data: page([productItem()]) });
    });
    const user = userEvent.setup();
    renderApp('/products');

    expect(await screen.findByRole('heading', { name: 'We could not load the products' })).toBeInTheDocument();
    expect(screen.getByText('The service is temporarily unavailable. Please try again shortly.')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 product')).toBeInTheDocument();
  });
});
