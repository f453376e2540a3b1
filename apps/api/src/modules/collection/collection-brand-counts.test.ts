import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { brandCountDrift } from '../../testing/collection-fixtures.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { raceThroughGate } from '../../testing/lock-barrier.ts';
import { secondInstance } from '../../testing/second-instance.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest } from '../../testing/wallet-helpers.ts';

// My Collection's brand counts (collection_brand_counts) are kept by a statement-level trigger on editions (migration
// 0034). Each test file that moves editions ends by comparing them with a count of the editions (brandCountDrift);
// this one looks at the trigger's own cases and at one collector's moves racing each other on two instances.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

async function keptCounts(userId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ brand_id: string; edition_count: number }>(
    db(),
    sql`select brand_id, edition_count from collection_brand_counts where owner_user_id = ${userId}`,
  );
  return Object.fromEntries(rows.map((row) => [row.brand_id, Number(row.edition_count)]));
}

/** A funded collector who bought `packs` packs of a fresh live drop of 2 editions a pack (not opened). */
async function collectorWithPacks(app: TestApp, packs: number) {
  const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: packs }], editionsPerPack: 2 });
  const collector = await fastBuyer(app);
  await depositForTest(db(), { userId: collector.userId, source: 'crypto', amount: 1_000_000 });
  // Orders of at most 6 packs (an order's quantity has a ceiling).
  for (let left = packs; left > 0; left -= 6) {
    const bought = await app.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
      payload: { dropId: drop.dropId, quantity: Math.min(6, left), paymentMethod: 'BALANCE' },
    });
    expect(bought.statusCode).toBe(201);
  }
  const packIds = (
    await queryRows<{ id: string }>(db(), sql`select id from packs where drop_id = ${drop.dropId} order by number`)
  ).map((row) => row.id);
  return { drop, collector, packIds };
}

describe('brand counts kept by the editions trigger', () => {
  it('count what a statement adds, moves out of the collected states, gives to another person, and deletes', async () => {
    const { drop, collector, packIds } = await collectorWithPacks(t, 2);
    const brandId = drop.brand.id;
    // Bought, not opened: a pack's editions are not yet anybody's collection.
    expect(await keptCounts(collector.userId)).toEqual({});

    for (const packId of packIds) {
      const opened = await t.app.inject({
        method: 'POST',
        url: `/v1/packs/${packId}/open`,
        headers: bearer(collector.accessToken),
      });
      expect(opened.statusCode).toBe(200);
    }
    expect(await keptCounts(collector.userId)).toEqual({ [brandId]: 4 });

    const [first, second, third] = (
      await queryRows<{ id: string }>(
        db(),
        sql`select id from editions where owner_user_id = ${collector.userId} order by token_id`,
      )
    ).map((row) => row.id);
    // A lock stays in the collection; an export leaves it.
    const post = (url: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
        ...(payload ? { payload } : {}),
      });
    expect((await post(`/v1/editions/${first}/lock`)).statusCode).toBe(200);
    expect((await post(`/v1/editions/${second}/export`, { address: WALLET })).statusCode).toBe(200);
    expect(await keptCounts(collector.userId)).toEqual({ [brandId]: 3 });

    // One statement, two people: an edition handed from the collector to someone else moves one count each way.
    const other = await fastBuyer(t);
    await db().execute(sql`update editions set owner_user_id = ${other.userId} where id = ${third}`);
    expect(await keptCounts(collector.userId)).toEqual({ [brandId]: 2 });
    expect(await keptCounts(other.userId)).toEqual({ [brandId]: 1 });

    // A row that leaves the table takes its count with it.
    await db().execute(sql`delete from product_activities where edition_id = ${third}`);
    await db().execute(sql`delete from editions where id = ${third}`);
    expect(await keptCounts(other.userId)).toEqual({ [brandId]: 0 });
    expect(await brandCountDrift(db())).toEqual([]);
  });

  it.runIf(Boolean(testDatabaseUrl()))(
    'one collector’s openings, locks and exports all at once on two instances: the counts equal the editions',
    async () => {
      const second = await secondInstance(t);
      try {
        const { drop, collector, packIds } = await collectorWithPacks(t, 12);
        // Six packs opened first, so there are editions to lock and export while the other six open.
        for (const packId of packIds.slice(0, 6)) {
          await t.app.inject({
            method: 'POST',
            url: `/v1/packs/${packId}/open`,
            headers: bearer(collector.accessToken),
          });
        }
        const held = (
          await queryRows<{ id: string }>(
            db(),
            sql`select id from editions where owner_user_id = ${collector.userId} order by token_id`,
          )
        ).map((row) => row.id);
        const apps = [t, second.app];
        const post = (index: number, url: string, payload?: object) =>
          apps[index % 2]!.app.inject({
            method: 'POST',
            url,
            headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
            ...(payload ? { payload } : {}),
          });
        // The gate holds the collector's count row: the trigger of every opening and export queues on it, then they
        // run into each other (a lock keeps the edition in the collection, so its statement changes no count and
        // passes the gate: the four locks run among the queued ones).
        const answers = await raceThroughGate(
          t.database.pool!.options.connectionString!,
          [
            {
              text: 'select 1 from collection_brand_counts where owner_user_id = $1 for update',
              values: [collector.userId],
            },
          ],
          10,
          () =>
            Promise.all([
              ...packIds.slice(6).map((packId, index) => post(index, `/v1/packs/${packId}/open`)),
              ...held.slice(0, 4).map((editionId, index) => post(index, `/v1/editions/${editionId}/lock`)),
              ...held
                .slice(4, 8)
                .map((editionId, index) => post(index + 1, `/v1/editions/${editionId}/export`, { address: WALLET })),
            ]),
        );
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array<number>(14).fill(200));
        // 24 editions opened, 4 exported: 20 in the collection, as kept and as counted.
        expect(await keptCounts(collector.userId)).toEqual({ [drop.brand.id]: 20 });
        expect(await brandCountDrift(db())).toEqual([]);
      } finally {
        await second.close();
      }
    },
  );
});
