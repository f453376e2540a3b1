import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAuditEntry } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { consoleMe, page, pathnameOf } from '../../test/catalog-fixtures.ts';
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
    ).toEqual(['submitted', 'approved']);
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
});
