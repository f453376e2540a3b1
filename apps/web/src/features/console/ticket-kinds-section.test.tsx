import {
  ticketMessages,
  type TConsoleTicketGrant,
  type TConsoleTicketGrantEntry,
  type TConsoleTicketKind,
} from '@cypher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { brand, consoleMe, ids, page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const at = '2026-11-01T00:00:00.000Z';
const kindId = '0190a0b0-0000-7000-8000-0000000000a1';
const fanId = '0190a0b0-0000-7000-8000-0000000000a9';
const brandSummary = {
  id: ids.neonArcade,
  slug: 'neon-arcade',
  name: 'Neon Arcade',
  type: 'GAMING',
  logoUrl: null,
} as const;

function ticketKind(changes: Partial<TConsoleTicketKind> = {}): TConsoleTicketKind {
  return {
    id: kindId,
    name: 'Drop ticket',
    imageUrl: null,
    description: null,
    brand: null,
    price: { amount: 100, currency: 'USD' },
    maxPerOrder: 10,
    isActive: true,
    usedFor: 'Enter raffle rounds',
    createdAt: at,
    updatedAt: at,
    ...changes,
  };
}

function granted(changes: Partial<TConsoleTicketGrant> = {}): TConsoleTicketGrant {
  return {
    id: '0190a0b0-0000-7000-8000-0000000000a5',
    user: { id: fanId, email: 'fan@example.com', nickname: 'Fan' },
    kind: { id: kindId, name: 'Drop ticket', imageUrl: null },
    count: 3,
    holding: 5,
    note: null,
    createdAt: at,
    ...changes,
  };
}

/** An operator's console (an admin unless told) with one brand, and what `answer` says about ticket kinds. */
function consoleWithTickets(answer: (request: SentRequest) => Response | undefined, isAdmin = true): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    switch (pathnameOf(request.path)) {
      case '/v1/users/my':
        return json(200, { data: myUser({ isOperator: true }) });
      case '/v1/console/me':
        return json(200, {
          data: isAdmin ? consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) : consoleMe(),
        });
      case '/v1/console/brands':
        return answer(request) ?? json(200, { data: page([brand()]) });
      default:
        return answer(request) ?? apiFailure(404, 'NOT_FOUND');
    }
  });
}

const writes = (sent: SentRequest[], method: 'POST' | 'PATCH') =>
  sent.filter(
    (request) => request.method === method && pathnameOf(request.path).startsWith('/v1/console/ticket-kinds'),
  );

/** The Idempotency-Key headers the grants were sent with, in order. */
function grantKeys(): (string | null)[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => String(url).endsWith('/grants') && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

describe('console tickets', () => {
  it('lists kinds with who issues them, their price and whether they are active', async () => {
    consoleWithTickets(({ path }) =>
      pathnameOf(path) === '/v1/console/ticket-kinds'
        ? json(200, {
            data: page([
              ticketKind(),
              ticketKind({
                id: '0190a0b0-0000-7000-8000-0000000000a2',
                name: 'Neon pass',
                brand: brandSummary,
                price: null,
                isActive: false,
              }),
            ]),
          })
        : undefined,
    );
    renderApp('/console/ticket-kinds');
    const drop = (await screen.findByRole('link', { name: 'Drop ticket' })).closest('tr')!;
    expect(within(drop).getByText('The marketplace')).toBeInTheDocument();
    expect(within(drop).getByText('$1.00')).toBeInTheDocument();
    expect(within(drop).getByText('Active')).toBeInTheDocument();
    const neon = screen.getByRole('link', { name: 'Neon pass' }).closest('tr')!;
    expect(within(neon).getByText('Neon Arcade')).toBeInTheDocument();
    expect(within(neon).getByText('Not for sale')).toBeInTheDocument();
    expect(within(neon).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /New ticket kind/ })).toHaveAttribute('href', '/console/ticket-kinds/new');
  });

  it('creates a kind: the contract’s words first, then the body the API expects, the price in cents', async () => {
    const sent = consoleWithTickets(({ method, path }) => {
      if (method === 'POST' && pathnameOf(path) === '/v1/console/ticket-kinds')
        return json(201, { data: ticketKind() });
      if (pathnameOf(path) === `/v1/console/ticket-kinds/${kindId}`) return json(200, { data: ticketKind() });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/console/ticket-kinds/new');

    const form = await screen.findByRole('form', { name: 'New ticket kind' });
    await user.clear(within(form).getByLabelText(/^What it is for/));
    await user.type(within(form).getByLabelText(/^Price per ticket/), '0');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Use 1 to 120 characters.')).toBeInTheDocument();
    expect(within(form).getByText(ticketMessages.usedFor)).toBeInTheDocument();
    expect(within(form).getByText(ticketMessages.price)).toBeInTheDocument();
    expect(writes(sent, 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText(/^Name/), 'Drop ticket');
    await user.type(within(form).getByLabelText(/^What it is for/), 'Enter raffle rounds');
    await user.clear(within(form).getByLabelText(/^Price per ticket/));
    await user.type(within(form).getByLabelText(/^Price per ticket/), '1.50');
    await user.clear(within(form).getByLabelText(/^Most tickets in one order/));
    await user.type(within(form).getByLabelText(/^Most tickets in one order/), '4');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(writes(sent, 'POST')).toHaveLength(1));
    expect(writes(sent, 'POST')[0]!.body).toEqual({
      brandId: null,
      name: 'Drop ticket',
      description: null,
      imageUrl: null,
      price: 150,
      maxPerOrder: 4,
      usedFor: 'Enter raffle rounds',
      isActive: true,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Drop ticket' })).toBeInTheDocument();
  });

  // Review (console finding 5): an admin chose the issuing brand among the first 100 brands only.
  it('lets an admin find an issuing brand past the first hundred by name', async () => {
    const nthBrand = (n: number) =>
      brand({ id: `0190a0b0-0000-7000-8000-000000${n}b00`, slug: `brand-${n}`, name: `Brand ${n}` });
    // The console's brands: 150, the first 100 to a page, or those a search finds.
    const brands = Array.from({ length: 150 }, (_, n) => nthBrand(n + 100));
    const sent = consoleWithTickets(({ method, path }) => {
      if (pathnameOf(path) === '/v1/console/brands') {
        const q = queryOf(path).get('q');
        return json(200, {
          data: q
            ? page(brands.filter((item) => item.name.includes(q)))
            : page(brands.slice(0, 100), { size: 100, total: 150 }),
        });
      }
      if (method === 'POST' && pathnameOf(path) === '/v1/console/ticket-kinds')
        return json(201, { data: ticketKind() });
      if (pathnameOf(path) === `/v1/console/ticket-kinds/${kindId}`) return json(200, { data: ticketKind() });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/console/ticket-kinds/new');

    const form = await screen.findByRole('form', { name: 'New ticket kind' });
    const issuer = within(form).getByLabelText(/^Issued by/);
    await within(issuer).findByRole('option', { name: 'Brand 199' });
    expect(issuer).toHaveValue('');
    expect(within(issuer).getByRole('option', { selected: true })).toHaveTextContent('The marketplace (no brand)');
    await user.type(within(form).getByRole('searchbox', { name: 'Search brands by name' }), '242');
    await within(issuer).findByRole('option', { name: 'Brand 242' });
    await user.selectOptions(issuer, 'Brand 242');
    await user.type(within(form).getByLabelText(/^Name/), 'Drop ticket');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(writes(sent, 'POST')).toHaveLength(1));
    expect(writes(sent, 'POST')[0]!.body).toMatchObject({ brandId: nthBrand(242).id, name: 'Drop ticket' });
  });

  it('offers a brand manager only their brands, not the marketplace', async () => {
    consoleWithTickets(() => undefined, false);
    renderApp('/console/ticket-kinds/new');
    const form = await screen.findByRole('form', { name: 'New ticket kind' });
    const issuer = within(form).getByLabelText(/^Issued by/);
    await within(issuer).findByRole('option', { name: 'Neon Arcade' });
    expect(within(issuer).queryByRole('option', { name: /marketplace/ })).toBeNull();
    expect(issuer).toHaveValue(ids.neonArcade);
  });

  it('edits only what changed: an emptied price takes the kind off sale', async () => {
    let current = ticketKind();
    const sent = consoleWithTickets(({ method, path }) => {
      if (pathnameOf(path) !== `/v1/console/ticket-kinds/${kindId}`) return undefined;
      if (method === 'PATCH') current = ticketKind({ price: null, updatedAt: '2026-11-02T00:00:00.000Z' });
      return json(200, { data: current });
    });
    const user = userEvent.setup();
    renderApp(`/console/ticket-kinds/${kindId}`);

    const form = await screen.findByRole('form', { name: 'Edit Drop ticket' });
    expect(screen.getByText('On sale now.')).toBeInTheDocument();
    expect(within(form).getByText('The marketplace')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Price per ticket/)).toHaveValue('1.00');
    await user.clear(within(form).getByLabelText(/^Price per ticket/));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    // It is on sale: taking it off asks first.
    const dialog = await screen.findByRole('dialog', { name: 'Stop selling it?' });
    expect(dialog).toHaveAccessibleDescription(
      'Drop ticket is on sale now at $1.00: from the moment you save, it is no longer sold. Orders already placed keep their price.',
    );
    expect(writes(sent, 'PATCH')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Stop selling' }));

    await waitFor(() => expect(writes(sent, 'PATCH')).toHaveLength(1));
    expect(writes(sent, 'PATCH')[0]!.body).toEqual({ price: null });
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(await screen.findByText(/Not on sale/)).toBeInTheDocument();
  });

  // Review of session 36: a live $1.00 ticket became $0.01 with one Save.
  it('asks before a new price for a kind on sale, sends nothing when cancelled, and saves other changes at once', async () => {
    const sent = consoleWithTickets(({ method, path }) => {
      if (pathnameOf(path) !== `/v1/console/ticket-kinds/${kindId}`) return undefined;
      return json(200, {
        data: method === 'PATCH' ? ticketKind({ updatedAt: '2026-11-02T00:00:00.000Z' }) : ticketKind(),
      });
    });
    const user = userEvent.setup();
    renderApp(`/console/ticket-kinds/${kindId}`);

    const form = await screen.findByRole('form', { name: 'Edit Drop ticket' });
    const price = within(form).getByLabelText(/^Price per ticket/);
    await user.clear(price);
    await user.type(price, '0.01');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the price while it is on sale?' });
    expect(dialog).toHaveAccessibleDescription(
      'Drop ticket is on sale now at $1.00: from the moment you save, buyers pay $0.01. Orders already placed keep their price.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(sent, 'PATCH')).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Change the price/ })).getByRole('button', {
        name: 'Change price',
      }),
    );
    await waitFor(() => expect(writes(sent, 'PATCH')).toHaveLength(1));
    expect(writes(sent, 'PATCH')[0]!.body).toEqual({ price: 1 });

    // A change that leaves the price alone saves without asking.
    await user.clear(within(form).getByLabelText(/^Price per ticket/));
    await user.type(within(form).getByLabelText(/^Price per ticket/), '1.00');
    await user.type(within(form).getByLabelText(/^Name/), ' plus');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(sent, 'PATCH')).toHaveLength(2));
    expect(writes(sent, 'PATCH')[1]!.body).toEqual({ name: 'Drop ticket plus' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('grants tickets with an Idempotency-Key, the same key again for a retry, a new one after a success', async () => {
    // A lost answer, then the first request still running (REQUEST_IN_PROGRESS): both retries keep the key, or the
    // grant the first request makes would be made again under a new one (a review of session 53).
    let grantAnswers = [
      apiFailure(503, 'SERVICE_UNAVAILABLE'),
      apiFailure(409, 'REQUEST_IN_PROGRESS'),
      json(201, { data: granted() }),
      json(201, { data: granted({ count: 1, holding: 6 }) }),
    ];
    const sent = consoleWithTickets(({ method, path }) => {
      if (method === 'POST' && pathnameOf(path) === `/v1/console/ticket-kinds/${kindId}/grants`) {
        const [next, ...rest] = grantAnswers;
        grantAnswers = rest;
        return next;
      }
      if (pathnameOf(path) === `/v1/console/ticket-kinds/${kindId}`) return json(200, { data: ticketKind() });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp(`/console/ticket-kinds/${kindId}`);

    const form = await screen.findByRole('form', { name: 'Grant tickets' });
    await user.type(within(form).getByLabelText(/^Email address or user id/), 'not an address');
    await user.click(within(form).getByRole('button', { name: 'Grant tickets' }));
    expect(await within(form).findByText(ticketMessages.grantRecipientFormat)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^Email address or user id/));
    await user.type(within(form).getByLabelText(/^Email address or user id/), 'Fan@Example.com');
    await user.clear(within(form).getByLabelText(/^How many/));
    await user.type(within(form).getByLabelText(/^How many/), '3');
    await user.type(within(form).getByLabelText(/^Note/), 'Launch gift');
    await user.click(within(form).getByRole('button', { name: 'Grant tickets' }));
    // Nothing is granted before the operator confirms the count, the person and what it is worth.
    const confirm = await screen.findByRole('dialog', { name: 'Grant 3 Drop tickets?' });
    expect(confirm).toHaveTextContent(
      'fan@example.com gets 3 Drop tickets (worth $3.00 at their price) at once, with a notification. Tickets granted cannot be taken back.',
    );
    expect(sent.some((request) => request.method === 'POST' && request.path.endsWith('/grants'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Grant tickets' }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    for (let retry = 0; retry < 2; retry += 1) {
      await user.click(within(form).getByRole('button', { name: 'Grant tickets' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Grant 3 Drop tickets?' })).getByRole('button', {
          name: 'Grant tickets',
        }),
      );
      if (retry === 0) await waitFor(() => expect(grantKeys()).toHaveLength(2));
    }
    expect(await screen.findByText('3 Drop tickets granted')).toBeInTheDocument();
    expect(screen.getByText('fan@example.com now holds 5.')).toBeInTheDocument();

    const grants = sent.filter((request) => request.method === 'POST' && request.path.endsWith('/grants'));
    expect(grants.map((request) => request.body)).toEqual([
      { email: 'fan@example.com', count: 3, note: 'Launch gift' },
      { email: 'fan@example.com', count: 3, note: 'Launch gift' },
      { email: 'fan@example.com', count: 3, note: 'Launch gift' },
    ]);
    await waitFor(() => expect(within(form).getByLabelText(/^Email address or user id/)).toHaveValue(''));
    await user.type(within(form).getByLabelText(/^Email address or user id/), fanId);
    await user.click(within(form).getByRole('button', { name: 'Grant tickets' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Grant 1 Drop ticket?' })).getByRole('button', {
        name: 'Grant tickets',
      }),
    );
    await waitFor(() => expect(grantKeys()).toHaveLength(4));
    expect(sent.filter((request) => request.path.endsWith('/grants')).at(-1)!.body).toEqual({
      userId: fanId,
      count: 1,
      note: null,
    });
    const [first, retry, retryWhileRunning, next] = grantKeys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect([retry, retryWhileRunning]).toEqual([first, first]);
    expect(next).not.toBe(first);
  });
});

// Console review, finding 4: a brand's manager could grant by address, and the answer told whether it had an account.
describe('console tickets: a brand’s manager grants', () => {
  it('by user id only: the form asks for no address, refuses one typed, and sends the id', async () => {
    const sent = consoleWithTickets(({ method, path }) => {
      const pathname = pathnameOf(path);
      if (pathname === `/v1/console/ticket-kinds/${kindId}`) {
        return json(200, { data: ticketKind({ brand: brandSummary }) });
      }
      if (pathname === `/v1/console/ticket-kinds/${kindId}/grants`) {
        return method === 'POST'
          ? json(201, { data: granted({ user: { id: fanId, email: null, nickname: 'Fan' }, count: 1, holding: 1 }) })
          : json(200, { data: page([]) });
      }
      return undefined;
    }, false);
    const user = userEvent.setup();
    renderApp(`/console/ticket-kinds/${kindId}`);

    const form = await screen.findByRole('form', { name: 'Grant tickets' });
    expect(within(form).queryByLabelText(/^Email address/)).toBeNull();
    expect(within(form).getByText('Only an admin can grant by email address.')).toBeInTheDocument();
    const person = within(form).getByLabelText(/^User id/);
    await user.type(person, 'fan@example.com');
    await user.click(within(form).getByRole('button', { name: 'Grant tickets' }));
    expect(await within(form).findByText('Enter the user id of an account.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(person);
    await user.type(person, fanId);
    await user.click(within(form).getByRole('button', { name: 'Grant tickets' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Grant 1 Drop ticket?' })).getByRole('button', {
        name: 'Grant tickets',
      }),
    );
    expect(await screen.findByText('Fan now holds 1.')).toBeInTheDocument();
    const grants = sent.filter((request) => request.method === 'POST' && request.path.endsWith('/grants'));
    expect(grants.map((request) => request.body)).toEqual([{ userId: fanId, count: 1, note: null }]);
  });
});

describe('console tickets: the grants given', () => {
  const grantsPath = `/v1/console/ticket-kinds/${kindId}/grants`;
  const admin = { id: '0190a0b0-0000-7000-8000-0000000000b9', email: 'admin@example.com', nickname: 'Admin' };
  function entry(n: number, changes: Partial<TConsoleTicketGrantEntry> = {}): TConsoleTicketGrantEntry {
    return {
      id: `0190a0b0-0000-7000-8000-0000000c${String(n).padStart(4, '0')}`,
      user: {
        id: `0190a0b0-0000-7000-8000-0000000d${String(n).padStart(4, '0')}`,
        email: `fan${n}@example.com`,
        nickname: `Fan${n}`,
      },
      count: 2,
      note: null,
      grantedBy: admin,
      createdAt: at,
      ...changes,
    };
  }

  /** The kind's page over a grants list the API pages as the real one does; a POST grant adds to its top. */
  function consoleWithGrants(given: TConsoleTicketGrantEntry[], isAdmin = true) {
    return consoleWithTickets(({ method, path }) => {
      if (pathnameOf(path) === `/v1/console/ticket-kinds/${kindId}`) return json(200, { data: ticketKind() });
      if (pathnameOf(path) !== grantsPath) return undefined;
      if (method === 'POST') {
        given.unshift(entry(given.length + 1, { note: 'Launch gift', count: 3 }));
        return json(201, { data: granted() });
      }
      const query = queryOf(path);
      const [number, size] = [Number(query.get('page') ?? 1), Number(query.get('size') ?? 20)];
      const items = given.slice((number - 1) * size, number * size);
      return json(200, { data: page(items, { page: number, size, total: given.length }) });
    }, isAdmin);
  }

  it('lists them newest first with the person, how many, the note and who gave them, and adds each new one', async () => {
    const given = [entry(2, { note: 'Meet-up prize' }), entry(1, { grantedBy: null })];
    const sent = consoleWithGrants(given);
    const user = userEvent.setup();
    renderApp(`/console/ticket-kinds/${kindId}`);

    const section = await screen.findByRole('region', { name: 'Grants given' });
    const table = await within(section).findByRole('table', { name: 'Grants given' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Fan2')).toBeInTheDocument();
    expect(within(first!).getByText('2 tickets')).toBeInTheDocument();
    expect(within(first!).getByText('Meet-up prize')).toBeInTheDocument();
    expect(within(first!).getByText('Admin (admin@example.com)')).toBeInTheDocument();
    expect(within(second!).getByText('The command line')).toBeInTheDocument();
    expect(within(section).queryByText('Addresses are shown to admins only.')).toBeNull();

    const form = screen.getByRole('form', { name: 'Grant tickets' });
    await user.type(within(form).getByLabelText(/^Email address or user id/), 'fan3@example.com');
    await user.clear(within(form).getByLabelText(/^How many/));
    await user.type(within(form).getByLabelText(/^How many/), '3');
    await user.click(within(form).getByRole('button', { name: 'Grant tickets' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Grant 3 Drop tickets?' })).getByRole('button', {
        name: 'Grant tickets',
      }),
    );
    // Read again after the grant: the new one heads the list.
    expect(await within(section).findByText('Launch gift')).toBeInTheDocument();
    expect(within(within(section).getByRole('table')).getAllByRole('row')).toHaveLength(1 + 3);
    expect(
      sent.filter((request) => request.method === 'GET' && pathnameOf(request.path) === grantsPath).length,
    ).toBeGreaterThan(1);
  });

  it('pages a long list, and shows a brand’s manager nicknames only, saying so', async () => {
    const given = Array.from({ length: 25 }, (_, index) =>
      entry(25 - index, {
        user: {
          id: `0190a0b0-0000-7000-8000-0000000d${String(25 - index).padStart(4, '0')}`,
          email: null,
          nickname: index === 0 ? null : `Fan${25 - index}`,
        },
        // Operators too, as the API names them to a manager: by nickname, when they have one (hunt, session 74).
        grantedBy: { ...admin, email: null, nickname: index === 1 ? null : admin.nickname },
      }),
    );
    consoleWithGrants(given, false);
    const user = userEvent.setup();
    renderApp(`/console/ticket-kinds/${kindId}`);

    const section = await screen.findByRole('region', { name: 'Grants given' });
    expect(within(section).getByText('Addresses are shown to admins only.')).toBeInTheDocument();
    const table = await within(section).findByRole('table', { name: 'Grants given' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 20);
    expect(within(table).getByText('No nickname yet')).toBeInTheDocument();
    // Who received them, by nickname only; who gave them is one of the team.
    expect(within(table).queryByText(/fan\d+@example\.com/)).toBeNull();
    expect(within(table).getAllByText('Admin')).toHaveLength(19);
    expect(within(table).getByText('An operator')).toBeInTheDocument();
    expect(within(table).queryByText(/admin@example\.com/)).toBeNull();
    const pages = within(section).getByRole('navigation', { name: 'Grant pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(within(within(section).getByRole('table')).getAllByRole('row')).toHaveLength(1 + 5));
    expect(within(section).getByText('Fan1')).toBeInTheDocument();
  });
});
