import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { brand, page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('/brands', () => {
  it('leads back to the last page from an address past the end, rather than saying there are no brands', async () => {
    stubApi(({ path }) => {
      if (pathnameOf(path) !== '/v1/brands') return apiFailure(404, 'NOT_FOUND');
      const asked = Number(queryOf(path).get('page'));
      return json(200, { data: page(asked <= 2 ? [brand()] : [], { page: asked, total: 21 }) });
    });
    renderApp('/brands?type=gaming&page=7');

    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByText('The brands that match fill 2 pages.')).toBeInTheDocument();
    expect(screen.queryByText('No brands match')).toBeNull();
    const back = screen.getByRole('link', { name: 'Go to the last page' });
    expect(back).toHaveAttribute('href', '/brands?type=gaming&page=2');
  });

  // Tester's finding on /products, the same search box here: a search took the place of the type chosen before it.
  it('makes a search a step of its own after a type: Back undoes the search, not the type', async () => {
    stubApi(({ path }) =>
      pathnameOf(path) === '/v1/brands' ? json(200, { data: page([brand()]) }) : apiFailure(404, 'NOT_FOUND'),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/brands');

    await user.click(await screen.findByRole('link', { name: 'Gaming' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=gaming'));
    await user.type(screen.getByRole('searchbox', { name: 'Search brands' }), 'neon');
    await waitFor(() => expect(router.state.location.search).toBe('?type=gaming&q=neon'));

    await router.navigate(-1);
    expect(router.state.location.search).toBe('?type=gaming');
  });
});
