import { errorCatalogue, type TPaymentReview } from '@cypher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { consoleMe, pathnameOf, queryOf } from '../../test/catalog-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { expectAdminOnlySection } from '../../test/admin-only-section.ts';
import { renderApp } from '../../test/render-app.tsx';

// A journey here opens a dialog and types a note: on a busy machine that takes longer than five seconds.
const JOURNEY_MS = 30_000;

const admin = consoleMe({ roles: ['admin'], isAdmin: true, brands: [] });
const fan = { id: '0190a0b0-0000-7000-8000-0000000000a1', email: 'fan@example.com', nickname: 'AdaFan' };
const adminPerson = { id: '0190a0b0-0000-7000-8000-0000000000a9', email: 'admin@example.com', nickname: 'Admin' };

function review(changes: Partial<TPaymentReview> = {}): TPaymentReview {
  return {
    provider: 'card',
    eventId: 'evt_mismatch_1',
    reason: 'amount_mismatch',
    received: { amount: 2600, currency: 'USD' },
    deposit: {
      id: '0190a0b0-0000-7000-8000-0000000000d1',
      amount: { amount: 2500, currency: 'USD' },
      status: 'pending',
    },
    user: fan,
    receivedAt: '2026-11-21T10:00:00.000Z',
    resolution: null,
    ...changes,
  };
}

/**
 * An admin console over a small in-memory payment-reviews API that answers like the real one: open ones first, then
 * newest first, by state, a page at a time; `resolve` answers the POSTs.
 */
function consoleWithReviews(
  rows: TPaymentReview[],
  options: { me?: typeof admin; resolve?: (request: SentRequest) => Response; list?: () => Response } = {},
): SentRequest[] {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return stubApi((request) => {
    const path = pathnameOf(request.path);
    if (path === '/v1/users/my') return json(200, { data: myUser({ isOperator: true }) });
    if (path === '/v1/console/me') return json(200, { data: options.me ?? admin });
    if (path === '/v1/console/payment-reviews' && request.method === 'GET') {
      if (options.list) return options.list();
      const query = queryOf(request.path);
      const size = Number(query.get('size') ?? 20);
      const number = Number(query.get('page') ?? 1);
      const state = query.get('state');
      const matching = rows
        .filter((row) => !state || (state === 'open') === (row.resolution === null))
        .sort(
          (a, b) =>
            Number(a.resolution !== null) - Number(b.resolution !== null) || b.receivedAt.localeCompare(a.receivedAt),
        );
      const items = matching.slice((number - 1) * size, number * size);
      return json(200, { data: { items, page: number, size, total: matching.length } });
    }
    if (path.startsWith('/v1/console/payment-reviews/') && request.method === 'POST' && options.resolve) {
      return options.resolve(request);
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

describe('console payments for review', () => {
  it('is a section for admins, and closed to brand managers even by its address', async () => {
    await expectAdminOnlySection({
      link: 'Payments for review',
      path: '/console/payment-reviews',
      api: '/v1/console/payment-reviews',
      stubForAdmin: () => consoleWithReviews([]),
      stubForBrandManager: () => consoleWithReviews([review()], { me: consoleMe() }),
    });
  });

  it('lists each payment with its reason in words, the amounts as money, the person and the date', async () => {
    const sent = consoleWithReviews([
      review(),
      review({
        provider: 'crypto',
        eventId: 'evt_unknown_1',
        reason: 'unknown_reference',
        received: { amount: 123450, currency: 'USD' },
        deposit: null,
        user: null,
        receivedAt: '2026-11-22T10:00:00.000Z',
      }),
      review({
        eventId: 'evt_failed_1',
        reason: 'deposit_failed',
        received: null,
        deposit: {
          id: '0190a0b0-0000-7000-8000-0000000000d2',
          amount: { amount: 900, currency: 'USD' },
          status: 'failed',
        },
        receivedAt: '2026-11-23T10:00:00.000Z',
        resolution: { note: 'Refunded in the Stripe dashboard.', by: adminPerson, at: '2026-11-24T10:00:00.000Z' },
      }),
      review({ eventId: 'evt_deleted_1', reason: 'account_deleted', receivedAt: '2026-11-20T10:00:00.000Z' }),
    ]);
    const user = userEvent.setup();
    renderApp('/console/payment-reviews');

    const table = await screen.findByRole('table', { name: 'Payments for review' });
    const [, first, second, third, fourth] = within(table).getAllByRole('row');
    expect(within(first!).getByText('No deposit matches')).toBeInTheDocument();
    expect(within(first!).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(first!).getByText('Unknown')).toBeInTheDocument();
    expect(within(first!).getByText(/Crypto · evt_unknown_1/)).toBeInTheDocument();
    // In their columns, and (for phones, where those columns are left out) under the reason; the time with its zone,
    // as every console time (the suites run in UTC).
    expect(within(first!).getByText('Nov 22, 2026, 10:00 AM UTC')).toBeInTheDocument();
    expect(within(first!).getByText(/^\$1,234\.50 received · Nov 22, 2026, 10:00 AM UTC$/)).toBeInTheDocument();
    expect(within(second!).getByText('Paid a different amount')).toBeInTheDocument();
    expect(within(second!).getByText('$26.00')).toBeInTheDocument();
    expect(within(second!).getByText('$25.00')).toBeInTheDocument();
    expect(within(second!).getByText('AdaFan')).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Resolve payment evt_mismatch_1' })).toBeInTheDocument();
    expect(within(third!).getByText('Account deleted')).toBeInTheDocument();
    // The resolved one comes last, with what was done, by whom, and no button.
    expect(within(fourth!).getByText('Paid after its deposit failed')).toBeInTheDocument();
    expect(within(fourth!).getByText('Amount not recorded')).toBeInTheDocument();
    expect(within(fourth!).getByText(/^Amount not recorded · /)).toBeInTheDocument();
    expect(within(fourth!).getByText('Refunded in the Stripe dashboard.')).toBeInTheDocument();
    expect(within(fourth!).getByText(/Admin \(admin@example\.com\)/)).toBeInTheDocument();
    expect(within(fourth!).queryByRole('button')).toBeNull();

    const listQueries = () =>
      new Set(
        sent
          .filter((request) => pathnameOf(request.path) === '/v1/console/payment-reviews')
          .map((request) => {
            const query = queryOf(request.path);
            query.sort();
            return query.toString();
          }),
      );
    expect(listQueries()).toEqual(new Set(['page=1&size=20']));

    const filters = screen.getByRole('navigation', { name: 'Review state' });
    await user.click(within(filters).getByRole('link', { name: 'Resolved' }));
    await waitFor(() => expect(listQueries()).toContain('page=1&size=20&state=resolved'));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Payments for review' })).getAllByRole('row')).toHaveLength(2),
    );
  });

  // Console review (finding 2): the API refuses an admin the payment on their own deposit (OWN_REVIEW_NOT_ALLOWED).
  it('offers no Resolve on a payment for the admin’s own deposit, and says why; other people’s keep theirs', async () => {
    const own = { id: admin.userId, email: admin.email, nickname: admin.nickname };
    consoleWithReviews([review(), review({ eventId: 'evt_own_1', user: own, receivedAt: '2026-11-22T10:00:00.000Z' })]);
    renderApp('/console/payment-reviews');

    const table = await screen.findByRole('table', { name: 'Payments for review' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText(/evt_own_1/)).toBeInTheDocument();
    expect(within(first!).getByText('Another admin must review your own payment.')).toBeInTheDocument();
    expect(within(first!).queryByRole('button')).toBeNull();
    expect(within(second!).getByRole('button', { name: 'Resolve payment evt_mismatch_1' })).toBeInTheDocument();
  });

  it('says so when there is nothing to review, and offers a retry when the list cannot be read', async () => {
    consoleWithReviews([]);
    const { unmount } = renderApp('/console/payment-reviews');
    expect(await screen.findByRole('heading', { name: 'No payments for review' })).toBeInTheDocument();
    unmount();

    let fails = true;
    consoleWithReviews([review()], {
      list: () =>
        fails
          ? apiFailure(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Please try again.')
          : json(200, { data: { items: [review()], page: 1, size: 20, total: 1 } }),
    });
    const user = userEvent.setup();
    renderApp('/console/payment-reviews');
    expect(
      await screen.findByRole('heading', { name: 'We could not load the payments for review' }),
    ).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Payments for review' })).toBeInTheDocument();
  });

  it(
    'asks for a note before resolving, posts it, and shows the payment resolved',
    async () => {
      const rows = [review()];
      const sent = consoleWithReviews(rows, {
        resolve: ({ body }) => {
          rows[0] = {
            ...rows[0]!,
            resolution: { note: (body as { note: string }).note, by: adminPerson, at: '2026-11-25T10:00:00.000Z' },
          };
          return json(200, { data: rows[0] });
        },
      });
      const user = userEvent.setup();
      renderApp('/console/payment-reviews');

      await user.click(await screen.findByRole('button', { name: 'Resolve payment evt_mismatch_1' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark this payment resolved?' });
      expect(
        within(dialog).getByText(/refunds nothing: make the refund in the provider’s dashboard/),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
      expect(await within(dialog).findByText('Please say what was done about this payment.')).toBeInTheDocument();
      expect(sent.some((request) => request.method === 'POST')).toBe(false);

      await user.type(within(dialog).getByLabelText(/^What was done/), 'Refunded $26.00 in the Stripe dashboard.');
      await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));

      await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
      const post = sent.find((request) => request.method === 'POST')!;
      expect(pathnameOf(post.path)).toBe('/v1/console/payment-reviews/card/evt_mismatch_1/resolve');
      expect(post.body).toEqual({ note: 'Refunded $26.00 in the Stripe dashboard.' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText('Refunded $26.00 in the Stripe dashboard.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Resolve payment evt_mismatch_1' })).toBeNull();
    },
    JOURNEY_MS,
  );

  it(
    'tells the operator when someone else resolved it first, and shows what they recorded',
    async () => {
      const rows = [review()];
      consoleWithReviews(rows, {
        resolve: () => {
          rows[0] = {
            ...rows[0]!,
            resolution: { note: 'Refunded by the other admin.', by: adminPerson, at: '2026-11-25T10:00:00.000Z' },
          };
          return apiFailure(409, 'PAYMENT_REVIEW_ALREADY_RESOLVED');
        },
      });
      const user = userEvent.setup();
      renderApp('/console/payment-reviews');

      await user.click(await screen.findByRole('button', { name: 'Resolve payment evt_mismatch_1' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark this payment resolved?' });
      await user.type(within(dialog).getByLabelText(/^What was done/), 'Refunded.');
      await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));

      expect(
        await within(dialog).findByText(errorCatalogue.PAYMENT_REVIEW_ALREADY_RESOLVED.message),
      ).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Mark resolved' })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText('Refunded by the other admin.')).toBeInTheDocument();
    },
    JOURNEY_MS,
  );
});
