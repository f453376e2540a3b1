import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../config.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { raceThroughGate } from '../../../testing/lock-barrier.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { twoInstancesOnPostgres } from '../../../testing/second-instance.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { deliverSignedWebhook } from '../../../testing/webhook-helpers.ts';

// Two operators resolve the same held payment at once, through two API instances on one PostgreSQL. On PGlite there
// is one connection and no race to run: this runs in CI's PostgreSQL pass (payment-reviews.test.ts covers the rest).
const isOnPostgres = Boolean(testDatabaseUrl());
const WEBHOOK_SECRET = 'whsec_test_secret_for_payment_review_races';

let a: TestApp;
let b: TestApp;
let admin: { accessToken: string; userId: string };

twoInstancesOnPostgres(
  { env: { PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://cypher.test' } },
  (made) => ({ a, b, admin } = made),
);

describe('resolving a payment for review at once', () => {
  it.runIf(isOnPostgres)(
    'two operators on two instances: exactly one records the resolution, the other is told it is resolved',
    async () => {
      const other = await signUpOperator(b, 'admin');
      const eventId = 'evt_race_unknown_reference';
      const delivered = await deliverSignedWebhook(a, WEBHOOK_SECRET, 'card', {
        id: eventId,
        type: 'payment.succeeded',
        data: { providerReference: 'cs_race_nobody_knows', amount: 3100, currency: 'USD' },
      });
      expect(delivered.statusCode, delivered.body).toBe(200);

      // Both resolves queue behind the gate's lock on the event's row, so both are in flight when it opens.
      const answers = await raceThroughGate(
        a.database.pool!.options.connectionString!,
        [
          {
            text: 'select 1 from payment_events where provider = $1 and event_id = $2 for update',
            values: ['card', eventId],
          },
        ],
        2,
        () =>
          Promise.all(
            [
              { instance: a, operator: admin, note: 'Refunded in the Stripe dashboard.' },
              { instance: b, operator: other, note: 'Refunded it myself.' },
            ].map(({ instance, operator, note }) =>
              instance.app.inject({
                method: 'POST',
                url: `/v1/console/payment-reviews/card/${eventId}/resolve`,
                headers: bearer(operator.accessToken),
                payload: { note },
              }),
            ),
          ),
      );
      const outcomes = answers.map((answer) => (answer.statusCode === 200 ? 'RESOLVED' : answer.json().code));
      expect(outcomes.sort()).toEqual(['PAYMENT_REVIEW_ALREADY_RESOLVED', 'RESOLVED']);

      const winner = answers.findIndex((answer) => answer.statusCode === 200);
      const winnerId = [admin.userId, other.userId][winner];
      const [row] = await queryRows<{ resolved_by: string; resolution_note: string }>(
        a.database.db,
        sql`select resolved_by, resolution_note from payment_events where provider = 'card' and event_id = ${eventId}`,
      );
      expect(row!.resolved_by).toBe(winnerId);
      const audit = await queryRows<{ actor_user_id: string }>(
        a.database.db,
        sql`select actor_user_id from audit_log where entity_type = 'payment_event' and entity_id = ${`card:${eventId}`}`,
      );
      expect(audit).toEqual([{ actor_user_id: winnerId }]);
    },
    120_000,
  );
});
