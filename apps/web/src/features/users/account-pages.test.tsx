import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetCountryRestriction } from '../../lib/country-restriction.ts';
import { getSession, startSession } from '../../lib/session.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { formatDateTimeWithZone } from '../../lib/format.ts';
import { renderApp } from '../../test/render-app.tsx';

const CHECK = '/v1/users/authentications/check-password';
const DELETE_REQUEST = '/v1/users/delete-request';

afterEach(() => {
  resetCountryRestriction();
  vi.useRealTimers();
});

describe('account deletion', () => {
  it('lists what the account still holds when the request is refused', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const sent = stubApi((request) => {
      if (request.path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
      if (request.path === CHECK) return json(200, { data: { reauthenticatedUntil: '2026-11-22T04:30:00.000Z' } });
      if (request.path === DELETE_REQUEST) {
        return json(409, {
          code: 'ACCOUNT_HAS_ASSETS',
          message: 'assets',
          details: [{ field: 'balance', message: 'Your balance still holds 12.50 USD.' }],
        });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/delete');
    const user = userEvent.setup();
    // Passes and tickets do not hold the deletion up (they have no way out of an account, and a ticket may come back
    // by itself), so the page says before anything that they end with it (session 71's hunt and its review).
    expect(
      await screen.findByText(/Passes and tickets you hold, bought or given, end with the account/),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'Collector#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Your account still holds assets')).toBeInTheDocument();
    expect(screen.getByText('Your balance still holds 12.50 USD.')).toBeInTheDocument();
    expect(sent.find((request) => request.path === CHECK)?.body).toEqual({ password: 'Collector#2026' });
    expect(getSession().isLoggedIn).toBe(true);
  });

  it('shows a payment still in progress among what blocks the request', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const inProgress = 'A payment of $500.00 you started is still in progress. Wait until it completes or expires.';
    stubApi((request) => {
      if (request.path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada' }) });
      if (request.path === CHECK) return json(200, { data: { reauthenticatedUntil: '2026-11-22T04:30:00.000Z' } });
      if (request.path === DELETE_REQUEST) {
        return json(409, {
          code: 'ACCOUNT_HAS_ASSETS',
          message: 'assets',
          details: [{ field: 'deposits', message: inProgress }],
        });
      }
      if (request.path === '/v1/deposits?isOpen=true&size=50') {
        return json(200, {
          data: {
            items: [
              {
                id: 'dep-1',
                method: 'card',
                status: 'pending',
                amount: { amount: 50_000, currency: 'USD' },
                createdAt: '2026-11-22T04:00:00.000Z',
                updatedAt: '2026-11-22T04:00:00.000Z',
                failureReason: null,
                paymentMethod: null,
                checkoutUrl: 'https://checkout.example/pay/dep-1',
                expiresAt: '2026-11-22T04:30:00.000Z',
                orderId: null,
                heldPayment: null,
              },
              {
                id: 'dep-2',
                method: 'card',
                status: 'pending',
                amount: { amount: 2_100, currency: 'USD' },
                createdAt: '2026-11-22T04:05:00.000Z',
                updatedAt: '2026-11-22T04:05:00.000Z',
                failureReason: null,
                paymentMethod: null,
                checkoutUrl: 'https://checkout.example/pay/dep-2',
                expiresAt: '2026-11-22T04:15:00.000Z',
                orderId: 'order-2',
                heldPayment: null,
              },
            ],
            page: 1,
            size: 50,
            total: 2,
          },
        });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/delete');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'Collector#2026');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    const blocked = (await screen.findByText(inProgress)).closest('li')!;
    expect(blocked).toHaveTextContent(`Payments in progress: ${inProgress}`);
    // The payments are listed on the payment page, with when each expires and the way back to its checkout.
    await user.click(within(blocked).getByRole('link', { name: 'See them and when they expire' }));
    const list = await screen.findByRole('list', { name: 'Payments in progress' });
    const [topUp, purchase] = within(list).getAllByRole('listitem');
    expect(topUp).toHaveTextContent('$500.00');
    expect(topUp).toHaveTextContent(/Expires/);
    expect(within(topUp!).getByRole('link', { name: 'Continue to payment' })).toHaveAttribute(
      'href',
      'https://checkout.example/pay/dep-1',
    );
    // Helper's finding, session 68: a purchase's checkout read as money being added; it says what it pays.
    expect(purchase).toHaveTextContent('Card payment for a purchase');
    expect(within(purchase!).getByRole('link', { name: 'See the purchase' })).toHaveAttribute(
      'href',
      '/purchase/order-2/status',
    );
    expect(within(topUp!).queryByRole('link', { name: 'See the purchase' })).toBeNull();
  });

  it('shows the deletion-in-progress screen on every route, and cancelling brings the page back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-25T09:00:00.000Z'));
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    let isDeleteRequested = true;
    stubApi((request) => {
      if (request.path === '/v1/users/my') {
        return json(200, {
          data: myUser({
            nickname: 'Ada',
            isDeleteRequestedAccount: isDeleteRequested,
            deletionScheduledAt: isDeleteRequested ? '2026-11-29T12:00:00.000Z' : null,
          }),
        });
      }
      if (request.path === '/v1/users/delete-revoke') {
        isDeleteRequested = false;
        return json(200, { data: myUser({ nickname: 'Ada' }) });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/guide');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is being deleted' })).toBeInTheDocument();
    // Deleted seven days after the request, on the day the record gives, with its zone (12:00 UTC is Nov 29 from
    // UTC−11 to UTC+11); the screen said "within seven days", as if it could come sooner.
    expect(screen.getByText(/^You asked for the account/)).toHaveTextContent(
      /Your account will be deleted on Nov 29, 2026, \d{1,2}:\d{2} [AP]M \S+\. Until then you can cancel the request\.$/,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Cancel deletion request' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Guide' })).toBeInTheDocument();
  });

  it('says why an account past its deletion day is still here, and how to go on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-29T12:30:00.000Z'));
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi((request) =>
      request.path === '/v1/users/my'
        ? json(200, {
            data: myUser({
              nickname: 'Ada',
              isDeleteRequestedAccount: true,
              deletionScheduledAt: '2026-11-29T12:00:00.000Z',
            }),
          })
        : apiFailure(404, 'NOT_FOUND'),
    );
    renderApp('/');
    const text = await screen.findByText(/^You asked for the account/);
    // Until the job's next run, it is still on its way.
    expect(text).toHaveTextContent(/Your account will be deleted on Nov 29, 2026/);
    // Past the job's next run, something came into the account that it must be emptied of first.
    await act(() => vi.advanceTimersByTimeAsync(61 * 60_000));
    expect(text).toHaveTextContent(
      /It was due on Nov 29, 2026, .+, but the account still holds something that must be emptied first, such as funds, packs or collectibles that arrived since, or a payment still in progress, which ends by itself\. Cancel the request to see and empty it, then ask again\.$/,
    );
  });
});

describe('country restriction', () => {
  it('replaces the page with the region screen once the API answers 499', async () => {
    stubApi(() => apiFailure(499, 'COUNTRY_RESTRICTED'));
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available in your region' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('banner')).toBeNull());
  });
});

describe('connected accounts', () => {
  it('names when Discord may be connected again after a disconnect, with Connect off until then', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const sent = stubApi((request) => {
      if (request.path === '/v1/users/my') {
        return json(200, {
          data: myUser({ nickname: 'Ada', discordReconnectAvailableAt: '2026-12-14T17:06:00.000Z' }),
        });
      }
      return apiFailure(404, 'NOT_FOUND');
    });
    renderApp('/account/connect');
    const connect = await screen.findByRole('button', { name: 'Connect Discord' });
    expect(connect).toBeDisabled();
    // With its zone, as the API's refusal names UTC.
    expect(connect).toHaveAccessibleDescription(
      `You can connect Discord again on ${formatDateTimeWithZone('2026-12-14T17:06:00.000Z')}.`,
    );
    expect(sent.some((request) => request.path.includes('/oauth/discord'))).toBe(false);
  });

  it('offers Connect when no wait is running', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    stubApi((request) =>
      request.path === '/v1/users/my' ? json(200, { data: myUser({ nickname: 'Ada' }) }) : apiFailure(404, 'NOT_FOUND'),
    );
    renderApp('/account/connect');
    expect(await screen.findByRole('button', { name: 'Connect Discord' })).toBeEnabled();
    expect(screen.queryByText(/You can connect Discord again/)).toBeNull();
  });
});
