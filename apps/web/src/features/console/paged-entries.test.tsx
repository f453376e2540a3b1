import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { consoleMe, page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

/** An admin's console whose list at `listPath` answers a page past its end: no items, `total` of them in all. */
function pastTheEnd(listPath: string, total: number) {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi(({ path }) => {
    switch (pathnameOf(path)) {
      case '/v1/users/my':
        return json(200, { data: myUser({ isOperator: true }) });
      case '/v1/console/me':
        return json(200, { data: consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) });
      case listPath:
        return json(200, { data: page([], { page: Number(queryOf(path).get('page')), total }) });
      default:
        return apiFailure(404, 'NOT_FOUND');
    }
  });
}

// Review: `/console/brands?page=5` with 6 brands said "No brands yet – Add the first brand", with no way back.
describe('a console list opened past its last page', () => {
  it('leads back to the last page rather than saying there are no entries yet', async () => {
    pastTheEnd('/v1/console/brands', 6);
    renderApp('/console/brands?page=5');

    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByText('The brands fill 1 page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute('href', '/console/brands');
    expect(screen.queryByText('No brands yet')).toBeNull();
  });

  it('keeps the filters and search on the way back to the last page of what matches', async () => {
    pastTheEnd('/v1/console/brands', 26);
    renderApp('/console/brands?status=draft&q=neon&page=9');

    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByText('The brands that match fill 2 pages.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      '/console/brands?status=draft&q=neon&page=2',
    );
    expect(screen.queryByText('No brands match')).toBeNull();
  });

  it('does the same in a list of its own pages, not a catalogue section (withdrawals, by state)', async () => {
    pastTheEnd('/v1/console/withdrawals', 45);
    renderApp('/console/withdrawals?state=submitted&page=7');

    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByText('The withdrawals fill 3 pages.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      '/console/withdrawals?state=submitted&page=3',
    );
    expect(screen.queryByText('No withdrawal requests')).toBeNull();
  });
});
