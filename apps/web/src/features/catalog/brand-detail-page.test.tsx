import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brand, ids, page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { drop, dropIds } from '../../test/drops-fixtures.ts';
import { apiFailure, json, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

/** Neon Arcade's page; `drops` answers its drops on sale now (its other lists are empty). */
function brandApi(drops: unknown[]): SentRequest[] {
  return stubApi(({ path }) => {
    const pathname = pathnameOf(path);
    if (pathname === `/v1/brands/neon-arcade`) return json(200, { data: brand() });
    if (pathname === '/v1/drops') {
      return json(200, { data: page(queryOf(path).get('status') === 'AVAILABLE' ? drops : []) });
    }
    if (['/v1/licenses', '/v1/collections', '/v1/products'].includes(pathname)) return json(200, { data: page([]) });
    return apiFailure(404, 'NOT_FOUND');
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-22T18:30:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('brand page', () => {
  it("shows the brand's drop on sale now, with its countdown, where a banner about it leads", async () => {
    const sent = brandApi([drop()]);
    renderApp('/brands/gaming/neon-arcade');
    const section = await screen.findByRole('region', { name: 'Drops' });
    const card = await within(section).findByRole('link', { name: /Neon Genesis/ });
    expect(card).toHaveAttribute('href', `/drops/${dropIds.drop}`);
    // The clock runs on during the test (shouldAdvanceTime): the countdown reads its start or a few seconds less.
    expect(within(card).getByRole('timer').textContent).toMatch(/^1h (30m 00s|29m 5\ds)$/);
    const asked = sent.filter((request) => pathnameOf(request.path) === '/v1/drops');
    expect(new Set(asked.map((request) => queryOf(request.path).get('brandId')))).toEqual(new Set([ids.neonArcade]));
    // Its way on leads to the drops page narrowed to this brand, completed ones included.
    expect(within(section).getByRole('link', { name: 'All drops' })).toHaveAttribute(
      'href',
      `/drops?brand=${ids.neonArcade}`,
    );
  });

  it('shows no drops section for a brand without drops', async () => {
    brandApi([]);
    renderApp('/brands/gaming/neon-arcade');
    expect(await screen.findByRole('heading', { level: 2, name: 'Products' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Drops' })).toBeNull());
  });
});
