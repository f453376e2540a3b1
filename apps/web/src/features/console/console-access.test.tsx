import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TConsoleMe } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { brand, consoleMe, page, pathnameOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

/**
 * Signed in as someone `/console/me` describes as `me`, or (null) as a collector, whom it refuses. `isOperator` is
 * what the user record says (an operator's role revoked since: a record that says operator, then a 403).
 */
function signedInAsOperator(me: TConsoleMe | null, isOperator = me !== null) {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi(({ path }) => {
    switch (pathnameOf(path)) {
      case '/v1/users/my':
        return json(200, { data: myUser({ email: me?.email ?? 'fan@example.com', isOperator }) });
      case '/v1/console/me':
        return me ? json(200, { data: me }) : apiFailure(403, 'FORBIDDEN');
      case '/v1/console/brands':
        return json(200, { data: page([brand({ status: 'DRAFT' })]) });
      default:
        return apiFailure(404, 'NOT_FOUND');
    }
  });
}

const adminOnlySections = ['Banners', 'Withdrawals', 'Ledger', 'Audit log', 'Operators'];
const everyoneSections = [
  'Brands',
  'Licenses',
  'Collections',
  'Products',
  'Figure bases',
  'Drops',
  'Fusions',
  'Categories',
  'Tags',
];

async function consoleSections() {
  return screen.findByRole('navigation', { name: 'Console sections' });
}

describe('console access', () => {
  it('shows a brand manager their sections only, and no way to add a brand', async () => {
    signedInAsOperator(consoleMe());
    renderApp('/console/brands');

    const nav = await consoleSections();
    for (const name of everyoneSections) expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    for (const name of adminOnlySections) expect(within(nav).queryByRole('link', { name })).toBeNull();
    expect(screen.getByText('Brand manager · Neon Arcade')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Brands' });
    expect(within(table).getByRole('link', { name: 'Neon Arcade' })).toBeInTheDocument();
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New brand' })).toBeNull();
  });

  it('shows an admin every section', async () => {
    signedInAsOperator(consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }));
    renderApp('/console/brands');

    const nav = await consoleSections();
    for (const name of [...everyoneSections, ...adminOnlySections]) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(await screen.findByRole('link', { name: 'New brand' })).toBeInTheDocument();
  });

  it('keeps a brand manager out of an admin section opened by its address', async () => {
    const sent = signedInAsOperator(consoleMe());
    renderApp('/console/operators');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admins only' })).toBeInTheDocument();
    expect(sent.some((request) => pathnameOf(request.path) === '/v1/console/operators')).toBe(false);
  });

  it('tells a collector the console needs operator access, without asking the console who they are', async () => {
    const sent = signedInAsOperator(null);
    renderApp('/console');

    expect(await screen.findByRole('heading', { level: 1, name: 'You need operator access' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Payment', hidden: true })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Console', hidden: true })).toBeNull();
    expect(sent.map((request) => pathnameOf(request.path))).not.toContain('/v1/console/me');
  });

  it('never asks a collector browsing the site who they are in the console', async () => {
    const sent = signedInAsOperator(null);
    renderApp('/guide');
    await screen.findByRole('heading', { level: 1, name: 'Guide' });
    await waitFor(() => expect(sent.map((request) => pathnameOf(request.path))).toContain('/v1/users/my'));
    expect(sent.map((request) => pathnameOf(request.path))).not.toContain('/v1/console/me');
  });

  it('says operator access is needed when the role was revoked after the user record was read', async () => {
    signedInAsOperator(null, true);
    renderApp('/console');
    expect(await screen.findByRole('heading', { level: 1, name: 'You need operator access' })).toBeInTheDocument();
  });

  it('offers "Console" in the account menu to operators only', async () => {
    signedInAsOperator(consoleMe());
    renderApp('/guide');
    await screen.findByRole('heading', { level: 1, name: 'Guide' });
    const banner = screen.getByRole('banner');
    await waitFor(() =>
      expect(within(banner).getByRole('link', { name: 'Console', hidden: true })).toBeInTheDocument(),
    );
  });
});
