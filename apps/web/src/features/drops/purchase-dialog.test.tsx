import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, type TMyBalances } from '@cypher/contract';
import { startAnalytics } from '../../lib/analytics.ts';
import { startSession } from '../../lib/session.ts';
import { balances, drop, dropIds, orderFee, policy } from '../../test/drops-fixtures.ts';
import { apiFailure, deferred, json, myUser, stubApi, type SentRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { stubLocationAssign } from '../../test/stub-location.ts';

const dropUrl = `/drops/${dropIds.drop}`;
type Route = (request: SentRequest) => Response | Promise<Response> | undefined;

/** A signed-in buyer with `balance` on a drop whose round 1 is on sale; `route` answers first. */
function buyer({
  balance = balances(10_000),
  route = () => undefined,
  isEmailVerified = true,
}: { balance?: TMyBalances; route?: Route; isEmailVerified?: boolean } = {}) {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  return stubApi(async (request) => {
    const answer = await route(request);
    if (answer) return answer;
    const [path, query = ''] = request.path.split('?');
    if (path === '/v1/users/my') return json(200, { data: myUser({ nickname: 'Ada', isEmailVerified }) });
    if (path === `/v1/drops/${dropIds.drop}`) {
      return json(200, { data: drop({ viewer: { isWhitelisted: true, remaining: 2, purchasedCount: 0 } }) });
    }
    if (path === '/v1/balances/my') return json(200, { data: balance });
    if (path === '/v1/orders/fee') {
      return json(200, { data: orderFee(Number(new URLSearchParams(query).get('quantity'))) });
    }
    return apiFailure(404, 'NOT_FOUND');
  });
}

function idempotencyKeysSentTo(path: string): Array<string | null> {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url, init]) => String(url) === path && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
}

async function openPopup() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.click(await screen.findByRole('button', { name: 'Buy packs' }));
  const dialog = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
  await within(dialog).findByText('Total');
  return { user, dialog };
}

/**
 * A buyer presses Pay in the popup its address opened, and the page reloads while the order is on its way (the test
 * unmounts it): that first order is never answered here, every later one is answered SUCCESSFUL. The balance is read
 * as `balance()` says at each request. A fresh popup says nothing of an earlier payment.
 */
async function payWhoseAnswerIsLost({
  balance = () => balances(10_000),
  route = () => undefined,
}: { balance?: () => TMyBalances; route?: Route } = {}) {
  const orders: SentRequest[] = [];
  buyer({
    route: (request) => {
      const answer = route(request);
      if (answer) return answer;
      if (request.path === '/v1/balances/my') return json(200, { data: balance() });
      if (request.path !== '/v2/orders') return undefined;
      orders.push(request);
      return orders.length === 1
        ? deferred<Response>().promise
        : json(201, { data: { id: dropIds.order, status: 'SUCCESSFUL', checkoutUrl: null } });
    },
  });
  const page = renderApp(`${dropUrl}?buy=1`);
  const dialog = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
  await within(dialog).findByText('Total');
  expect(within(dialog).queryByText(/may have gone through/)).toBeNull();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.click(within(dialog).getByRole('button', { name: /Pay now/ }));
  await waitFor(() => expect(orders).toHaveLength(1));
  page.unmount();
  return { user, orders };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-11-22T18:30:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('purchase popup', () => {
  it('shows the unit price in USD and CYP, the fee and the total, and prices again for another quantity', async () => {
    const sent = buyer();
    renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    const price = within(dialog).getByLabelText('Price');
    const value = (term: RegExp) => within(price).getByText(term).nextElementSibling?.textContent;
    expect(value(/^Unit price$/)).toBe('$12.50 (1,250.00 CYP)');
    expect(value(/^Service fee$/)).toBe('$0.63');
    expect(value(/^Total$/)).toBe('$13.13');
    expect(within(dialog).getByText('Balance payment available')).toBeInTheDocument();
    expect(within(dialog).getByText('Your balance is $100.00.')).toBeInTheDocument();

    const quantity = within(dialog).getByLabelText('Quantity');
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2']);
    await user.selectOptions(quantity, '2');
    await waitFor(() => expect(value(/^Total$/)).toBe('$26.25'));
    expect(sent.some((request) => request.path === `/v1/orders/fee?dropId=${dropIds.drop}&quantity=2`)).toBe(true);
  });

  it('says insufficient funds, with Add funds that carries the shortfall and comes back to this drop', async () => {
    buyer({ balance: balances(500) });
    const { router } = renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    expect(await within(dialog).findByText('Insufficient funds')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Your balance is $5.00; this order costs $13.13. Add funds, then come back to finish.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Pay now/ })).toBeDisabled();
    // Right under the total it is measured against, before the payment choices: in sight on a phone.
    const verdict = within(dialog).getByRole('alert');
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(within(dialog).getByLabelText('Price'), verdict)).toBe(true);
    expect(follows(verdict, within(dialog).getByRole('group', { name: 'Payment method' }))).toBe(true);

    await user.click(within(dialog).getByRole('link', { name: 'Add funds' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('tab')).toBe('add-funds');
    expect(params.get('returnTo')).toBe(`${dropUrl}?buy=1`);
    // What is missing, in cents ($13.13 - $5.00), so the amount comes filled in there.
    expect(params.get('shortfall')).toBe('813');
  });

  it('counts CYP credit toward the balance, the whole cents of it that pay first', async () => {
    // $5.00 of USD and 813.50 CYP of credit ($8.135 of it: $8.13 pays): exactly the $13.13 the order costs.
    const withCredit = balances(500);
    withCredit.cyp.nonWithdrawable = { amount: 81_350, currency: 'CYP' };
    buyer({ balance: withCredit });
    renderApp(dropUrl);
    const { dialog } = await openPopup();
    expect(await within(dialog).findByText('Balance payment available')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Your balance is $13.13, of which $8.13 is CYP credit (813.50 CYP), spent first.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Pay now/ })).toBeEnabled();
  });

  it('opens by itself on the way back from adding funds (?buy=1)', async () => {
    buyer();
    renderApp(`${dropUrl}?buy=1`);
    expect(await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' })).toBeInTheDocument();
  });

  // Session 78's drop-day hunt: the funds added were for two packs, and the popup came back with one.
  it('comes back from adding funds with the quantity that was short, and closing it clears that from the address', async () => {
    buyer({ balance: balances(1_500) });
    const first = renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    await user.selectOptions(within(dialog).getByLabelText('Quantity'), '2');
    await within(dialog).findByText('$26.25');
    await user.click(within(dialog).getByRole('link', { name: 'Add funds' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/payment'));
    const returnTo = new URLSearchParams(first.router.state.location.search).get('returnTo');
    expect(returnTo).toBe(`${dropUrl}?buy=1&quantity=2`);
    first.unmount();

    const back = renderApp(returnTo!);
    const again = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    expect(within(again).getByLabelText('Quantity')).toHaveValue('2');
    expect(await within(again).findByText('$26.25')).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(back.router.state.location.search).toBe(''));
  });

  // The review of session 78: paid from that address, the page under the status kept `?quantity=2`.
  it('leaves neither ?buy nor ?quantity under the purchase status once paid from the way back', async () => {
    buyer({
      route: (request) =>
        request.path === '/v2/orders'
          ? json(201, { data: { id: dropIds.order, status: 'SUCCESSFUL', checkoutUrl: null } })
          : undefined,
    });
    const { router } = renderApp(`${dropUrl}?buy=1&quantity=2`);
    const dialog = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    await within(dialog).findByText('$26.25');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(within(dialog).getByRole('button', { name: /Pay now/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe(dropUrl);
    expect(router.state.location.search).toBe('');
  });

  it('pays from the balance with an Idempotency-Key and goes to the purchase status', async () => {
    const orderId = dropIds.order;
    const sent = buyer({
      route: (request) =>
        request.path === '/v2/orders'
          ? json(201, { data: { id: orderId, status: 'SUCCESSFUL', checkoutUrl: null } })
          : undefined,
    });
    const { router } = renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    await user.click(within(dialog).getByRole('button', { name: 'Pay now · $13.13' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${orderId}/status`));
    expect(sent.filter((request) => request.path === '/v2/orders').map((request) => request.body)).toEqual([
      // The total Pay showed, as the one agreed: a price changed since is refused, never charged.
      {
        dropId: dropIds.drop,
        quantity: 1,
        paymentMethod: 'BALANCE',
        expectedTotal: { amount: 1_313, currency: 'USD' },
      },
    ]);
    expect(idempotencyKeysSentTo('/v2/orders')[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  // Session 62's hunt: with fewer packs left than chosen, the select showed the smaller number while the form kept the
  // larger one, and Pay answered "This number is too large." under it.
  it('follows fewer packs left: the choice shrinks with what the select shows, and Pay buys that', async () => {
    let remaining = 2;
    const sent = buyer({
      route: (request) => {
        const path = request.path.split('?')[0];
        if (path === `/v1/drops/${dropIds.drop}`) {
          const viewer = { isWhitelisted: true, remaining, purchasedCount: 2 - remaining };
          return json(200, { data: drop({ viewer }) });
        }
        if (path !== '/v2/orders') return undefined;
        if (remaining === 1) return json(201, { data: { id: dropIds.order, status: 'SUCCESSFUL', checkoutUrl: null } });
        remaining = 1;
        return apiFailure(409, 'NOT_ENOUGH_PACKS_LEFT');
      },
    });
    const { router } = renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    const quantity = () => within(dialog).getByLabelText(/Quantity/);
    await user.selectOptions(quantity(), '2');
    const pay = () => within(dialog).getByRole('button', { name: /^Pay now/ });
    await waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());
    expect(
      await within(dialog).findByText(
        'Fewer packs are left in this round than you asked for. Choose a smaller quantity.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(quantity()).toHaveValue('1'));
    await waitFor(() => expect(pay()).toBeEnabled());
    await user.click(pay());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
    expect(screen.queryByText('This number is too large.')).toBeNull();
    const quantities = sent.filter((request) => request.path === '/v2/orders').map((request) => request.body);
    expect(quantities).toMatchObject([{ quantity: 2 }, { quantity: 1 }]);
  });

  it('disables submit while sending, and keeps the key when retrying after a network failure', async () => {
    const answer = deferred<Response>();
    let posts = 0;
    buyer({
      route: (request) => {
        if (request.path !== '/v2/orders') return undefined;
        posts += 1;
        if (posts === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return answer.promise;
      },
    });
    const { router } = renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    await user.click(within(dialog).getByRole('button', { name: /Pay now/ }));
    expect(
      await within(dialog).findByText('We could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Pay now/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Pay now/ })).toHaveAttribute('aria-busy', 'true'),
    );
    // While it is sent, no way of closing the popup closes it, as Cancel is disabled (session 72's access hunt).
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'Buy packs of Neon Genesis' })).toBeInTheDocument();
    answer.resolve(json(201, { data: { id: dropIds.order, status: 'SUCCESSFUL', checkoutUrl: null } }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
    const [first, second] = idempotencyKeysSentTo('/v2/orders');
    expect(second).toBe(first);
  });

  // Session 78's drop-day hunt: the order went through but its answer was lost; the popup said "insufficient funds"
  // from the balance that order had spent, with Pay off, and nothing said the payment may have gone through.
  it('after a lost answer, says the payment may have gone through and checks it under the same key', async () => {
    let balance = balances(10_000);
    let posts = 0;
    buyer({
      route: (request) => {
        if (request.path === '/v1/balances/my') return json(200, { data: balance });
        if (request.path !== '/v2/orders') return undefined;
        posts += 1;
        if (posts > 1) return json(201, { data: { id: dropIds.order, status: 'SUCCESSFUL', checkoutUrl: null } });
        balance = balances(0);
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    const { router } = renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    await user.click(within(dialog).getByRole('button', { name: /Pay now/ }));
    expect(await within(dialog).findByText('Your last payment may have gone through')).toBeVisible();
    expect(within(dialog).getByText(/1 pack for \$13\.13\. It cannot be paid twice\./)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Check that payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
    const [first, second] = idempotencyKeysSentTo('/v2/orders');
    expect(second).toBe(first);
  });

  // Session 68's collector hunt: reloaded while Pay's order was on its way, the page opened the popup again by its
  // address (?buy=1), and Pay then sent the same order under a new key: a second purchase.
  it('retries under the same key after a reload while its order was on its way, and under a new one once answered', async () => {
    const { user } = await payWhoseAnswerIsLost();

    // The page loaded again, the popup with it: the same order is the same attempt.
    const second = renderApp(`${dropUrl}?buy=1`);
    const after = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    await within(after).findByText('Total');
    await user.click(within(after).getByRole('button', { name: /Pay now/ }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
    const [sentFirst, sentAgain] = idempotencyKeysSentTo('/v2/orders');
    expect(sentAgain).toBe(sentFirst);

    // Answered, the attempt is done: buying the same again is a new purchase.
    second.unmount();
    renderApp(`${dropUrl}?buy=1`);
    const third = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    await within(third).findByText('Total');
    await user.click(within(third).getByRole('button', { name: /Pay now/ }));
    await waitFor(() => expect(idempotencyKeysSentTo('/v2/orders')).toHaveLength(3));
    expect(idempotencyKeysSentTo('/v2/orders')[2]).not.toBe(sentFirst);
  });

  // Session 76's hunt: reloaded just after Pay, the popup opened afresh with "insufficient funds" from the balance
  // that order had spent, and nothing said it had gone through.
  it('after a reload that lost its answer, sends the same order again on request, though the balance is now short', async () => {
    let balance = balances(10_000);
    const { user, orders } = await payWhoseAnswerIsLost({ balance: () => balance });

    // The order went through: the balance it spent is gone, and Pay is off for want of funds.
    balance = balances(0);
    const second = renderApp(`${dropUrl}?buy=1`);
    const after = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    await within(after).findByText(/Insufficient funds/);
    expect(within(after).getByText('Your last payment may have gone through')).toBeVisible();
    expect(within(after).getByText(/1 pack for \$13\.13\. It cannot be paid twice\./)).toBeVisible();
    await user.click(within(after).getByRole('button', { name: 'Check that payment' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
    const [sentFirst, sentAgain] = idempotencyKeysSentTo('/v2/orders');
    expect(sentAgain).toBe(sentFirst);
    expect(orders[1]?.body).toEqual(orders[0]?.body);
  });

  // The review of session 76: after a reload the kept key went out with the fee read since, a body the API refuses
  // under that key (IDEMPOTENCY_KEY_REUSED), after which a new key could buy a second time.
  it('after a reload, Pay with the same choice sends the kept order with its agreed total, though the fee moved', async () => {
    let unitPrice = 1_250;
    const { user, orders } = await payWhoseAnswerIsLost({
      route: (request) =>
        request.path.startsWith('/v1/orders/fee?')
          ? json(200, {
              data: orderFee(Number(new URLSearchParams(request.path.split('?')[1]).get('quantity')), unitPrice),
            })
          : undefined,
    });

    unitPrice = 1_500;
    const second = renderApp(`${dropUrl}?buy=1`);
    const after = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    await within(after).findByText('$15.75');
    await user.click(within(after).getByRole('button', { name: /Pay now/ }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
    expect(orders[1]?.body).toEqual(orders[0]?.body);
    const [sentFirst, sentAgain] = idempotencyKeysSentTo('/v2/orders');
    expect(sentAgain).toBe(sentFirst);
  });

  it('shows a refusal with the catalogue message, keeps the choices, and tries again with a new key', async () => {
    let posts = 0;
    const sent = buyer({
      route: (request) => {
        if (request.path !== '/v2/orders') return undefined;
        posts += 1;
        return posts === 1 ? apiFailure(409, 'PURCHASE_LIMIT_REACHED', 'limit') : apiFailure(409, 'SOLD_OUT', 'gone');
      },
    });
    renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    await user.selectOptions(within(dialog).getByLabelText('Quantity'), '2');
    await within(dialog).findByText('$26.25');
    await user.click(within(dialog).getByRole('button', { name: /Pay now/ }));
    expect(
      await within(dialog).findByText('You have reached the number of packs one person may buy in this round.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Quantity')).toHaveValue('2');
    await user.click(within(dialog).getByRole('button', { name: /Pay now/ }));
    expect(await within(dialog).findByText('Sold out. Every pack of this round has been claimed.')).toBeInTheDocument();
    const [first, second] = idempotencyKeysSentTo('/v2/orders');
    expect(second).not.toBe(first);
    // The drop is read again after a refusal that says it moved.
    expect(sent.filter((request) => request.path === `/v1/drops/${dropIds.drop}`).length).toBeGreaterThan(1);
  });

  // Session 77's review: the quote itself was refused (the round sold out before the popup priced it), and the popup
  // said "We could not price this order" with a Try again that could only be refused again.
  it('on a quote refused because the round sold out, reads the drop again and says so, with no Try again', async () => {
    let isSoldOut = false;
    buyer({
      route: (request) => {
        if (request.path.startsWith('/v1/orders/fee')) {
          isSoldOut = true;
          return apiFailure(409, 'SOLD_OUT');
        }
        if (request.path === `/v1/drops/${dropIds.drop}` && isSoldOut) {
          const soldOut = drop({ salePolicies: [policy(1, { soldCount: 100 }), policy(2)] });
          return json(200, { data: { ...soldOut, viewer: { ...soldOut.viewer, isWhitelisted: true } } });
        }
        return undefined;
      },
    });
    const { router } = renderApp(`${dropUrl}?buy=1`);
    expect(await screen.findByText('These packs cannot be bought right now')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('These packs cannot be bought right now')).toBeNull();
  });

  it('shows a refused quote with its reason and no Try again while the item still reads as on sale', async () => {
    buyer({
      route: (request) => (request.path.startsWith('/v1/orders/fee') ? apiFailure(409, 'ROUND_NOT_ACTIVE') : undefined),
    });
    renderApp(dropUrl);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Buy packs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    expect(await within(dialog).findByText('We could not price this order')).toBeInTheDocument();
    expect(within(dialog).getByText(errorCatalogue.ROUND_NOT_ACTIVE.message)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: /Pay now/ })).toBeDisabled();
  });

  it.each([
    [503, 'SERVICE_UNAVAILABLE'],
    [429, 'REQUEST_MAXIMUN'],
    [408, 'REQUEST_TIMEOUT'],
  ])('offers Try again when the quote could not be read for now (%i %s)', async (status, code) => {
    let isDown = true;
    buyer({
      route: (request) => (request.path.startsWith('/v1/orders/fee') && isDown ? apiFailure(status, code) : undefined),
    });
    renderApp(dropUrl);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Buy packs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    const tryAgain = await within(dialog).findByRole('button', { name: 'Try again' });
    isDown = false;
    await user.click(tryAgain);
    expect(await within(dialog).findByText('Total')).toBeInTheDocument();
  });

  it('on a price changed since the popup priced it, shows the new total to confirm, and pays that with a new key', async () => {
    // The operator raises the price from $12.50 to $100.00 while the popup is open: the next fee read says so.
    let unit = 1_250;
    let posts = 0;
    const sent = buyer({
      balance: balances(50_000),
      route: (request) => {
        const [path, query = ''] = request.path.split('?');
        if (path === '/v1/orders/fee') {
          return json(200, { data: orderFee(Number(new URLSearchParams(query).get('quantity')), unit) });
        }
        if (path !== '/v2/orders') return undefined;
        posts += 1;
        if (posts === 1) return apiFailure(409, 'PRICE_CHANGED');
        return json(201, { data: { id: dropIds.order, status: 'SUCCESSFUL', checkoutUrl: null } });
      },
    });
    // jsdom lays nothing out: what is asked to come into sight is recorded instead.
    const broughtIntoSight: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      broughtIntoSight.push(this);
    };
    const { router } = renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    unit = 10_000;
    await user.click(within(dialog).getByRole('button', { name: 'Pay now · $13.13' }));
    const refusal = await within(dialog).findByText(
      /^The price has changed\. Please check the new total and try again\./,
    );
    await waitFor(() => expect(refusal).toHaveTextContent('The total is now $105.00 (it was $13.13).'));
    // On a phone the popup is scrolled to its foot, where Pay is: the refusal at its top is brought into sight.
    expect(broughtIntoSight.some((element) => element.contains(refusal))).toBe(true);
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    const price = within(dialog).getByLabelText('Price');
    expect(within(price).getByText(/^Total$/).nextElementSibling).toHaveTextContent('$105.00');
    expect(router.state.location.pathname).toBe(dropUrl);

    await user.click(within(dialog).getByRole('button', { name: 'Pay now · $105.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
    expect(sent.filter((request) => request.path === '/v2/orders').map((request) => request.body)).toEqual([
      {
        dropId: dropIds.drop,
        quantity: 1,
        paymentMethod: 'BALANCE',
        expectedTotal: { amount: 1_313, currency: 'USD' },
      },
      {
        dropId: dropIds.drop,
        quantity: 1,
        paymentMethod: 'BALANCE',
        expectedTotal: { amount: 10_500, currency: 'USD' },
      },
    ]);
    const [first, second] = idempotencyKeysSentTo('/v2/orders');
    expect(second).not.toBe(first);
  });

  it('retries an order whose answer was lost with the total first agreed, under its key, though the price moved', async () => {
    let unit = 1_250;
    let posts = 0;
    const sent = buyer({
      balance: balances(50_000),
      route: (request) => {
        const [path, query = ''] = request.path.split('?');
        if (path === '/v1/orders/fee') {
          return json(200, { data: orderFee(Number(new URLSearchParams(query).get('quantity')), unit) });
        }
        if (path !== '/v2/orders') return undefined;
        posts += 1;
        // The first may have bought: its answer never came. The API replays it under its key if it did.
        if (posts === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return json(201, { data: { id: dropIds.order, status: 'SUCCESSFUL', checkoutUrl: null } });
      },
    });
    const { router } = renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    unit = 10_000;
    await user.click(within(dialog).getByRole('button', { name: 'Pay now · $13.13' }));
    expect(
      await within(dialog).findByText('We could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    // The fee read since shows the new price; trying again is still the first request, as it was sent.
    await user.click(await within(dialog).findByRole('button', { name: 'Pay now · $105.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
    const bodies = sent.filter((request) => request.path === '/v2/orders').map((request) => request.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ expectedTotal: { amount: 1_313, currency: 'USD' } });
    expect(bodies[1]).toEqual(bodies[0]);
    const [first, second] = idempotencyKeysSentTo('/v2/orders');
    expect(second).toBe(first);
  });

  it('asks for a verified email before Pay, and links to verifying it', async () => {
    const sent = buyer({ isEmailVerified: false });
    const { router } = renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    expect(await within(dialog).findByText('Please verify your email.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Pay now/ })).toBeDisabled();
    expect(sent.some((request) => request.path === '/v2/orders')).toBe(false);
    await user.click(within(dialog).getByRole('link', { name: 'Verify your email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/email/verify'));
  });

  it('links a refusal for an unverified email to verifying it', async () => {
    buyer({
      route: (request) => (request.path === '/v2/orders' ? apiFailure(403, 'EMAIL_VERIFICATION_REQUIRED') : undefined),
    });
    renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    await user.click(within(dialog).getByRole('button', { name: /Pay now/ }));
    expect(await within(dialog).findByText('Please verify your email.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Verify your email' })).toHaveAttribute('href', '/email/verify');
  });

  it('sends a card payment to the provider checkout, with the order status page behind it for the way back', async () => {
    const assign = vi.fn();
    stubLocationAssign(assign);
    const sent = buyer({
      route: (request) =>
        request.path === '/v2/orders'
          ? json(201, {
              data: { id: dropIds.order, status: 'PENDING', checkoutUrl: '/dev/payments/card/checkout/o-1' },
            })
          : undefined,
    });
    const { router } = renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    await user.click(within(dialog).getByLabelText(/^Card/));
    await user.click(within(dialog).getByRole('button', { name: /Continue to payment/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dev/payments/card/checkout/o-1'));
    // Back from the provider: the order waiting for its payment, not the popup (which `?buy=` would open again).
    expect(router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`);
    // The popup's own entry became the status page: Back from it finds the drop with no popup, not the popup again.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe(dropUrl);
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('button', { name: 'Buy packs' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.find((request) => request.path === '/v2/orders')?.body).toEqual({
      dropId: dropIds.drop,
      quantity: 1,
      paymentMethod: 'CARD',
      expectedTotal: { amount: 1_313, currency: 'USD' },
    });
  });

  it("closes on Back (a phone's back gesture) and stays on the drop", async () => {
    buyer();
    const { router } = renderApp(dropUrl, { cameFrom: '/drops' });
    const { dialog } = await openPopup();
    expect(router.state.location.search).toBe('?buy=1');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(dropUrl);
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Buy packs' })).toBeInTheDocument();
  });

  it('steps back over its entry when closed, so Back afterwards leaves the drop as if it had never opened', async () => {
    buyer();
    const { router } = renderApp(dropUrl, { cameFrom: '/drops' });
    const { user, dialog } = await openPopup();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/drops');
  });

  it('opened by its address (back from adding funds), closes by taking ?buy=1 out of the address in place', async () => {
    buyer();
    const { router } = renderApp(`${dropUrl}?buy=1`, { cameFrom: '/payment?tab=add-funds' });
    const dialog = await screen.findByRole('dialog', { name: 'Buy packs of Neon Genesis' });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(router.state.location).toMatchObject({ pathname: dropUrl, search: '' });
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('steps back once however many times it is asked to close before the Back lands, staying on the drop', async () => {
    buyer();
    const { router } = renderApp(dropUrl, { cameFrom: '/drops' });
    const { dialog } = await openPopup();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    // Two requests in one go (a double tap; Escape and the browser's cancel), before the page renders again.
    act(() => {
      close.click();
      close.click();
    });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(router.state.location).toMatchObject({ pathname: dropUrl, search: '' });
  });

  it('leaves for Add funds in its own place: Back from adding funds finds the drop, with no popup to open again', async () => {
    buyer({ balance: balances(500) });
    const { router } = renderApp(dropUrl, { cameFrom: '/drops' });
    const { user, dialog } = await openPopup();
    await user.click(await within(dialog).findByRole('link', { name: 'Add funds' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    await act(() => router.navigate(-1));
    expect(router.state.location).toMatchObject({ pathname: dropUrl, search: '' });
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/drops');
  });

  it('counts no page view for opening or closing it: the page is the same', async () => {
    startAnalytics({ tagManagerId: 'GTM-TEST' });
    try {
      buyer();
      renderApp(dropUrl);
      const pageViews = () =>
        (window.dataLayer ?? []).filter(
          (entry) => typeof entry === 'object' && entry !== null && 'event' in entry && entry.event === 'page_view',
        );
      await screen.findByRole('button', { name: 'Buy packs' });
      const onArrival = pageViews();
      expect(onArrival.length).toBeGreaterThan(0);
      const { user, dialog } = await openPopup();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(pageViews()).toEqual(onArrival);
      expect(onArrival.every((entry) => (entry as { page_path?: string }).page_path === dropUrl)).toBe(true);
    } finally {
      startAnalytics({});
      for (const script of Array.from(document.scripts)) script.remove();
      delete window.dataLayer;
    }
  });

  it('closes on Escape and gives focus back to the Buy button', async () => {
    buyer();
    renderApp(dropUrl);
    const { user, dialog } = await openPopup();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(screen.getByRole('button', { name: 'Buy packs' })).toHaveFocus();
  });
});
