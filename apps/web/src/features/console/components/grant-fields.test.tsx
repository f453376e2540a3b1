import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consoleProductItem, ids, page, pathnameOf } from '../../../test/catalog-fixtures.ts';
import {
  confirmBatch,
  consoleWithGiveaways,
  editionPool,
  giveawayIds,
  redeemBatch,
  ticketKind,
} from '../../../test/console-giveaways-fixtures.ts';
import { apiFailure, json, type SentRequest } from '../../../test/fake-api.ts';
import { consolePass } from '../../../test/passes-fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

// A save checks the whole form: on a busy machine a journey here takes longer than a test's five seconds.
const JOURNEY_MS = 30_000;

/** What a datetime-local box holds for the instant `hours` from now, in this machine's time zone. */
function localTime(hours: number): string {
  const date = new Date(Date.now() + hours * 3_600_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const queryOf = (path: string) => new URL(path, 'http://localhost').searchParams;
const number = (n: number) => String(n).padStart(3, '0');

/** Published pass n of 150: "Pass 001" … "Pass 150". */
const nthPass = (n: number) =>
  consolePass({ id: `0190a0b0-0000-7000-8000-000000${number(n)}a55`, name: `Pass ${number(n)}` });
const allPasses = Array.from({ length: 150 }, (_, n) => nthPass(n + 1));

/** The API's first page of a list of 150 (100 of them), or what a search for `q` finds. */
function pageOf<T extends { name: string }>(items: T[], request: SentRequest) {
  const q = queryOf(request.path).get('q');
  if (!q) return json(200, { data: page(items.slice(0, 100), { size: 100, total: items.length }) });
  return json(200, {
    data: page(
      items.filter((item) => item.name.includes(q)),
      { size: 100 },
    ),
  });
}

const passGets = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'GET' && pathnameOf(request.path) === '/v1/console/passes');

// Review (console finding 5): the grant fields listed the first 100 passes and kinds of ticket, with the drafts among
// them left out on the client, so an older pass (or kind) could not be given.
describe('console grant fields, with more passes than a page holds', () => {
  it(
    'ask for published passes, find one beyond the first hundred by name, and the batch gives its id',
    async () => {
      const sent = consoleWithGiveaways((request) => {
        const path = pathnameOf(request.path);
        if (path === '/v1/console/passes') return pageOf(allPasses, request);
        if (request.method === 'POST' && path === '/v1/console/redeem-batches') {
          return json(201, { data: redeemBatch() });
        }
        return undefined;
      });
      const user = userEvent.setup();
      renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      await user.type(within(form).getByLabelText(/^Name/), 'Launch party');
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'PASS');
      const pass = within(form).getByLabelText(/^Pass/);
      await within(pass).findByRole('option', { name: /^Pass 100/ });
      expect(queryOf(passGets(sent)[0]!.path).get('status')).toBe('PUBLISHED');
      expect(within(form).getByText('50 more published passes: search by name to find them.')).toBeInTheDocument();

      await user.type(within(form).getByRole('searchbox', { name: 'Search published passes by name' }), '142');
      await within(pass).findByRole('option', { name: /^Pass 142/ });
      await user.selectOptions(pass, nthPass(142).id);
      expect(queryOf(passGets(sent).at(-1)!.path).get('q')).toBe('142');
      expect(queryOf(passGets(sent).at(-1)!.path).get('status')).toBe('PUBLISHED');
      // Another search leaves the chosen pass chosen and named.
      await user.clear(within(form).getByRole('searchbox', { name: 'Search published passes by name' }));
      await within(pass).findByRole('option', { name: /^Pass 001/ });
      expect(within(pass).getByRole('option', { selected: true })).toHaveTextContent(/^Pass 142/);

      await user.type(within(form).getByLabelText(/^Number of codes/), '10');
      fireEvent.change(within(form).getByLabelText(/^From/), { target: { value: localTime(1) } });
      fireEvent.change(within(form).getByLabelText(/^Until/), { target: { value: localTime(24) } });
      await user.click(within(form).getByRole('button', { name: 'Create' }));
      await confirmBatch(user, /Each use gives a pass/);
      await waitFor(() =>
        expect(
          sent.find((request) => request.method === 'POST' && pathnameOf(request.path) === '/v1/console/redeem-batches')
            ?.body,
        ).toMatchObject({ grant: { kind: 'PASS', passId: nthPass(142).id } }),
      );
    },
    JOURNEY_MS,
  );

  it(
    'find a kind of ticket beyond the first hundred by name',
    async () => {
      const kinds = Array.from({ length: 150 }, (_, n) =>
        ticketKind({ id: `0190a0b0-0000-7000-8000-000000${number(n + 1)}f30`, name: `Ticket ${number(n + 1)}` }),
      );
      consoleWithGiveaways((request) =>
        pathnameOf(request.path) === '/v1/console/ticket-kinds' ? pageOf(kinds, request) : undefined,
      );
      const user = userEvent.setup();
      renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'TICKETS');
      const kind = within(form).getByLabelText(/^Kind of ticket/);
      await within(kind).findByRole('option', { name: /^Ticket 100/ });
      await user.type(within(form).getByRole('searchbox', { name: 'Search kinds of ticket by name' }), '150');
      await within(kind).findByRole('option', { name: /^Ticket 150/ });
      await user.selectOptions(kind, kinds[149]!.id);
      expect(kind).toHaveValue(kinds[149]!.id);
    },
    JOURNEY_MS,
  );

  // Review (brief B): the pools were the first 100, so an older pool could not be given.
  it(
    'find an edition pool beyond the first hundred by its product’s name, and keep it chosen through another search',
    async () => {
      const pools = Array.from({ length: 150 }, (_, n) => {
        const pool = editionPool({ id: `0190a0b0-0000-7000-8000-000000${number(n + 1)}b00` });
        return { ...pool, product: { ...pool.product, name: `Figure ${number(n + 1)}` } };
      });
      const sent = consoleWithGiveaways((request) => {
        if (pathnameOf(request.path) !== '/v1/console/edition-pools') return undefined;
        const q = queryOf(request.path).get('q');
        const found = q ? pools.filter((pool) => pool.product.name.includes(q)) : pools;
        return json(200, { data: page(found.slice(0, 100), { size: 100, total: found.length }) });
      });
      const user = userEvent.setup();
      renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'EDITION');
      const pool = within(form).getByLabelText(/^Edition pool/);
      await within(pool).findByRole('option', { name: /^Figure 100 / });
      expect(within(form).getByText('50 more pools: search by name to find them.')).toBeInTheDocument();

      const search = within(form).getByRole('searchbox', { name: 'Search pools by name' });
      await user.type(search, '142');
      await user.selectOptions(pool, await within(pool).findByRole('option', { name: /^Figure 142 / }));
      const asked = sent.filter((request) => pathnameOf(request.path) === '/v1/console/edition-pools').at(-1)!;
      expect(queryOf(asked.path).get('q')).toBe('142');
      await user.clear(search);
      await within(pool).findByRole('option', { name: /^Figure 001 / });
      expect(pool).toHaveValue(pools[141]!.id);
      expect(within(pool).getByRole('option', { selected: true })).toHaveTextContent(/^Figure 142 /);
      await user.type(search, 'Dragon');
      expect(await within(form).findByText('No pool matches “Dragon”.')).toBeInTheDocument();
    },
    JOURNEY_MS,
  );

  it(
    'say when the passes could not be loaded, and Try again loads them',
    async () => {
      let isDown = true;
      consoleWithGiveaways((request) =>
        pathnameOf(request.path) === '/v1/console/passes' && isDown
          ? apiFailure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again in a moment.')
          : undefined,
      );
      const user = userEvent.setup();
      renderApp('/console/redeem-batches/new');

      const form = await screen.findByRole('form', { name: 'New batch of codes' });
      await user.selectOptions(within(form).getByLabelText(/^Gives/), 'PASS');
      expect(await within(form).findByRole('alert')).toHaveTextContent(
        'Something went wrong on our side. Please try again in a moment.',
      );
      const pass = within(form).getByLabelText(/^Pass/);
      expect(pass).not.toHaveAttribute('aria-busy');
      isDown = false;
      await user.click(within(form).getByRole('button', { name: 'Try again' }));
      await within(pass).findByRole('option', { name: /Neon Season Pass/ });
      expect(within(form).queryByRole('alert')).toBeNull();
    },
    JOURNEY_MS,
  );

  // Hunt (session 74): a manager of one brand was asked to choose it from a list of one.
  it(
    'set editions aside for a manager of one brand with the brand chosen, its products offered at once',
    async () => {
      const products = [consoleProductItem({ id: '0190a0b0-0000-7000-8000-000000001d00', name: 'Figure 1' })];
      const sent = consoleWithProducts(products, { isAdmin: false });
      const user = userEvent.setup();
      const dialog = await openSetAside(user);
      expect(within(dialog).queryByRole('combobox', { name: /^Brand/ })).toBeNull();
      expect(within(dialog).getByText('Neon Arcade')).toBeInTheDocument();
      const product = within(dialog).getByLabelText(/^Product/);
      await user.selectOptions(product, await within(product).findByRole('option', { name: /^Figure 1/ }));
      expect(await setAside(user, dialog, sent, 2)).toEqual({
        brandId: ids.neonArcade,
        productId: products[0]!.id,
        size: 2,
      });
    },
    JOURNEY_MS,
  );

  it(
    'set editions aside of a published product past the brand’s first hundred, found by name',
    async () => {
      const products = Array.from({ length: 150 }, (_, n) =>
        consoleProductItem({
          id: `0190a0b0-0000-7000-8000-000000${number(n + 1)}d00`,
          name: `Figure ${number(n + 1)}`,
        }),
      );
      const sent = consoleWithProducts(products);
      const user = userEvent.setup();
      const dialog = await openSetAside(user);
      const brandSelect = within(dialog).getByLabelText(/^Brand/);
      await within(brandSelect).findByRole('option', { name: 'Neon Arcade' });
      await user.selectOptions(brandSelect, ids.neonArcade);
      const product = within(dialog).getByLabelText(/^Product/);
      await within(product).findByRole('option', { name: /^Figure 100/ });
      await user.type(within(dialog).getByRole('searchbox', { name: 'Search published products by name' }), '142');
      await within(product).findByRole('option', { name: /^Figure 142/ });
      await user.selectOptions(product, products[141]!.id);
      expect(await setAside(user, dialog, sent, 5)).toEqual({
        brandId: ids.neonArcade,
        productId: products[141]!.id,
        size: 5,
      });
    },
    JOURNEY_MS,
  );
});

/** The console over `products`, answering a new edition pool as made. */
function consoleWithProducts(products: ReturnType<typeof consoleProductItem>[], options?: { isAdmin?: boolean }) {
  const made = editionPool({ id: giveawayIds.newPool, size: 5, remaining: 5 });
  return consoleWithGiveaways((request) => {
    const path = pathnameOf(request.path);
    if (path === '/v1/console/products') return pageOf(products, request);
    if (request.method === 'POST' && path === '/v1/console/edition-pools') return json(201, { data: made });
    return undefined;
  }, options);
}

/** A new batch of codes giving an edition, with its "Set editions aside" dialog open. */
async function openSetAside(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/console/redeem-batches/new');
  const form = await screen.findByRole('form', { name: 'New batch of codes' });
  await user.selectOptions(within(form).getByLabelText(/^Gives/), 'EDITION');
  await user.click(within(form).getByRole('button', { name: 'Set editions aside' }));
  return screen.findByRole('dialog', { name: 'Set editions aside' });
}

/** Sets `count` editions aside in the open dialog; gives what the API was asked for. */
async function setAside(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  sent: SentRequest[],
  count: number,
): Promise<unknown> {
  await user.type(within(dialog).getByLabelText(/^Editions/), String(count));
  await user.click(within(dialog).getByRole('button', { name: 'Set aside' }));
  const asked = () =>
    sent.find((request) => request.method === 'POST' && pathnameOf(request.path) === '/v1/console/edition-pools');
  await waitFor(() => expect(asked()).toBeDefined());
  return asked()!.body;
}
