import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { noPurchaseViolations, purchaseInvariantViolations } from '../../testing/purchase-invariants.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTicketKind } from '../../testing/ticket-fixtures.ts';
import { balancesOf, depositForTest } from '../../testing/wallet-helpers.ts';
import { deliverSignedWebhook } from '../../testing/webhook-helpers.ts';
import { orders } from '../orders/orders.tables.ts';
import { deposits } from '../wallet/deposits/deposits.tables.ts';

// Tickets bought through the one order flow (issue 18): the same exactly-once rules, receipts and notices as packs
// and passes; delivered as a PURCHASE movement keyed by the order, so a replay cannot grant twice.
const WEBHOOK_SECRET = 'whsec_test_secret_for_ticket_purchases';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://cypher.test', PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET } });
});
afterAll(() => t.close());

const db = () => t.database.db;

function buyTickets(
  accessToken: string,
  ticketKindId: string,
  quantity: number,
  key = newId(),
  paymentMethod = 'BALANCE',
) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': key },
    payload: { ticketKindId, quantity, paymentMethod },
  });
}

async function heldBy(userId: string, ticketKindId: string) {
  const [row] = await queryRows<{ count: number }>(
    db(),
    sql`select count from ticket_holdings where user_id = ${userId} and ticket_kind_id = ${ticketKindId}`,
  );
  return row?.count ?? 0;
}

describe('buying tickets', () => {
  it('from the balance: charged once, granted once under a replayed key, told once', async () => {
    const kind = await insertTicketKind(db(), { name: 'Drop ticket', price: 100 });
    const buyer = await fastBuyer(t);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 5_000 });
    const key = newId();
    const bought = await buyTickets(buyer.accessToken, kind.id, 3, key);
    expect(bought.statusCode).toBe(201);
    const replay = await buyTickets(buyer.accessToken, kind.id, 3, key);
    expect(replay.json().data.id).toBe(bought.json().data.id);
    expect(await heldBy(buyer.userId, kind.id)).toBe(3);

    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/orders/${bought.json().data.id}`,
        headers: bearer(buyer.accessToken),
      })
    ).json().data;
    expect(order).toMatchObject({
      status: 'SUCCESSFUL',
      item: { kind: 'TICKET', id: kind.id, name: 'Drop ticket', linkPath: '/tickets' },
      quantity: 3,
      subtotal: { amount: 300 },
    });
    expect(await balancesOf(db(), buyer.userId)).toMatchObject({ withdrawable: 5_000 - order.total.amount });
    const notices = await queryRows<{ kind: string; body: string }>(
      db(),
      sql`select kind, body from notifications where user_id = ${buyer.userId}`,
    );
    expect(notices).toEqual([
      { kind: 'TICKET', body: 'You bought 3 Drop tickets. Spend them to enter raffle rounds.' },
    ]);
    const history = (
      await t.app.inject({ method: 'GET', url: '/v1/tickets/my/history', headers: bearer(buyer.accessToken) })
    ).json().data;
    expect(history.items).toMatchObject([{ delta: 3, reason: 'PURCHASE' }]);
    expect(await purchaseInvariantViolations(db())).toEqual(noPurchaseViolations);
  });

  it('refuses more than a kind allows in one order, an unknown kind, and a kind not for sale', async () => {
    const kind = await insertTicketKind(db(), { maxPerOrder: 2 });
    const buyer = await fastBuyer(t);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 5_000 });
    const tooMany = await buyTickets(buyer.accessToken, kind.id, 3);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().code).toBe('TICKET_ORDER_TOO_LARGE');
    expect((await buyTickets(buyer.accessToken, newId(), 1)).json().code).toBe('TICKET_KIND_NOT_FOUND');
    // A kind one may hold but not buy now: only ever granted, or taken off sale. Not "could not find".
    const granted = await insertTicketKind(db(), { price: null });
    const offSale = await insertTicketKind(db(), { isActive: false });
    for (const id of [granted.id, offSale.id]) {
      const refused = await buyTickets(buyer.accessToken, id, 1);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'TICKET_KIND_NOT_ON_SALE',
        message: 'This ticket is not on sale right now.',
      });
    }
    expect(await heldBy(buyer.userId, kind.id)).toBe(0);
  });

  it('by card: nothing is held, and the tickets are granted once the provider says it is paid', async () => {
    const kind = await insertTicketKind(db());
    const buyer = await fastBuyer(t);
    const pending = await buyTickets(buyer.accessToken, kind.id, 2, newId(), 'CARD');
    expect(pending.json().data.status).toBe('PENDING');
    expect(await heldBy(buyer.userId, kind.id)).toBe(0);
    const [order] = await db().select().from(orders).where(eq(orders.id, pending.json().data.id));
    const [deposit] = await db().select().from(deposits).where(eq(deposits.id, order!.depositId!));
    const event = {
      id: `evt_${newId()}`,
      type: 'payment.succeeded',
      data: {
        providerReference: deposit!.providerReference,
        depositId: deposit!.id,
        amount: deposit!.amount,
        currency: 'USD',
        paymentMethod: 'Visa •••• 4242',
      },
    };
    expect((await deliverSignedWebhook(t, WEBHOOK_SECRET, 'card', event)).statusCode).toBe(200);
    // The provider's retry of the same event changes nothing.
    await deliverSignedWebhook(t, WEBHOOK_SECRET, 'card', event);
    expect(await heldBy(buyer.userId, kind.id)).toBe(2);
  });
});
