import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { consoleDrop, consoleDropIds, consoleDropsApi, dropRequest } from '../../test/console-drops-fixtures.ts';
import { apiFailure, json, type SentRequest } from '../../test/fake-api.ts';
import { consolePass } from '../../test/passes-fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// A save checks the whole drop: on a busy machine a journey here takes longer than a test's five seconds.
const JOURNEY_MS = 30_000;

const number = (n: number) => String(n).padStart(3, '0');
/** Pass n of the brand's 150: "Pass 001" … "Pass 150". */
const nthPass = (n: number) =>
  consolePass({ id: `0190a0b0-0000-7000-8000-000000${number(n)}a56`, name: `Pass ${number(n)}` });
const allPasses = Array.from({ length: 150 }, (_, n) => nthPass(n + 1));

/** The brand's passes as the API pages them: the first 100 of 150, or those a search for `q` finds. */
function passesPage(request: SentRequest) {
  const q = queryOf(request.path).get('q');
  if (!q) return json(200, { data: page(allPasses.slice(0, 100), { size: 100, total: 150 }) });
  return json(200, {
    data: page(
      allPasses.filter((pass) => pass.name.includes(q)),
      { size: 100 },
    ),
  });
}

const isPassesRead = (request: SentRequest) =>
  request.method === 'GET' && pathnameOf(request.path) === '/v1/console/passes';

// Review (console finding 5): a round's pass was chosen among the brand's first 100 passes only.
describe('console drop editor: a round’s pass beyond the brand’s first hundred', () => {
  it(
    'is found by name, and the saved round names it',
    async () => {
      const sent = consoleDropsApi([consoleDrop(consoleDropIds.upcoming, dropRequest({ name: 'Starfall Academy' }))], {
        before: (request) => (isPassesRead(request) ? passesPage(request) : undefined),
      });
      const user = userEvent.setup();
      renderApp(`/console/drops/${consoleDropIds.upcoming}`);

      const access = await screen.findByLabelText(/^Who may buy \(Round 1\)/);
      await within(access).findByRole('option', { name: 'Holders of Pass 100 only' });
      expect(screen.getAllByText('50 more passes: search by name to find them.').length).toBeGreaterThan(0);
      await user.type(screen.getByRole('searchbox', { name: 'Search passes by name (Round 1)' }), '142');
      await within(access).findByRole('option', { name: 'Holders of Pass 142 only' });
      await user.selectOptions(access, 'Holders of Pass 142 only');
      // Another search keeps the round's pass chosen and named.
      await user.clear(screen.getByRole('searchbox', { name: 'Search passes by name (Round 1)' }));
      await within(access).findByRole('option', { name: 'Holders of Pass 001 only' });
      expect(access).toHaveValue(`only:${nthPass(142).id}`);
      expect(within(access).getByRole('option', { selected: true })).toHaveTextContent('Holders of Pass 142 only');

      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() =>
        expect(
          sent.find((request) => request.method === 'PUT' && pathnameOf(request.path).startsWith('/v1/console/drops'))
            ?.body,
        ).toMatchObject({ rounds: [{ requiredPassId: nthPass(142).id }, expect.anything()] }),
      );
    },
    JOURNEY_MS,
  );

  it(
    'says when the brand’s passes could not be loaded, and Try again loads them',
    async () => {
      let isDown = true;
      consoleDropsApi([consoleDrop(consoleDropIds.upcoming, dropRequest({ name: 'Starfall Academy' }))], {
        before: (request) =>
          isPassesRead(request)
            ? isDown
              ? apiFailure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again in a moment.')
              : json(200, { data: page([consolePass()]) })
            : undefined,
      });
      const user = userEvent.setup();
      renderApp(`/console/drops/${consoleDropIds.upcoming}`);

      const access = await screen.findByLabelText(/^Who may buy \(Round 1\)/);
      const [failed] = await screen.findAllByText(/Something went wrong on our side/);
      expect(access).not.toHaveAttribute('aria-busy');
      isDown = false;
      await user.click(within(failed!).getByRole('button', { name: 'Try again' }));
      await within(access).findByRole('option', { name: 'Holders of Neon Season Pass only' });
    },
    JOURNEY_MS,
  );
});
