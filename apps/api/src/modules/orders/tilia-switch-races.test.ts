import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { lockWaitersSeen } from '../../testing/lock-barrier.ts';
import { oneInstanceOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';

// Switching a card order to Tilia while something else holds the order (a webhook, the time-out job) past the end of
// its hold. On PGlite (one transaction at a time) there is no race to run: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let t: TestApp;
oneInstanceOnPostgres({ env: { PUBLIC_URL: 'http://cypher.test' } }, (made) => ({ t } = made));

describe('a switch to Tilia that waits for its order', () => {
  // Helper's note, session 52: the switch read the time before the order's lock, so one that waited past the hold's
  // end still opened a Tilia checkout for packs that could no longer be delivered.
  it.runIf(isOnPostgres)(
    'is refused with ORDER_HOLD_EXPIRED once the hold ended while it waited',
    async () => {
      const { dropId } = await insertLiveDrop(t.database.db, { now: t.clock.now(), rounds: [{ packCount: 5 }] });
      const buyer = await fastBuyer(t);
      const placed = await t.app.inject({
        method: 'POST',
        url: '/v2/orders',
        headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
        payload: { dropId, quantity: 1, paymentMethod: 'CARD' },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId = placed.json().data.id as string;

      const gate = new pg.Client({ connectionString: t.database.pool!.options.connectionString! });
      await gate.connect();
      try {
        await gate.query('begin');
        await gate.query('select 1 from orders where id = $1 for update', [orderId]);
        const switching = t.app.inject({
          method: 'POST',
          url: `/v1/orders/${orderId}/tilia`,
          headers: bearer(buyer.accessToken),
        });
        switching.catch(() => undefined);
        await lockWaitersSeen(gate, 1);
        t.clock.advance(t.deps.config.orders.holdMinutes * MINUTE_MS + 1);
        await gate.query('commit');
        const switched = await switching;
        expect(switched.json()).toMatchObject({ code: 'ORDER_HOLD_EXPIRED' });
      } finally {
        await gate.end();
      }
    },
    120_000,
  );
});
