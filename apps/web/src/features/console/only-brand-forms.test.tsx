import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { brand, consoleMe, page, pathnameOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

/** A console whose lists are empty but for the brands: enough to open a new entry's form. */
function consoleAs(me: ReturnType<typeof consoleMe>) {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    const path = pathnameOf(request.path);
    if (path === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
    if (path === '/v1/console/me') return json(200, { data: me });
    if (path === '/v1/console/brands') return json(200, { data: page([brand()]) });
    if (path.startsWith('/v1/console/') && request.method === 'GET') return json(200, { data: page([]) });
    return apiFailure(404, 'NOT_FOUND');
  });
}

describe('new catalogue entries of a manager of one brand', () => {
  it.each([
    ['/console/products/new', 'New product'],
    ['/console/collections/new', 'New collection'],
    // Review: the pass's brand came chosen in a list that read "Choose a brand" until the operator chose it again.
    ['/console/passes/new', 'New pass'],
    // Hunt (session 74): the license form still asked for the brand.
    ['/console/licenses/new', 'New license'],
  ])('%s has the brand chosen, not a required list of one to pick from', async (path, formName) => {
    consoleAs(consoleMe());
    renderApp(path);
    const form = await screen.findByRole('form', { name: formName });
    expect(within(form).queryByRole('combobox', { name: /^Brand/ })).toBeNull();
    expect(within(form).getByText('Neon Arcade')).toBeInTheDocument();
    // What hangs off the brand is offered at once, not "Choose a brand first".
    expect(within(form).queryByText('Choose a brand first')).toBeNull();
  });

  it('still lets an admin choose among the brands', async () => {
    consoleAs(consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }));
    renderApp('/console/products/new');
    const form = await screen.findByRole('form', { name: 'New product' });
    const select = within(form).getByRole('combobox', { name: /^Brand/ });
    expect(await within(select).findByRole('option', { name: 'Neon Arcade' })).toBeInTheDocument();
    expect(select).toHaveValue('');
  });
});
