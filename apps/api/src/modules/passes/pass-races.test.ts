import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fundedBuyer } from '../../testing/drop-fixtures.ts';
import { lockWaitersSeen } from '../../testing/lock-barrier.ts';
import { noPurchaseViolations, purchaseInvariantViolations } from '../../testing/purchase-invariants.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { balancesOf } from '../../testing/wallet-helpers.ts';
import { passUnits } from './passes.tables.ts';
import { racePassOnSale } from '../../testing/pass-fixtures.ts';

// Passes bought at once through two API instances on one PostgreSQL, as packs are in orders/purchase-races.test.ts:
// each instance batches its own purchases, and the batches meet only in PostgreSQL. On PGlite (one transaction at a
// time) there is no race to run: these run in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;
let admin: { accessToken: string };

twoInstancesOnPostgres({}, (made) => ({ a, b, admin } = made));

const db = () => a.database.db;
const iso = (minutes: number) => new Date(a.clock.now().getTime() + minutes * MINUTE_MS).toISOString();

const passOnSale = (supply: number, perPersonLimit: number | null) =>
  racePassOnSale(a, admin.accessToken, { supply, perPersonLimit });

function buy(instance: TestApp, accessToken: string, passId: string, quantity = 1) {
  return instance.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { passId, quantity, paymentMethod: 'BALANCE' },
  });
}

describe('passes bought at once through two instances on one PostgreSQL', () => {
  it.runIf(isOnPostgres)(
    '60 funded buyers for 5 passes: exactly 5 sold and charged once each, 55 told PASS_SOLD_OUT and charged nothing',
    async () => {
      const passId = await passOnSale(5, null);
      const buyers = [];
      for (let n = 0; n < 60; n += 1) buyers.push(await fundedBuyer(a, 5_000));
      const answers = await Promise.all(
        buyers.map((buyer, index) => buy(index % 2 === 0 ? a : b, buyer.accessToken, passId)),
      );
      const winners = answers.filter((answer) => answer.statusCode === 201).length;
      const soldOut = answers.filter((answer) => answer.json().code === 'PASS_SOLD_OUT').length;
      expect({ winners, soldOut }).toEqual({ winners: 5, soldOut: 55 });
      const units = await db().select().from(passUnits).where(eq(passUnits.passId, passId));
      expect(units.filter((unit) => unit.ownerUserId !== null)).toHaveLength(5);
      for (const [index, buyer] of buyers.entries()) {
        const charged = answers[index]!.statusCode === 201 ? 1_050 : 0;
        expect(await balancesOf(db(), buyer.userId)).toMatchObject({ withdrawable: 5_000 - charged });
      }
      expect(await purchaseInvariantViolations(db())).toEqual(noPurchaseViolations);
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    'one person, a limit of one, 10 purchases at once over both instances: one pass, one charge',
    async () => {
      const passId = await passOnSale(20, 1);
      const buyer = await fundedBuyer(a, 50_000);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => buy(index % 2 === 0 ? a : b, buyer.accessToken, passId)),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
      expect(answers.filter((answer) => answer.json().code === 'PASS_LIMIT_REACHED')).toHaveLength(9);
      const [held] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pass_units where owner_user_id = ${buyer.userId}`,
      );
      expect(held!.n).toBe(1);
      expect(await balancesOf(db(), buyer.userId)).toMatchObject({ withdrawable: 50_000 - 1_050 });
      expect(await purchaseInvariantViolations(db())).toEqual(noPurchaseViolations);
    },
    120_000,
  );

  it.runIf(isOnPostgres)(
    'a limit set on a pass while a purchase of it is in flight: the purchase, decided by the pass as it read it, still counts',
    async () => {
      const passId = await passOnSale(20, null);
      const buyer = await fundedBuyer(a, 100_000);
      expect((await buy(a, buyer.accessToken, passId, 3)).statusCode).toBe(201);
      // The gate holds the buyer's money, so instance b's purchase reads the pass (no limit yet), then queues inside its
      // transaction; the operator sets the limit on instance a meanwhile, and only then does the purchase go on.
      const gate = new pg.Client({ connectionString: a.database.pool!.options.connectionString! });
      await gate.connect();
      let inFlight: ReturnType<typeof buy>;
      try {
        await gate.query('begin');
        await gate.query('select 1 from ledger_accounts where owner_user_id = $1 for update', [buyer.userId]);
        inFlight = buy(b, buyer.accessToken, passId, 2);
        await lockWaitersSeen(gate, 1);
        const limited = await a.app.inject({
          method: 'PATCH',
          url: `/v1/console/passes/${passId}`,
          headers: bearer(admin.accessToken),
          payload: { perPersonLimit: 5 },
        });
        expect(limited.statusCode).toBe(200);
        await gate.query('commit');
      } finally {
        await gate.query('rollback').catch(() => undefined);
        await gate.end();
      }
      expect((await inFlight).statusCode).toBe(201);

      // Five bought, three before the limit and two while it was set: the limit is reached on either instance.
      for (const instance of [a, b]) {
        const over = await buy(instance, buyer.accessToken, passId);
        expect([over.statusCode, over.json().code]).toEqual([409, 'PASS_LIMIT_REACHED']);
      }
      const [counted] = await queryRows<{ purchased: number }>(
        db(),
        sql`select purchased from purchase_allowances where item_id = ${passId} and user_id = ${buyer.userId}`,
      );
      expect(counted!.purchased).toBe(5);
      expect(await purchaseInvariantViolations(db())).toEqual(noPurchaseViolations);
    },
    120_000,
  );

  it.runIf(isOnPostgres)(
    'a validity narrowed while a purchase holds its claimed unit uncommitted waits for it and is refused PASS_VALIDITY_SOLD',
    async () => {
      const passId = await passOnSale(2, null);
      const buyer = await fundedBuyer(a, 100_000);
      // The gate holds unit 2, so instance b's purchase of both claims unit 1 (the pass's row held FOR KEY SHARE), then
      // waits inside its transaction for unit 2; the operator narrows the validity on instance a meanwhile.
      const gate = new pg.Client({ connectionString: a.database.pool!.options.connectionString! });
      await gate.connect();
      let inFlight: ReturnType<typeof buy>;
      let narrowing: ReturnType<typeof buy>;
      let first: string;
      try {
        await gate.query('begin');
        await gate.query('select 1 from pass_units where pass_id = $1 and number = 2 for update', [passId]);
        inFlight = buy(b, buyer.accessToken, passId, 2);
        await lockWaitersSeen(gate, 1);
        narrowing = a.app.inject({
          method: 'PATCH',
          url: `/v1/console/passes/${passId}`,
          headers: bearer(admin.accessToken),
          payload: { validUntil: iso(120) },
        });
        // The change queues behind the purchase's claim instead of answering while nobody holds the pass yet.
        first = await Promise.race([
          narrowing.then(() => 'the change answered'),
          lockWaitersSeen(gate, 2).then(() => 'the change queued'),
        ]);
        await gate.query('rollback');
      } finally {
        await gate.query('rollback').catch(() => undefined);
        await gate.end();
      }
      expect((await inFlight).statusCode).toBe(201);
      const refused = await narrowing;
      expect([refused.statusCode, refused.json().code, refused.json().details]).toEqual([
        409,
        'PASS_VALIDITY_SOLD',
        [{ field: 'validUntil', message: 'People hold this pass: it can only end later, not earlier.' }],
      ]);
      const [kept] = await queryRows<{ valid_until: Date }>(
        db(),
        sql`select valid_until from passes where id = ${passId}`,
      );
      expect(new Date(kept!.valid_until).toISOString()).toBe(iso(600));
      expect(first).toBe('the change queued');
      expect(await purchaseInvariantViolations(db())).toEqual(noPurchaseViolations);
    },
    120_000,
  );
});
