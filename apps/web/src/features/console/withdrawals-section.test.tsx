import { errorCatalogue, type TConsoleWithdrawal, type TWithdrawalStatus } from '@cypher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { consoleMe, page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const admin = consoleMe({ roles: ['admin'], isAdmin: true, brands: [] });
const older = '0190a0b0-0000-7000-8000-0000000000f1';
const newer = '0190a0b0-0000-7000-8000-0000000000f2';
// The first visit loads the console's lazy pages; on a busy machine that takes longer than findBy's one second.
const firstLoad = { timeout: 5000 };

function withdrawal(changes: Partial<TConsoleWithdrawal> = {}): TConsoleWithdrawal {
  return {
    id: older,
    method: 'wire',
    status: 'submitted',
    amount: { amount: 123450, currency: 'USD' },
    fee: { amount: 2500, currency: 'USD' },
    destination: 'First Bank •••• 6789',
    rejectionReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    user: { id: '0190a0b0-0000-7000-8000-0000000000a1', email: 'fan@example.com' },
    payoutDetails: {
      firstName: 'Ada',
      lastName: 'Fan',
      bankName: 'First Bank',
      branch: 'Main',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
      routingNumber: '021000021',
      accountNumber: '123456789',
    },
    ...changes,
  };
}

/**
 * An admin console over a small in-memory withdrawals API that answers like the real one: oldest first, filtered
 * by status, a page at a time; `move` answers the POSTs.
 */
function consoleWithWithdrawals(
  rows: TConsoleWithdrawal[],
  options: { me?: typeof admin; move?: (request: SentRequest) => Response } = {},
): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    const path = pathnameOf(request.path);
    if (path === '/v1/users/my') return json(200, { data: myUser() });
    if (path === '/v1/console/me') return json(200, { data: options.me ?? admin });
    if (path === '/v1/console/audit-log') return json(200, { data: page([]) });
    if (path === '/v1/console/withdrawals' && request.method === 'GET') {
      const query = queryOf(request.path);
      const size = Number(query.get('size') ?? 20);
      const number = Number(query.get('page') ?? 1);
      const status = query.get('status');
      const matching = rows
        .filter((row) => !status || row.status === status)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const items = matching.slice((number - 1) * size, number * size);
      return json(200, { data: { items, page: number, size, total: matching.length } });
    }
    if (path.startsWith('/v1/console/withdrawals/') && request.method === 'POST' && options.move) {
      return options.move(request);
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

describe('console withdrawals', () => {
  it('is a section for admins, and closed to brand managers even by its address', async () => {
    consoleWithWithdrawals([]);
    const { unmount } = renderApp('/console');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' }, firstLoad);
    expect(within(nav).getByRole('link', { name: 'Withdrawals' })).toBeTruthy();
    unmount();

    const sent = consoleWithWithdrawals([withdrawal()], { me: consoleMe() });
    renderApp('/console/withdrawals');
    const managerNav = await screen.findByRole('navigation', { name: 'Console sections' }, firstLoad);
    expect(within(managerNav).queryByRole('link', { name: 'Withdrawals' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Admins only' })).toBeTruthy();
    expect(sent.some((request) => pathnameOf(request.path).startsWith('/v1/console/withdrawals'))).toBe(false);
  });

  it('lists requests newest first with formatted amounts, fees and states, and filters by state', async () => {
    consoleWithWithdrawals([
      withdrawal(),
      withdrawal({
        id: newer,
        method: 'usdc',
        status: 'in_review',
        amount: { amount: 50000, currency: 'USD' },
        fee: { amount: 0, currency: 'USD' },
        user: { id: '0190a0b0-0000-7000-8000-0000000000a2', email: 'collector@example.com' },
        payoutDetails: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
        createdAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T11:00:00.000Z',
      }),
    ]);
    const user = userEvent.setup();
    renderApp('/console/withdrawals');

    const table = await screen.findByRole('table', { name: 'Withdrawal requests' }, firstLoad);
    const [, first, second] = within(table).getAllByRole('row');
    // The address may wrap after the @ (a <wbr>), which the test DOM's name computation reads as a space.
    expect(within(first!).getByRole('link', { name: /^collector@\s?example\.com$/ })).toBeTruthy();
    expect(within(first!).getByText('USDC')).toBeTruthy();
    expect(within(first!).getByText('$500.00')).toBeTruthy();
    expect(within(first!).getByText('$0.00')).toBeTruthy();
    expect(within(first!).getByText('In review')).toBeTruthy();
    expect(within(second!).getByText('Wire')).toBeTruthy();
    expect(within(second!).getByText('$1,234.50')).toBeTruthy();
    expect(within(second!).getByText('$25.00')).toBeTruthy();
    expect(within(second!).getByText('Submitted')).toBeTruthy();

    const filters = screen.getByRole('navigation', { name: 'Withdrawal state' });
    await user.click(within(filters).getByRole('link', { name: 'Paid' }));
    expect(await screen.findByRole('heading', { name: 'No withdrawal requests' })).toBeTruthy();
  });

  it('says so when there are no requests at all', async () => {
    consoleWithWithdrawals([]);
    renderApp('/console/withdrawals');
    expect(await screen.findByRole('heading', { name: 'No withdrawal requests' }, firstLoad)).toBeTruthy();
  });

  it.each<[TWithdrawalStatus, string[]]>([
    ['submitted', ['Start review', 'Approve', 'Reject']],
    ['in_review', ['Approve', 'Reject']],
    ['approved', ['Mark paid', 'Mark failed']],
    ['paid', []],
    ['rejected', []],
  ])('offers only the moves the state table allows from %s', async (status, offered) => {
    consoleWithWithdrawals([withdrawal({ status })]);
    renderApp(`/console/withdrawals/${older}`);

    const actions = await screen.findByRole('region', { name: 'Next step' }, firstLoad);
    const all = ['Start review', 'Approve', 'Reject', 'Mark paid', 'Mark failed'];
    for (const name of all) {
      expect(within(actions).queryByRole('button', { name }) !== null, name).toBe(offered.includes(name));
    }
    if (offered.length === 0) expect(within(actions).getByText(/nothing more to do/)).toBeTruthy();
  });

  it('shows the bank details and the USDC address as the API gives them', async () => {
    consoleWithWithdrawals([
      withdrawal(),
      withdrawal({
        id: newer,
        method: 'usdc',
        payoutDetails: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      }),
    ]);
    const { unmount } = renderApp(`/console/withdrawals/${older}`);
    const bank = await screen.findByRole('region', { name: 'Bank details' }, firstLoad);
    expect(within(bank).getByText('021000021')).toBeTruthy();
    expect(within(bank).getByText('123456789')).toBeTruthy();
    expect(within(bank).getByText('First Bank')).toBeTruthy();
    unmount();

    renderApp(`/console/withdrawals/${newer}`);
    const usdc = await screen.findByRole('region', { name: 'USDC address' }, firstLoad);
    expect(within(usdc).getByText('0x52908400098527886E0F7030069857D2E4169EE7')).toBeTruthy();
  });

  it('asks for a reason before rejecting, posts it, and shows the new state', async () => {
    const rows = [withdrawal({ status: 'in_review' })];
    const sent = consoleWithWithdrawals(rows, {
      move: ({ body }) => {
        rows[0] = { ...rows[0]!, status: 'rejected', rejectionReason: (body as { reason: string }).reason };
        return json(200, { data: rows[0] });
      },
    });
    const user = userEvent.setup();
    renderApp(`/console/withdrawals/${older}`);

    const actions = await screen.findByRole('region', { name: 'Next step' }, firstLoad);
    await user.click(within(actions).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give the reason. The person sees it.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'The name on the account does not match.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    const post = sent.find((request) => request.method === 'POST')!;
    expect(pathnameOf(post.path)).toBe(`/v1/console/withdrawals/${older}/reject`);
    expect(post.body).toEqual({ reason: 'The name on the account does not match.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/nothing more to do/)).toBeTruthy();
    expect(screen.getByText('The name on the account does not match.')).toBeTruthy();
  });

  it('shows the API’s message when another admin moved it first', async () => {
    const rows = [withdrawal()];
    const sent = consoleWithWithdrawals(rows, {
      // Another admin approved it a moment before this one clicked.
      move: () => {
        rows[0] = { ...rows[0]!, status: 'approved' };
        return apiFailure(409, 'WITHDRAWAL_STATUS_CONFLICT');
      },
    });
    const user = userEvent.setup();
    renderApp(`/console/withdrawals/${older}`);

    const actions = await screen.findByRole('region', { name: 'Next step' }, firstLoad);
    await user.click(within(actions).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await within(dialog).findByText(new RegExp(errorCatalogue.WITHDRAWAL_STATUS_CONFLICT.message))).toBeTruthy();
    // The page reloads it: the move is no longer offered, and the dialog says where it stands now.
    expect(await within(dialog).findByText(/It is approved now\./)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const actions2 = screen.getByRole('region', { name: 'Next step' });
    expect(within(actions2).getByRole('button', { name: 'Mark paid' })).toBeTruthy();
    expect(pathnameOf(sent.find((request) => request.method === 'POST')!.path)).toBe(
      `/v1/console/withdrawals/${older}/approve`,
    );
  });
});
