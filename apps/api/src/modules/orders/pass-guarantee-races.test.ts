import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fundedBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { noPurchaseViolations, purchaseInvariantViolations } from '../../testing/purchase-invariants.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { racePassOnSale } from '../../testing/pass-fixtures.ts';

// A guarantee round's rush through two API instances on one PostgreSQL (decision record 29): holders and everyone
// else buy at once, each instance batching its own purchases. On PGlite (one transaction at a time) there is no race
// to run: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;
let admin: { accessToken: string };

twoInstancesOnPostgres({}, (made) => ({ a, b, admin } = made));

const db = () => a.database.db;

function order(instance: TestApp, accessToken: string, payload: Record<string, unknown>) {
  return instance.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { quantity: 1, paymentMethod: 'BALANCE', ...payload },
  });
}

describe('a round guaranteeing packs to holders, bought at once through two instances', () => {
  it.runIf(isOnPostgres)(
    '10 holders (3 purchases each) and 40 others for 20 held-back and 10 open packs: every holder gets exactly their 2, nothing oversold',
    async () => {
      const passId = await racePassOnSale(a, admin.accessToken, { supply: 10, perPersonLimit: 1, beganMinutesAgo: 5 });
      const drop = await insertLiveDrop(db(), {
        now: a.clock.now(),
        rounds: [{ packCount: 30, passGuarantee: { passId, packsPerHolder: 2, minutes: 30, packCount: 20 } }],
      });
      const holders = [];
      for (let n = 0; n < 10; n += 1) {
        const holder = await fundedBuyer(a, 100_000);
        expect((await order(a, holder.accessToken, { passId })).statusCode).toBe(201);
        holders.push(holder);
      }
      const others = [];
      for (let n = 0; n < 40; n += 1) others.push(await fundedBuyer(a, 100_000));

      const attempts = [
        ...holders.flatMap((holder) => [holder, holder, holder].map((buyer) => ({ buyer, isHolder: true }))),
        ...others.map((buyer) => ({ buyer, isHolder: false })),
      ];
      const answers = await Promise.all(
        attempts.map(({ buyer }, index) => order(index % 2 === 0 ? a : b, buyer.accessToken, { dropId: drop.dropId })),
      );
      const codes = answers.map((answer) => (answer.statusCode === 201 ? 'BOUGHT' : answer.json().code));
      // A holder past their share hears that (HOLDER_SHARE_EXCEEDED), never that the packs are for holders.
      const refusalsOf = (isHolder: boolean) =>
        codes.filter((code, index) => attempts[index]!.isHolder === isHolder && code !== 'BOUGHT');
      expect(refusalsOf(true).filter((code) => !['SOLD_OUT', 'HOLDER_SHARE_EXCEEDED'].includes(code))).toEqual([]);
      expect(refusalsOf(false).filter((code) => !['SOLD_OUT', 'PACKS_HELD_FOR_HOLDERS'].includes(code))).toEqual([]);

      const owned = await queryRows<{ owner: string; held_back: number; open: number }>(
        db(),
        sql`select owner_user_id as owner, count(*) filter (where number <= 20)::int as held_back,
                   count(*) filter (where number > 20)::int as open
            from packs where policy_id = ${drop.policies[0]!.id} and owner_user_id is not null
            group by owner_user_id`,
      );
      const byOwner = new Map(owned.map((row) => [row.owner, row]));
      // Each holder got their share from the held-back packs, whatever the order the rush arrived in, and no more.
      for (const holder of holders) expect(byOwner.get(holder.userId)?.held_back).toBe(2);
      for (const other of others) expect(byOwner.get(other.userId)?.held_back ?? 0).toBe(0);
      // All 30 sold, each once, and exactly as many purchases succeeded.
      const sold = owned.reduce((sum, row) => sum + row.held_back + row.open, 0);
      expect(sold).toBe(30);
      expect(codes.filter((code) => code === 'BOUGHT')).toHaveLength(30);
      expect(await purchaseInvariantViolations(db())).toEqual(noPurchaseViolations);
    },
    240_000,
  );
});
