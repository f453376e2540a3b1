import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertPeople } from '../../testing/grant-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';
import { deliverAirdrop, DELIVER_AIRDROP_JOB, resumeAirdrops } from './deliver-airdrop.ts';

// An airdrop to 10,000 people whose worker is killed midway and which two instances then finish side by side, on one
// PostgreSQL (issue 20's acceptance). On PGlite there is one connection and no kill to survive: these run in CI's
// PostgreSQL pass (airdrops.test.ts covers the same resume on PGlite).
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;
const sent: { name: string; data: Record<string, unknown> }[] = [];
const recordingQueue: JobQueue = {
  send: async (name, data) => {
    sent.push({ name, data });
    return newId();
  },
};

twoInstancesOnPostgres({ jobs: () => recordingQueue }, (made) => ({ a, b } = made));

const worker = (instance: TestApp) => ({
  db: instance.database.db,
  clock: instance.clock,
  config: instance.deps.config,
});

/** Two workers each wait inside their first batch's transaction until the other is inside its own: both in flight. */
function twoPartyBarrier() {
  const arrived: (() => void)[] = [];
  let count = 0;
  return async () => {
    count += 1;
    if (count === 2) {
      arrived.forEach((release) => release());
      return;
    }
    await new Promise<void>((release) => arrived.push(release));
  };
}

describe('an airdrop to 10,000 people', () => {
  it.runIf(isOnPostgres)(
    'killed midway and restarted on two instances: everyone receives it exactly once, the ledger exact',
    async () => {
      const admin = await signUpOperator(a, 'admin');
      const people = await insertPeople(a.database.db, 10_000);
      const made = await a.app.inject({
        method: 'POST',
        url: '/v1/console/airdrops',
        headers: { ...bearer(admin.accessToken), 'idempotency-key': newId() },
        payload: {
          name: 'Ten thousand',
          grant: { kind: 'CREDIT', amount: 150 },
          audience: { kind: 'PEOPLE', userIds: people },
        },
      });
      expect(made.statusCode, made.body).toBe(202);
      const airdropId = made.json().data.id as string;
      expect(sent).toContainEqual({ name: DELIVER_AIRDROP_JOB, data: { airdropId } });

      // The first worker's connection is terminated inside its sixth batch, after the batch's writes: what a process
      // killed there leaves behind.
      await expect(
        deliverAirdrop(worker(a), airdropId, {
          onBatch: async (tx: Db, batch, stage) => {
            if (batch === 6 && stage === 'WRITTEN')
              await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
          },
        }),
      ).rejects.toThrow();
      const midway = await a.app.inject({
        method: 'GET',
        url: `/v1/console/airdrops/${airdropId}`,
        headers: bearer(admin.accessToken),
      });
      expect(midway.json().data).toMatchObject({
        status: 'RUNNING',
        progress: { total: 10_000, delivered: 2_500, outOfStock: 0, accountDeleted: 0, pending: 7_500 },
      });

      // Restarted: the sweep at start-up sends it again, and two instances' workers take it up side by side.
      expect(
        await resumeAirdrops({ db: b.database.db, clock: b.clock, jobs: recordingQueue }, { stalledAfterMs: 0 }),
      ).toEqual([airdropId]);
      const bothInFlight = twoPartyBarrier();
      const [onA, onB] = await Promise.all(
        [a, b].map((instance) =>
          deliverAirdrop(worker(instance), airdropId, {
            // Held once their first batch's recipients are locked, before any grant: two workers on the same rows
            // would never both get here (the second would skip to other rows, or wait for the first's).
            onBatch: async (_tx, batch, stage) => {
              if (batch === 1 && stage === 'CLAIMED') await bothInFlight();
            },
          }),
        ),
      );
      expect(onA!.delivered).toBeGreaterThan(0);
      expect(onB!.delivered).toBeGreaterThan(0);
      expect(onA!.delivered + onB!.delivered).toBe(7_500);

      const done = await b.app.inject({
        method: 'GET',
        url: `/v1/console/airdrops/${airdropId}`,
        headers: bearer(admin.accessToken),
      });
      expect(done.json().data).toMatchObject({
        status: 'COMPLETED',
        progress: { total: 10_000, delivered: 10_000, outOfStock: 0, accountDeleted: 0, pending: 0 },
      });
      const [counts] = await queryRows<{
        deliveries: number;
        people: number;
        ledger: number;
        notices: number;
        noticed: number;
        wrong_balances: number;
      }>(
        a.database.db,
        sql`select
              (select count(*)::int from grant_deliveries
               where occasion = 'AIRDROP' and reference_id = ${airdropId}) as deliveries,
              (select count(distinct user_id)::int from grant_deliveries
               where occasion = 'AIRDROP' and reference_id = ${airdropId}) as people,
              (select count(*)::int from ledger_transactions t join grant_deliveries d on t.reference_id = d.id::text
               where d.reference_id = ${airdropId} and t.reference_type = 'deposit_reward') as ledger,
              (select count(*)::int from notifications where kind = 'AIRDROP') as notices,
              (select count(distinct user_id)::int from notifications where kind = 'AIRDROP') as noticed,
              (select count(*)::int from unnest(${sqlArray(people)}::uuid[]) as p(id)
               left join ledger_accounts l
                 on l.owner_user_id = p.id and l.kind = 'non_withdrawable' and l.currency = 'CYP'
               where coalesce(l.balance, 0) <> 150) as wrong_balances`,
      );
      expect(counts).toEqual({
        deliveries: 10_000,
        people: 10_000,
        ledger: 10_000,
        notices: 10_000,
        noticed: 10_000,
        wrong_balances: 0,
      });
      expect(await ledgerInvariantViolations(a.database.db)).toEqual(noViolations);
    },
    600_000,
  );
});
