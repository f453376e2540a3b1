import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAuditEntry } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { consoleMe, page, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { balances } from '../../test/drops-fixtures.ts';
import { apiFailure, deferred, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const kindId = '0190a0b0-0000-7000-8000-0000000000a1';
const productId = '0190a0b0-0000-7000-8000-0000000000a2';
const withdrawalId = '0190a0b0-0000-7000-8000-0000000000a3';
const roundId = '0190a0b0-0000-7000-8000-0000000000a4';
const dropId = '0190a0b0-0000-7000-8000-0000000000a5';

function entry(changes: Partial<TAuditEntry>): TAuditEntry {
  return {
    id: '0190a0b0-0000-7000-8000-0000000000f1',
    actor: { id: '0190a0b0-0000-7000-8000-0000000000f2', email: 'admin@example.com', nickname: 'Admin' },
    action: 'create',
    entityType: 'product',
    entityId: productId,
    entityName: null,
    entityParentId: null,
    before: null,
    after: null,
    createdAt: '2026-11-22T01:00:00.000Z',
    ...changes,
  };
}

/** An admin's console whose audit log answers as `auditLog` says. */
function adminConsole(auditLog: (path: string) => Response | Promise<Response>) {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  stubApi(({ path }) => {
    switch (pathnameOf(path)) {
      case '/v1/users/my':
        return json(200, { data: myUser({ isOperator: true }) });
      case '/v1/console/me':
        return json(200, { data: consoleMe({ roles: ['admin'], isAdmin: true, brands: [] }) });
      case '/v1/console/audit-log':
        return auditLog(path);
      // CYP counted in whole units here, not the two decimals the app assumes until the API says.
      case '/v1/balances/my':
        return json(200, { data: { ...balances(0), cypUnit: { minorUnits: 0, cypPerUsd: 1 } } });
      default:
        return apiFailure(404, 'NOT_FOUND');
    }
  });
}

describe('the audit log', () => {
  it('names what each entry was about, from its record or as the API names it, with a link to it', async () => {
    adminConsole(() =>
      json(200, {
        data: page([
          // A grant's record names what was given, not the kind: the API names it.
          entry({
            id: '0190a0b0-0000-7000-8000-0000000000f3',
            action: 'grant',
            entityType: 'ticket_kind',
            entityId: kindId,
            entityName: 'Drop ticket',
            after: { count: 3, note: null },
          }),
          entry({ after: { name: 'Dragon' } }),
          entry({
            id: '0190a0b0-0000-7000-8000-0000000000f4',
            action: 'approve',
            entityType: 'withdrawal',
            entityId: withdrawalId,
            entityName: '$100.00 to First Bank •••• 6789',
            before: { status: 'submitted' },
            after: { status: 'approved', rejectionReason: null, failureReason: null },
          }),
          // A raffle is set on its drop's page, at its round.
          entry({
            id: '0190a0b0-0000-7000-8000-0000000000f6',
            entityType: 'raffle_round',
            entityId: roundId,
            entityName: 'Neon Tides · Round 2',
            entityParentId: dropId,
            after: { places: 100 },
          }),
          // A role is named by whose it is and what it lets them do (console walk of session 45: it showed its id).
          entry({
            id: '0190a0b0-0000-7000-8000-0000000000f7',
            action: 'grant',
            entityType: 'operator_grant',
            entityId: '0190a0b0-0000-7000-8000-0000000000a7',
            after: {
              id: '0190a0b0-0000-7000-8000-0000000000a7',
              user: { id: '0190a0b0-0000-7000-8000-0000000000a8', email: 'ada@example.com', nickname: null },
              role: 'brand_manager',
              brand: { id: '0190a0b0-0000-7000-8000-0000000000a9', slug: 'neon-arcade', name: 'Neon Arcade' },
              createdAt: '2026-12-03T06:00:00.000Z',
            },
          }),
          // A held payment has no page of its own: its link is the list of resolved ones.
          entry({
            id: '0190a0b0-0000-7000-8000-0000000000f5',
            action: 'resolve',
            entityType: 'payment_event',
            entityId: 'card:evt_held_1',
            after: { note: 'Refunded in the dashboard.' },
          }),
        ]),
      }),
    );
    renderApp('/console/audit-log');

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByRole('link', { name: 'Drop ticket' })).toHaveAttribute(
      'href',
      `/console/ticket-kinds/${kindId}`,
    );
    expect(within(table).getByRole('link', { name: 'Dragon' })).toHaveAttribute(
      'href',
      `/console/products/${productId}`,
    );
    expect(within(table).getByRole('link', { name: '$100.00 to First Bank •••• 6789' })).toHaveAttribute(
      'href',
      `/console/withdrawals/${withdrawalId}`,
    );
    expect(within(table).getByRole('link', { name: 'Neon Tides · Round 2' })).toHaveAttribute(
      'href',
      `/console/drops/${dropId}#round-access-${roundId}`,
    );
    expect(within(table).getByRole('link', { name: 'card:evt_held_1' })).toHaveAttribute(
      'href',
      '/console/payment-reviews?state=resolved',
    );
    expect(within(table).getByText('ada@example.com · Brand manager of Neon Arcade')).toBeInTheDocument();
    expect(within(table).queryByText('0190a0b0-0000-7000-8000-0000000000a7')).toBeNull();
    expect(within(table).queryByText(kindId)).toBeNull();

    // An entry's changes, field by field in words: a reason absent before and null after is no change.
    const withdrawalRow = within(table).getByRole('link', { name: '$100.00 to First Bank •••• 6789' }).closest('tr')!;
    await userEvent.setup().click(within(withdrawalRow).getByRole('button', { name: 'Changes' }));
    const details = document.getElementById('audit-0190a0b0-0000-7000-8000-0000000000f4')!;
    const status = within(details).getByRole('rowheader', { name: 'Status' }).closest('tr')!;
    expect(
      within(status)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Submitted', 'Approved']);
    expect(within(details).queryByRole('rowheader', { name: 'Failure reason' })).toBeNull();
    expect(within(details).getByText('2 unchanged fields')).toBeInTheDocument();
  });

  it('says the table is busy while another kind is read, and not once it has come', async () => {
    const products = deferred<Response>();
    adminConsole((path) =>
      new URLSearchParams(path.split('?')[1]).get('entityType') === 'product'
        ? products.promise
        : json(200, { data: page([entry({ after: { name: 'Dragon' } })]) }),
    );
    renderApp('/console/audit-log');

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(table).not.toHaveAttribute('aria-busy');
    await userEvent.setup().selectOptions(screen.getByLabelText('Kind'), 'product');
    // The last page stays in view, marked busy, until the new one comes.
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'));
    products.resolve(json(200, { data: page([entry({ after: { name: 'Phoenix' } })]) }));
    expect(await within(table).findByRole('link', { name: 'Phoenix' })).toBeInTheDocument();
    expect(table).not.toHaveAttribute('aria-busy');
  });

  // Review: a page past the end (`?page=99` with 40 changes) said "No changes yet", with no way back.
  it('leads back to the last page of the kind chosen from an address past the end', async () => {
    adminConsole((path) =>
      json(200, { data: page([], { page: Number(queryOf(path).get('page')), size: 25, total: 40 }) }),
    );
    renderApp('/console/audit-log?type=banner&page=99');

    expect(await screen.findByRole('heading', { name: 'This page is past the end' })).toBeInTheDocument();
    expect(screen.getByText('The changes of this kind fill 2 pages.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      '/console/audit-log?type=banner&page=2',
    );
    expect(screen.queryByText('No changes yet')).toBeNull();
  });

  // Review: the changes showed "2027-01-01T08:30:00.000Z" under the row's "Dec 6, 2026, 3:30 AM UTC", and money as JSON.
  it('shows the changes as the console writes them: times with their zone, money, counts, yes or no, names', async () => {
    const unchanged = {
      brand: { id: '0190a0b0-0000-7000-8000-0000000000b1', slug: 'neon-arcade', name: 'Neon Arcade' },
      benefits: ['Early access', 'Free shipping'],
      updatedAt: '2026-12-06T03:31:34.171Z',
    };
    adminConsole(() =>
      json(200, {
        data: page([
          entry({
            action: 'update',
            entityType: 'pass',
            entityName: 'Gold pass',
            before: {
              ...unchanged,
              price: { amount: 1250, currency: 'USD' },
              credit: { amount: 500, currency: 'CYP' },
              supply: 1000,
              startsAt: null,
              isGiftable: false,
              limits: { perPerson: 2, perDay: 1 },
              rounds: [],
            },
            after: {
              ...unchanged,
              price: { amount: 1500, currency: 'USD' },
              credit: { amount: 700, currency: 'CYP' },
              supply: 10000,
              startsAt: '2027-01-01T08:30:00.000Z',
              isGiftable: true,
              limits: { perPerson: 3, perDay: 1 },
              rounds: [
                { name: 'Presale', price: { amount: 1000, currency: 'USD' }, startsAt: '2027-01-01T08:30:00.000Z' },
              ],
            },
            createdAt: '2026-12-06T03:30:00.000Z',
          }),
        ]),
      }),
    );
    renderApp('/console/audit-log?type=pass');

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('Dec 6, 2026, 3:30 AM UTC')).toBeInTheDocument();
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Changes' }));
    const details = document.getElementById('audit-0190a0b0-0000-7000-8000-0000000000f1')!;
    const changeOf = (field: string) =>
      within(within(details).getByRole('rowheader', { name: field }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(changeOf('Starts at')).toEqual(['—', 'Jan 1, 2027, 8:30 AM UTC']);
    expect(changeOf('Price')).toEqual(['$12.50', '$15.00']);
    // At the server's decimals for CYP (none here), as the ledger writes it.
    await waitFor(() => expect(changeOf('Credit')).toEqual(['500 CYP', '700 CYP']));
    expect(changeOf('Supply')).toEqual(['1,000', '10,000']);
    expect(changeOf('Is giftable')).toEqual(['No', 'Yes']);
    expect(changeOf('Limits')).toEqual(['Per person: 2\nPer day: 1', 'Per person: 3\nPer day: 1']);
    expect(changeOf('Rounds')).toEqual(['—', 'Name: Presale · Price: $10.00 · Starts at: Jan 1, 2027, 8:30 AM UTC']);

    const unchangedOf = (field: string) => within(details).getByText(field, { selector: 'dt' }).nextElementSibling;
    expect(unchangedOf('Updated at')).toHaveTextContent('Dec 6, 2026, 3:31 AM UTC');
    expect(unchangedOf('Brand')).toHaveTextContent(/^Neon Arcade$/);
    expect(unchangedOf('Benefits')).toHaveTextContent('Early access, Free shipping');
    expect(details).not.toHaveTextContent(/[{}"]|\d{4}-\d{2}-\d{2}T/);
  });
  // Session 73's money hunt: a withdrawal's change read "submitted → rejected", a resolved payment "Reason:
  // amount_mismatch", where the console says "Submitted" and "Paid a different amount" everywhere else.
  it('says the states and reasons it records in the console’s words', async () => {
    adminConsole(() =>
      json(200, {
        data: page([
          entry({
            id: '0190a0b0-0000-7000-8000-0000000000f3',
            action: 'reject',
            entityType: 'withdrawal',
            entityId: withdrawalId,
            before: { status: 'submitted' },
            after: { status: 'rejected' },
          }),
          entry({
            id: '0190a0b0-0000-7000-8000-0000000000f4',
            action: 'resolve',
            entityType: 'payment_event',
            entityId: 'card:evt_1',
            before: { resolvedAt: null },
            after: { reason: 'amount_mismatch', received: { amount: 999, currency: 'USD' }, note: 'Refunded' },
          }),
        ]),
      }),
    );
    renderApp('/console/audit-log');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const user = userEvent.setup();
    const [openWithdrawal, openPayment] = within(table).getAllByRole('button', { name: 'Changes' });
    await user.click(openWithdrawal!);
    const withdrawal = document.getElementById('audit-0190a0b0-0000-7000-8000-0000000000f3')!;
    expect(
      within(within(withdrawal).getByRole('rowheader', { name: 'Status' }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Submitted', 'Rejected']);
    await user.click(openPayment!);
    const payment = document.getElementById('audit-0190a0b0-0000-7000-8000-0000000000f4')!;
    const afterOf = (field: string) =>
      within(within(payment).getByRole('rowheader', { name: field }).closest('tr')!).getAllByRole('cell')[1]!
        .textContent;
    expect(afterOf('Reason')).toBe('Paid a different amount');
    expect(afterOf('Received')).toBe('$9.99');
  });
});
