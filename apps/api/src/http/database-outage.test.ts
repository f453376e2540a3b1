import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../adapters/payments/payment-provider.ts';
import { testDatabaseUrl } from '../config.ts';
import { newId } from '../lib/ids.ts';
import { packs } from '../modules/drops/drops.tables.ts';
import { orders } from '../modules/orders/orders.tables.ts';
import { deposits, paymentEvents } from '../modules/wallet/deposits/deposits.tables.ts';
import { bearer } from '../testing/auth-helpers.ts';
import { idempotencyKeys } from './idempotency/idempotency.tables.ts';
import { fastBuyer, insertLiveDrop } from '../testing/drop-fixtures.ts';
import { lockWaitersSeen } from '../testing/lock-barrier.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { noPurchaseViolations, purchaseInvariantViolations } from '../testing/purchase-invariants.ts';
import { depositForTest } from '../testing/wallet-helpers.ts';

// Connections terminated under running requests need a real PostgreSQL server (PGlite lives inside the process).
const isOnPostgres = Boolean(testDatabaseUrl());
const WEBHOOK_SECRET = 'whsec_test_secret_for_outage_tests';
const TERMINATE_OTHERS = `select count(pg_terminate_backend(pid))::int as terminated from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid()`;

let t: TestApp;
/** A session of the test's own on the app's database: it terminates the app's connections and holds locks. */
let operator: pg.Client;
beforeAll(async () => {
  if (!isOnPostgres) return;
  t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://cypher.test' } });
  operator = new pg.Client({ connectionString: t.database.pool!.options.connectionString! });
  await operator.connect();
});
afterAll(async () => {
  if (!isOnPostgres) return;
  await operator.end();
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function buy(accessToken: string, dropId: string, key: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': key },
    payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
  });
}

async function terminateOthers(): Promise<number> {
  const { rows } = await operator.query(TERMINATE_OTHERS);
  return rows[0].terminated as number;
}

describe('PostgreSQL connections terminated under load', () => {
  it.runIf(isOnPostgres)(
    'answers 503 SERVICE_UNAVAILABLE with {code,message}, never 500, and serves again without a restart',
    async () => {
      const { dropId } = await insertLiveDrop(t.database.db, {
        now: t.clock.now(),
        rounds: [{ packCount: 2_000, price: 500 }],
      });
      const buyers = [];
      for (let i = 0; i < 20; i += 1) {
        const buyer = await fastBuyer(t);
        await depositForTest(t.database.db, { userId: buyer.userId, source: 'crypto', amount: 1_000_000 });
        buyers.push(buyer);
      }

      // Terminate every connection of the app's database every 100 ms for 3 s while 20 buyers buy and read.
      const answers: { status: number; body: { code?: string; message?: string } }[] = [];
      const keys: { buyer: (typeof buyers)[number]; key: string }[] = [];
      let terminated = 0;
      const until = Date.now() + 3_000;
      const terminator = (async () => {
        while (Date.now() < until) {
          terminated += await terminateOthers();
          await sleep(100);
        }
      })();
      await Promise.all(
        buyers.map(async (buyer, index) => {
          while (Date.now() < until) {
            let response;
            if (index % 4 === 0) {
              response = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(buyer.accessToken) });
            } else {
              const key = newId();
              keys.push({ buyer, key });
              response = await buy(buyer.accessToken, dropId, key);
            }
            answers.push({ status: response.statusCode, body: response.json() });
          }
        }),
      );
      await terminator;

      expect(terminated).toBeGreaterThan(0);
      const failures = answers.filter((answer) => answer.status >= 500);
      expect(failures.filter((answer) => answer.status !== 503)).toEqual([]);
      for (const failure of failures) {
        expect(failure.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
      }
      expect(answers.filter((answer) => answer.status < 300).length).toBeGreaterThan(0);

      // The same process serves again: its pool dropped the broken connections (each once the server's notice of its
      // end arrived) and opens new ones.
      await sleep(300);
      expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
      expect((await buy(buyers[1]!.accessToken, dropId, newId())).statusCode).toBe(201);
      // And no connection is left lent out to a request that failed (each would shrink the pool for good). Work still
      // finishing on a loaded machine may hold one for a moment; one lent out for good never comes back.
      const pool = t.database.pool!;
      await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5_000 }).toBe(0);

      // Each key's retry now gets its final answer: what was bought was bought once (the first answer replayed) and
      // paid for. A key whose request failed after its claim and whose claim could not be freed either (its delete
      // met a terminated connection too) answers 409 until the claim is stale; its purchase did not happen.
      const bought = new Set<string>();
      for (const { buyer, key } of keys) {
        const response = await buy(buyer.accessToken, dropId, key);
        if (response.statusCode === 201) {
          bought.add(response.json().data.id);
        } else if (response.json().code === 'REQUEST_IN_PROGRESS') {
          const [claim] = await t.database.db
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, buyer.userId), eq(idempotencyKeys.key, key)));
          expect(claim!.status).toBe('processing');
        } else {
          expect(response.statusCode).toBeLessThan(500);
        }
      }
      const { rows } = await operator.query(`select
          (select count(*)::int from orders where status = 'SUCCESSFUL') as orders,
          (select count(*)::int from packs where owner_user_id is not null) as owned`);
      // One more than the keys: the purchase after the storm.
      expect(rows[0]).toEqual({ orders: bought.size + 1, owned: bought.size + 1 });
      expect(await purchaseInvariantViolations(t.database.db)).toEqual(noPurchaseViolations);
    },
    60_000,
  );
});

describe('a card payment webhook while the database is away', () => {
  it.runIf(isOnPostgres)(
    'is refused with a retryable 503, and the provider retry completes the order exactly once',
    async () => {
      const { dropId } = await insertLiveDrop(t.database.db, {
        now: t.clock.now(),
        rounds: [{ packCount: 3, price: 2_000 }],
      });
      const buyer = await fastBuyer(t);
      const placed = await t.app.inject({
        method: 'POST',
        url: '/v2/orders',
        headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
        payload: { dropId, quantity: 1, paymentMethod: 'CARD' },
      });
      expect(placed.statusCode).toBe(201);
      const orderId = placed.json().data.id as string;
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      const [deposit] = await t.database.db.select().from(deposits).where(eq(deposits.id, order!.depositId!));
      const event = {
        id: `evt_outage_${newId()}`,
        type: 'payment.succeeded',
        data: {
          providerReference: deposit!.providerReference!,
          amount: deposit!.amount,
          currency: 'USD',
          paymentMethod: 'Visa •••• 4242',
        },
      };
      const deliver = () => {
        const rawBody = JSON.stringify(event);
        return t.app.inject({
          method: 'POST',
          url: '/v1/webhooks/card',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(WEBHOOK_SECRET, rawBody, t.clock.now()),
          },
          payload: rawBody,
        });
      };

      // The delivery's transaction reaches the payment events while the test holds them, and its connection is
      // terminated there: the database went away in the middle of applying the payment.
      await operator.query('begin');
      await operator.query('lock table payment_events in access exclusive mode');
      const firstDelivery = deliver();
      await lockWaitersSeen(operator, 1);
      expect(await terminateOthers()).toBeGreaterThan(0);
      await operator.query('rollback');

      const refused = await firstDelivery;
      // The pool's idle connections were terminated too; each learns it when the server's notice arrives, and until
      // then a query sent on one fails (503 to a request). Give the notices a moment before the test reads.
      await sleep(300);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
      expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('PENDING');
      expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toEqual([]);

      // The provider delivers again (and once more, as providers do): applied once.
      expect((await deliver()).statusCode).toBe(200);
      expect((await deliver()).statusCode).toBe(200);
      expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('SUCCESSFUL');
      expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(
        1,
      );
      expect(await t.database.db.select().from(packs).where(eq(packs.ownerUserId, buyer.userId))).toHaveLength(1);
      expect(await purchaseInvariantViolations(t.database.db)).toEqual(noPurchaseViolations);
    },
    30_000,
  );
});
