import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DEPOSIT_MAX_CENTS, DEFAULT_DEPOSIT_MIN_CENTS } from '@cypher/contract';
import { startSession } from '../../lib/session.ts';
import { balances, dropIds, order, usd } from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

type Route = (request: SentRequest) => Response | undefined;

function signedInWallet(route: Route = () => undefined) {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi((request) => {
    const answer = route(request);
    if (answer) return answer;
    const path = request.path.split('?')[0];
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
    if (path === '/v1/balances/my') return json(200, { data: balances(0) });
    if (path === '/v1/cards' || path === '/v1/tilia/payment-methods') return json(200, { data: [] });
    if (path === '/v1/deposits/limits') {
      return json(200, { data: { minimum: usd(DEFAULT_DEPOSIT_MIN_CENTS), maximum: usd(DEFAULT_DEPOSIT_MAX_CENTS) } });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

const ordersPage = (items: unknown[]) => json(200, { data: { items, page: 1, size: 10, total: items.length } });

afterEach(() => sessionStorage.clear());

describe('payment page: purchases', () => {
  it('lists my orders, each opening to its receipt and the order page', async () => {
    const sent = signedInWallet((request) =>
      request.path.startsWith('/v1/orders?')
        ? ordersPage([
            order(),
            order({
              id: '0190a0b0-0000-7000-8000-00000000e002',
              status: 'TIMED_OUT',
              paymentMethod: 'CARD',
              quantity: 2,
              receipt: null,
            }),
            // Ended by its buyer: nothing failed, and it says so.
            order({
              id: '0190a0b0-0000-7000-8000-00000000e003',
              status: 'FAILED',
              failureReason: 'cancelled_by_buyer',
              paymentMethod: 'TILIA',
              receipt: null,
            }),
          ])
        : undefined,
    );
    renderApp('/payment?tab=purchases');
    const paid = await screen.findByRole('button', { name: /Neon Genesis.*Successful/ });
    expect(within(paid).getByText('$13.13')).toBeInTheDocument();
    expect(within(paid).getByText(/1 pack · Balance/)).toBeInTheDocument();
    expect(sent.some((request) => request.path === '/v1/orders?page=1&size=10')).toBe(true);

    const user = userEvent.setup();
    await user.click(paid);
    const receipt = screen.getByRole('region', { name: 'Receipt' });
    const value = (term: string) => within(receipt).getByText(term).nextElementSibling?.textContent;
    expect(value('Payment ID')).toBe('pay_0190neon');
    expect(value('Subtotal')).toBe('$12.50');
    expect(value('Service fee')).toBe('$0.63');
    expect(value('Total paid')).toBe('$13.13');
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', `/purchase/${dropIds.order}`);

    await user.click(screen.getByRole('button', { name: /Neon Genesis.*Timed out/ }));
    expect(screen.getByText('No payment was taken for this order, so it has no receipt.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Neon Genesis.*Cancelled/ })).toBeInTheDocument();
  });

  it('says what became of a payment the order could not take: held for a refund, then reviewed', async () => {
    signedInWallet((request) =>
      request.path.startsWith('/v1/orders?')
        ? ordersPage([
            order({
              status: 'FAILED',
              failureReason: 'amount_mismatch',
              paymentMethod: 'CARD',
              heldPayment: { resolvedAt: '2026-11-22T15:00:00.000Z' },
              receipt: null,
            }),
          ])
        : undefined,
    );
    renderApp('/payment?tab=purchases');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Neon Genesis.*Failed/ }));
    expect(
      screen.getByText(
        'The order could not take the payment that arrived, so it has no receipt. On Nov 22, 2026, our team finished reviewing the money that arrived: if a refund was due, it went back through your payment provider.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No payment was taken/)).toBeNull();
  });

  it('says there are no purchases yet and points at the drops', async () => {
    signedInWallet((request) => (request.path.startsWith('/v1/orders?') ? ordersPage([]) : undefined));
    renderApp('/payment?tab=purchases');
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse drops' })).toHaveAttribute('href', '/drops');
  });

  it('shows an error with a retry when the purchases cannot be loaded', async () => {
    let isDown = true;
    signedInWallet((request) =>
      request.path.startsWith('/v1/orders?')
        ? isDown
          ? apiFailure(503, 'SERVICE_UNAVAILABLE')
          : ordersPage([order()])
        : undefined,
    );
    renderApp('/payment?tab=purchases');
    expect(await screen.findByText('We could not load your purchases')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Neon Genesis/ })).toBeInTheDocument();
  });
});

describe('payment page: back to the drop after adding funds', () => {
  const returnTo = `/drops/${dropIds.drop}?buy=1`;
  const deposit = () =>
    json(200, {
      data: {
        id: 'dep-1',
        method: 'card',
        status: 'succeeded',
        amount: usd(2_500),
        createdAt: '2026-11-22T08:00:00.000Z',
        updatedAt: '2026-11-22T08:00:05.000Z',
        failureReason: null,
        paymentMethod: 'Visa •••• 4242',
        checkoutUrl: null,
        expiresAt: null,
        orderId: null,
        heldPayment: null,
      },
    });

  it('keeps the drop across the checkout and offers it once the funds are in', async () => {
    signedInWallet((request) => (request.path === '/v1/deposits/dep-1' ? deposit() : undefined));
    const first = renderApp(`/payment?tab=add&returnTo=${encodeURIComponent(returnTo)}`);
    expect(await screen.findByRole('tab', { name: 'Add funds', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('You will come back afterwards')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the drop' })).toHaveAttribute('href', returnTo);
    first.unmount();

    // The provider's checkout sends the person back to /payment?deposit=<id>, without the drop in the address.
    renderApp('/payment?deposit=dep-1');
    expect(await screen.findByText('Funds added')).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to the drop' });
    expect(back).toHaveAttribute('href', returnTo);
    await userEvent.setup().click(back);
    expect(sessionStorage.length).toBe(0);
  });

  it.each(['https://evil.example/drops/x', '//evil.example', '/signin'])(
    'ignores a return path off this site: %s',
    async (target) => {
      signedInWallet((request) => (request.path === '/v1/deposits/dep-1' ? deposit() : undefined));
      renderApp(`/payment?tab=add-funds&returnTo=${encodeURIComponent(target)}`);
      expect(await screen.findByLabelText(/Amount \(USD\)/)).toBeInTheDocument();
      expect(screen.queryByText('You will come back afterwards')).toBeNull();
      expect(sessionStorage.length).toBe(0);
    },
  );
});
