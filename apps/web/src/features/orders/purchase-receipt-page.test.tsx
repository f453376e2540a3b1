import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { dropIds, giftOrder, order, pack, packItem } from '../../test/drops-fixtures.ts';
import { apiFailure, json, myUser, stubApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

function ordersApi(data = order()) {
  startSession({ accessToken: 'a1', refreshToken: 'r1' });
  stubApi((request) => {
    if (request.path === `/v1/orders/${dropIds.order}`) return json(200, { data });
    if (request.path === `/v1/orders/${dropIds.order}/collections`) {
      return json(200, {
        data: {
          orderId: dropIds.order,
          status: data.status,
          packs: [
            pack(),
            pack({ id: dropIds.pack2, number: 13, isOpened: true, rarity: 'RARE', items: [packItem(1, 12)] }),
          ],
        },
      });
    }
    if (request.path === '/v1/users/my') return json(200, { data: myUser() });
    return apiFailure(404, 'NOT_FOUND');
  });
}

describe('purchase receipt page', () => {
  it('shows the order, its receipt with every field of the spec, and the packs to open', async () => {
    ordersApi(order({ quantity: 2, packIds: [dropIds.pack1, dropIds.pack2] }));
    renderApp(`/purchase/${dropIds.order}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your purchase' })).toBeInTheDocument();
    expect(screen.getByText('Successful')).toBeInTheDocument();
    const receipt = screen.getByRole('region', { name: 'Receipt' });
    const value = (term: string) => within(receipt).getByText(term).nextElementSibling?.textContent;
    expect(value('Payment ID')).toBe('pay_0190neon');
    expect(value('Merchant')).toBe('Cypher');
    expect(value('Date and time')).toMatch(/Nov 22, 2026/);
    expect(value('Payment method')).toBe('Balance');
    expect(value('Subtotal')).toBe('$12.50');
    expect(value('Service fee')).toBe('$0.63');
    expect(value('Total paid')).toBe('$13.13');

    const packs = await screen.findByRole('list', { name: 'Packs of this order' });
    const rows = within(packs).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link', { name: 'Open pack' })).toHaveAttribute(
      'href',
      `/drops?tab=packs&pack=${dropIds.pack1}`,
    );
    expect(within(rows[1]!).getByText('Rare')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'See its editions' })).toBeInTheDocument();
  });

  it('keeps the page outline whole: the receipt is a section of the page, never a heading level skipped', async () => {
    ordersApi(order({ quantity: 2, packIds: [dropIds.pack1, dropIds.pack2] }));
    renderApp(`/purchase/${dropIds.order}`);
    await screen.findByRole('list', { name: 'Packs of this order' });

    expect(
      within(screen.getByRole('region', { name: 'Receipt' })).getByRole('heading', { level: 2 }),
    ).toHaveTextContent('Receipt');
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });
  });

  it('shows a gift as given: no price, fee or receipt, nothing paid, and its pack to open', async () => {
    ordersApi(giftOrder());
    renderApp(`/purchase/${dropIds.order}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your gift' })).toBeInTheDocument();
    expect(screen.getByText(/^Given/)).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Order' });
    const value = (term: string) => within(figures).getByText(term).nextElementSibling?.textContent;
    expect(value('How it came')).toBe('A gift: from the drop’s packs set aside for giveaways');
    expect(value('Total')).toBe('$0.00');
    expect(within(figures).queryByText('Unit price')).toBeNull();
    expect(within(figures).queryByText('Payment method')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Receipt' })).toBeNull();
    expect(await screen.findByRole('list', { name: 'Packs of this order' })).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(/\bpa(y|id)\b|Round 3/i);
  });

  it('shows an order of tickets as tickets, with no packs to wait for', async () => {
    ordersApi(
      order({
        item: { ...order().item, kind: 'TICKET', name: 'Drop ticket', linkPath: '/tickets' },
        drop: null,
        round: null,
        quantity: 3,
        packIds: [],
      }),
    );
    renderApp(`/purchase/${dropIds.order}`);
    const figures = await screen.findByRole('region', { name: 'Order' });
    expect(within(figures).getByText('Ticket').nextElementSibling).toHaveTextContent('Drop ticket');
    expect(within(figures).queryByText('Pass')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Packs' })).toBeNull();
    expect(screen.getByRole('main')).not.toHaveTextContent(/packs of this order/i);
  });

  it('points a pending order to its status, without a receipt yet', async () => {
    ordersApi(order({ status: 'PENDING', receipt: null, packIds: [], paymentMethod: 'CARD' }));
    renderApp(`/purchase/${dropIds.order}`);
    expect(await screen.findByText('Waiting for the payment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Follow the status' })).toHaveAttribute(
      'href',
      `/purchase/${dropIds.order}/status`,
    );
    expect(screen.queryByRole('region', { name: 'Receipt' })).toBeNull();
  });

  it('says where the money went when the payment arrived after the order had closed', async () => {
    ordersApi(
      order({
        status: 'TIMED_OUT',
        failureReason: 'paid_after_hold_expired',
        receipt: null,
        packIds: [],
        paymentMethod: 'CARD',
      }),
    );
    renderApp(`/purchase/${dropIds.order}`);
    expect(await screen.findByText('Your payment went to your balance')).toBeInTheDocument();
    expect(
      screen.getByText('It arrived after this order had closed, so the $13.13 you paid was added to your balance.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your balance' })).toHaveAttribute('href', '/payment');
    expect(screen.getByText('This order delivered no packs.')).toBeInTheDocument();
  });

  it.each([
    ['an order id of no order of mine', '0190a0b0-0000-7000-8000-0000000000ff'],
    ['an address that is not an order id', 'not-an-order'],
  ])('says the order was not found for %s, with the ways on and nothing to try again', async (_, id) => {
    const sent = stubApi((request) => {
      if (request.path.startsWith('/v1/orders/'))
        return apiFailure(404, 'ORDER_NOT_FOUND', 'We could not find this order.');
      if (request.path === '/v1/users/my') return json(200, { data: myUser() });
      return apiFailure(404, 'NOT_FOUND');
    });
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    renderApp(`/purchase/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByText(/^We could not find this order\./)).toBeInTheDocument();
    expect(screen.queryByText(/information sent is not valid/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your purchases' })).toHaveAttribute('href', '/payment?tab=purchases');
    expect(screen.getByRole('link', { name: 'My packs' })).toHaveAttribute('href', '/drops?tab=packs');
    expect(screen.getByRole('link', { name: 'Browse drops' })).toHaveAttribute('href', '/drops');
    // An id that cannot be an order's is not asked about: the API would only refuse the address.
    const asked = sent.some((request) => request.path === `/v1/orders/${id}`);
    expect(asked).toBe(id !== 'not-an-order');
  });
});

describe('card purchase page', () => {
  it('forwards a card return with ?order= to the status page', async () => {
    ordersApi();
    const { router } = renderApp(`/purchase/card?order=${dropIds.order}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${dropIds.order}/status`));
  });

  it('explains card purchases when it has no order to show', async () => {
    ordersApi();
    renderApp('/purchase/card?order=not-an-id');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paying by card' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse drops' })).toHaveAttribute('href', '/drops');
  });
});
