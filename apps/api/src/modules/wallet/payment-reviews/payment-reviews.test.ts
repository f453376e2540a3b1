import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { queryRows } from '../../../db/query-rows.ts';
import { grantOperatorRole } from '../../console/operators/grant-operator-role.ts';
import { activeUser, bearer } from '../../../testing/auth-helpers.ts';
import { insertBrand } from '../../../testing/catalog-fixtures.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { deliverSignedWebhook } from '../../../testing/webhook-helpers.ts';
import { balancesOf } from '../../../testing/wallet-helpers.ts';
import { deposits, paymentEvents } from '../deposits/deposits.tables.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_payment_reviews';
let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://cypher.test' } });
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

function succeeded(reference: string, amount: number, id: string) {
  return { id, type: 'payment.succeeded', data: { providerReference: reference, amount, currency: 'USD' } };
}

async function deliver(method: string, event: object) {
  const response = await deliverSignedWebhook(t, WEBHOOK_SECRET, method, event);
  expect(response.statusCode, response.body).toBe(200);
}

/** A pending card deposit of `amount` by a new person, and its provider reference. */
async function pendingDeposit(amount: number) {
  const person = await activeUser(t);
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: bearer(person.accessToken),
    payload: { method: 'card', amount: { amount, currency: 'USD' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const depositId = created.json().data.depositId as string;
  const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
  return { person, depositId, userId: row!.userId, reference: row!.providerReference! };
}

const list = (query = '', accessToken = admin.accessToken) =>
  t.app.inject({ method: 'GET', url: `/v1/console/payment-reviews${query}`, headers: bearer(accessToken) });

const resolve = (provider: string, eventId: string, payload: unknown, accessToken = admin.accessToken) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/console/payment-reviews/${provider}/${encodeURIComponent(eventId)}/resolve`,
    headers: bearer(accessToken),
    payload: payload as object,
  });

async function auditRowsFor(provider: string, eventId: string) {
  return queryRows<{
    action: string;
    actor_user_id: string;
    after: { note: string; received: { amount: number; currency: string } };
  }>(
    t.database.db,
    sql`select action, actor_user_id, after from audit_log
        where entity_type = 'payment_event' and entity_id = ${`${provider}:${eventId}`}`,
  );
}

describe('payments held for review in the console', () => {
  it('lists a payment of another amount with what was received, its deposit and its person; nothing credited', async () => {
    const { person, depositId, userId, reference } = await pendingDeposit(2500);
    const eventId = `evt_mismatch_${depositId}`;
    await deliver('card', succeeded(reference, 2600, eventId));

    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ page: 1, size: 20 });
    const item = page.items.find((candidate: { eventId: string }) => candidate.eventId === eventId);
    expect(item).toEqual({
      provider: 'card',
      eventId,
      reason: 'amount_mismatch',
      received: { amount: 2600, currency: 'USD' },
      deposit: { id: depositId, amount: { amount: 2500, currency: 'USD' }, status: 'failed' },
      user: { id: userId, email: person.email, nickname: person.nickname },
      receivedAt: t.clock.now().toISOString(),
      resolution: null,
    });
    expect((await balancesOf(t.database.db, userId)).unsettled ?? 0).toBe(0);

    // The person's deposit no longer waits for a payment (it read "in progress" with its checkout open, inviting a
    // second payment), and they are told the money arrived and will be refunded.
    const own = await t.app.inject({
      method: 'GET',
      url: `/v1/deposits/${depositId}`,
      headers: bearer(person.accessToken),
    });
    expect(own.json().data).toMatchObject({ status: 'failed', failureReason: 'amount_mismatch' });
    const notices = await t.app.inject({
      method: 'GET',
      url: '/v1/notifications',
      headers: bearer(person.accessToken),
    });
    expect(notices.json().data.items).toContainEqual(
      expect.objectContaining({
        kind: 'DEPOSIT',
        stage: 'FAILED',
        title: 'Payment held for review',
        body: 'We received $26.00 for your $25.00 payment, not the amount asked, so nothing was added to your balance. Our team will refund it to you; you do not need to pay again.',
        linkPath: `/payment?deposit=${depositId}`,
      }),
    );
  });

  it('keeps the amount of every event, and lists a payment for no deposit without deposit or person', async () => {
    const eventId = 'evt_unknown_reference_review';
    await deliver('crypto', succeeded('charge_nobody_knows', 4200, eventId));
    const [row] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'crypto'), eq(paymentEvents.eventId, eventId)));
    expect(row).toMatchObject({ amount: 4200, currency: 'USD', reviewReason: 'unknown_reference', resolvedAt: null });

    const items = (await list('?state=open')).json().data.items;
    expect(items.find((candidate: { eventId: string }) => candidate.eventId === eventId)).toMatchObject({
      provider: 'crypto',
      reason: 'unknown_reference',
      received: { amount: 4200, currency: 'USD' },
      deposit: null,
      user: null,
    });
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/console/payment-reviews' })).statusCode).toBe(401);
    const collector = await activeUser(t);
    const brandManager = await signUpOperator(t, 'brand_manager', (await insertBrand(t.database.db)).id);
    for (const outsider of [collector, brandManager]) {
      const listed = await list('', outsider.accessToken);
      expect(listed.statusCode).toBe(403);
      const resolved = await resolve('card', 'evt_any', { note: 'Refunded' }, outsider.accessToken);
      expect(resolved.statusCode).toBe(403);
    }
  });

  it('resolves once with a note and its audit row; a second resolve is PAYMENT_REVIEW_ALREADY_RESOLVED', async () => {
    const { person, depositId, reference, userId } = await pendingDeposit(1000);
    const eventId = `evt_resolve_${depositId}`;
    await deliver('card', succeeded(reference, 1500, eventId));
    // The person's deposit says the money is held, and then that its review is over (session 78's hunt: the payment
    // page kept promising the refund).
    const heldPaymentOfDeposit = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/deposits/${depositId}`,
        headers: bearer(person.accessToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.heldPayment;
    };
    expect(await heldPaymentOfDeposit()).toEqual({ resolvedAt: null });

    const first = await resolve('card', eventId, { note: '  Refunded $15.00 in the Stripe dashboard.  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      eventId,
      resolution: {
        note: 'Refunded $15.00 in the Stripe dashboard.',
        by: { id: admin.userId, email: admin.email },
        at: t.clock.now().toISOString(),
      },
    });
    expect(await heldPaymentOfDeposit()).toEqual({ resolvedAt: t.clock.now().toISOString() });
    expect(await auditRowsFor('card', eventId)).toEqual([
      {
        action: 'resolve',
        actor_user_id: admin.userId,
        after: expect.objectContaining({
          note: 'Refunded $15.00 in the Stripe dashboard.',
          received: { amount: 1500, currency: 'USD' },
        }),
      },
    ]);

    // The person is told the review is over, once, and the "held for review" notice is read (session 78's hunt).
    const notices = await queryRows<{ title: string; body: string; is_read: boolean }>(
      t.database.db,
      sql`select title, body, read_at is not null as is_read from notifications
          where user_id = ${userId} and reference_id = ${depositId} order by title`,
    );
    expect(notices).toEqual([
      {
        title: 'Held payment resolved',
        body: 'Our team has finished reviewing the $15.00 payment that was held. If a refund was due, it was sent back through your payment provider.',
        is_read: false,
      },
      expect.objectContaining({ title: 'Payment held for review', is_read: true }),
    ]);

    const second = await resolve('card', eventId, { note: 'Refunded again?' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'PAYMENT_REVIEW_ALREADY_RESOLVED',
      message: errorCatalogue.PAYMENT_REVIEW_ALREADY_RESOLVED.message,
    });
    expect(await auditRowsFor('card', eventId)).toHaveLength(1);

    // Resolved ones come after the open ones, and under their own filter.
    const open = (await list('?state=open&size=100')).json().data.items as { eventId: string }[];
    expect(open.map((item) => item.eventId)).not.toContain(eventId);
    const resolved = (await list('?state=resolved')).json().data.items as { eventId: string }[];
    expect(resolved.map((item) => item.eventId)).toContain(eventId);
    const all = (await list('?size=100')).json().data.items as { resolution: unknown }[];
    const firstResolved = all.findIndex((item) => item.resolution !== null);
    expect(all.slice(firstResolved).every((item) => item.resolution !== null)).toBe(true);
  });

  // Console review (finding 2): an admin could mark resolved a payment held on their own deposit.
  it('refuses an admin the payment held on their own deposit (403 OWN_REVIEW_NOT_ALLOWED), writing nothing; another admin resolves it', async () => {
    const { person, depositId, reference } = await pendingDeposit(1000);
    await grantOperatorRole(t.database.db, t.clock.now(), { email: person.email, role: 'admin', brandId: null }, null);
    const eventId = `evt_own_${depositId}`;
    await deliver('card', succeeded(reference, 1500, eventId));

    const own = await resolve('card', eventId, { note: 'Refunded to myself.' }, person.accessToken);
    expect([own.statusCode, own.json()]).toEqual([
      403,
      { code: 'OWN_REVIEW_NOT_ALLOWED', message: 'Another admin must review your own request.' },
    ]);
    const [row] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'card'), eq(paymentEvents.eventId, eventId)));
    expect(row).toMatchObject({ resolvedAt: null, resolvedBy: null, resolutionNote: null });
    expect(await auditRowsFor('card', eventId)).toEqual([]);

    // The same admin still resolves a payment that is not theirs, and another admin resolves this one.
    const other = await pendingDeposit(700);
    const otherEventId = `evt_other_${other.depositId}`;
    await deliver('card', succeeded(other.reference, 800, otherEventId));
    const theirs = await resolve('card', otherEventId, { note: 'Refunded.' }, person.accessToken);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const resolved = await resolve('card', eventId, { note: 'Refunded in the Stripe dashboard.' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data.resolution.by).toMatchObject({ id: admin.userId });
  });

  it('refuses a missing, blank or too long note (400), and an event that is not held (404)', async () => {
    const eventId = 'evt_unknown_for_notes';
    await deliver('card', succeeded('cs_nobody_for_notes', 700, eventId));
    for (const payload of [{}, { note: '   ' }, { note: 'x'.repeat(501) }, { note: 'ok', extra: 1 }]) {
      const response = await resolve('card', eventId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('INVALID_REQUEST');
    }
    expect((await resolve('card', eventId, { note: 'x'.repeat(500) })).statusCode).toBe(200);

    // A payment that was credited is no payment for review; nor is one nobody sent.
    const { depositId, reference } = await pendingDeposit(900);
    const credited = `evt_credited_${depositId}`;
    await deliver('card', succeeded(reference, 900, credited));
    for (const [provider, id] of [
      ['card', credited],
      ['card', 'evt_never_sent'],
    ] as const) {
      const response = await resolve(provider, id, { note: 'Refunded' });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('PAYMENT_REVIEW_NOT_FOUND');
    }
    expect((await resolve('paypal', eventId, { note: 'Refunded' })).statusCode).toBe(400);
  });
});
