import type { TTag } from '@cypher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { consoleMe, page, pathnameOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const tag = (n: number): TTag => {
  const number = String(n).padStart(3, '0');
  return {
    id: `0190a0b0-0000-7000-8000-000000${number}7a9`,
    slug: `tag-${number}`,
    name: `Tag ${number}`,
    updatedAt: `2026-11-01T10:00:00.${number}Z`,
  };
};
const tags = Array.from({ length: 150 }, (_, n) => tag(n + 1));

/** An admin's console whose tags are 150: the list's first page holds 100, and each is read by id. */
function consoleWithTags(answer: (request: SentRequest) => Response | undefined = () => undefined) {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    const handled = answer(request);
    if (handled) return handled;
    const path = pathnameOf(request.path);
    if (path === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
    if (path === '/v1/console/me')
      return json(200, { data: consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) });
    if (path === '/v1/console/tags') return json(200, { data: page(tags.slice(0, 100), { size: 100, total: 150 }) });
    const read = tags.find((item) => path === `/v1/console/tags/${item.id}`);
    if (read && request.method === 'GET') return json(200, { data: read });
    if (read && request.method === 'PATCH') return json(200, { data: { ...read, ...(request.body as object) } });
    return apiFailure(404, 'NOT_FOUND', 'We could not find what you were looking for.');
  });
}

// Review (console finding 5): a tag was edited by finding it among the first 100 of the list, so tag 101 and after
// were "not here".
describe('console: editing a tag beyond the first hundred', () => {
  it('opens tag 142 (read by id), and saving sends its change from the version it opened', async () => {
    const target = tags[141]!;
    const sent = consoleWithTags();
    const user = userEvent.setup();
    renderApp(`/console/tags/${target.id}`);

    const form = await screen.findByRole('form', { name: 'Edit Tag 142' });
    const name = within(form).getByLabelText(/^Name/);
    expect(name).toHaveValue('Tag 142');
    await user.clear(name);
    await user.type(name, 'Pilots');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(
        sent.find(
          (request) => request.method === 'PATCH' && pathnameOf(request.path) === `/v1/console/tags/${target.id}`,
        ),
      ).toMatchObject({ body: { name: 'Pilots' }, ifMatch: `"${target.updatedAt}"` }),
    );
  });

  it('says a tag that is not there is not here', async () => {
    consoleWithTags();
    renderApp('/console/tags/0190a0b0-0000-7000-8000-00000000dead');
    expect(await screen.findByRole('heading', { name: 'This tag is not here' })).toBeInTheDocument();
  });

  it('offers Try again when the tag could not be read, and shows it once it is', async () => {
    const target = tags[120]!;
    let isDown = true;
    consoleWithTags((request) =>
      isDown && pathnameOf(request.path) === `/v1/console/tags/${target.id}`
        ? apiFailure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again in a moment.')
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(`/console/tags/${target.id}`);

    expect(await screen.findByRole('heading', { name: 'We could not load this tag' })).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Edit Tag 121' })).toBeInTheDocument();
  });
});
