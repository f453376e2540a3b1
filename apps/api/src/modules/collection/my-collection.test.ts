import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMyCollectionQuery } from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { cachedEditionFacts } from './edition-views.ts';
import { listMyEditions, myEditionsStatement } from './list-my-editions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A drop whose packs' editions all become `userId`'s as if opened (test set-up, straight in the table). */
async function collect(userId: string, packCount: number) {
  const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount }], editionsPerPack: 2 });
  await db().execute(sql`
    update editions set owner_user_id = ${userId}, state = 'OWNED', acquired_at = ${t.clock.now().toISOString()}::timestamptz
    where pack_id in (select id from packs where drop_id = ${drop.dropId})`);
  return drop;
}

const myCollection = async (accessToken: string, query = '') =>
  (await t.app.inject({ method: 'GET', url: `/v1/editions${query}`, headers: bearer(accessToken) })).json().data;

describe('My Collection', () => {
  it('lists what I hold brand after brand with every brand counted, filters by brand and rarity, and sorts', async () => {
    const me = await fastBuyer(t);
    const first = await collect(me.userId, 2);
    t.clock.advance(1_000);
    const second = await collect(me.userId, 1);
    // One edition exported: it has left the collection.
    const [gone] = await queryRows<{ id: string }>(
      db(),
      sql`select e.id from editions e join packs p on p.id = e.pack_id where p.drop_id = ${second.dropId} limit 1`,
    );
    await t.app.inject({
      method: 'POST',
      url: `/v1/editions/${gone!.id}/export`,
      headers: { ...bearer(me.accessToken), 'idempotency-key': newId() },
      payload: { address: `0x${'1'.repeat(40)}` },
    });

    // Names in the opposite order of the brands' ids, which the groups follow: the chips must follow the groups.
    const [lower, higher] = [first.brand.id, second.brand.id].sort();
    await db().execute(sql`update brands set name = 'Zenith Works' where id = ${lower}`);
    await db().execute(sql`update brands set name = 'Aster Studio' where id = ${higher}`);
    const all = await myCollection(me.accessToken);
    expect(all.total).toBe(5);
    const brandsInOrder = all.items.map((item: { brand: { id: string } }) => item.brand.id);
    // Grouped: each brand's editions together.
    expect(new Set(brandsInOrder).size).toBe(2);
    const changes = brandsInOrder.filter((id: string, index: number) => index > 0 && id !== brandsInOrder[index - 1]);
    expect(changes).toHaveLength(1);
    expect(
      all.brands.map((entry: { brand: { id: string }; count: number }) => [entry.brand.id, entry.count]).sort(),
    ).toEqual(
      [
        [first.brand.id, 4],
        [second.brand.id, 1],
      ].sort(),
    );
    expect(all.items.some((item: { id: string }) => item.id === gone!.id)).toBe(false);
    // The chips in the order of the groups.
    expect(all.brands.map((entry: { brand: { id: string } }) => entry.brand.id)).toEqual([...new Set(brandsInOrder)]);

    const ofFirst = await myCollection(me.accessToken, `?brandId=${first.brand.id}&sort=serial`);
    expect(ofFirst.total).toBe(4);
    // The brand chips keep every brand whatever the filter.
    expect(ofFirst.brands).toHaveLength(2);
    const serials = ofFirst.items.map((item: { product: { id: string }; serialNumber: number }) => [
      item.product.id,
      item.serialNumber,
    ]);
    // The lowest numbers first, whichever product they are of.
    expect(serials).toEqual([...serials].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])));

    const legendary = await myCollection(me.accessToken, '?rarity=LEGENDARY');
    expect(legendary.items.every((item: { product: { rarity: string } }) => item.product.rarity === 'LEGENDARY')).toBe(
      true,
    );
    const rarest = await myCollection(me.accessToken, `?brandId=${first.brand.id}&sort=rarity`);
    expect(rarest.items[0].product.rarity).toBe('LEGENDARY');

    const stranger = await fastBuyer(t);
    expect(await myCollection(stranger.accessToken)).toMatchObject({ items: [], total: 0, brands: [] });
  });

  it('puts the brands in the order of their names, whatever their case and accents, the same across pages', async () => {
    const me = await fastBuyer(t);
    const drops = [];
    for (let index = 0; index < 3; index++) drops.push(await collect(me.userId, 1));
    // Named against the order of their ids, which the groups followed; a capital and an accent, which the
    // database's own byte order would put first ("Anvil Co") and last ("Émeraude").
    const ids = drops.map((drop) => drop.brand.id).sort();
    const names = ['zinnia yard', 'Émeraude', 'Anvil Co'];
    for (const [index, id] of ids.entries()) {
      await db().execute(sql`update brands set name = ${names[index]} where id = ${id}`);
    }
    const byName = [ids[2], ids[1], ids[0]];
    const brandIdsOf = (page: { items: { brand: { id: string } }[] }) => page.items.map((item) => item.brand.id);

    for (const sort of ['newest', 'rarity', 'serial']) {
      const all = await myCollection(me.accessToken, `?sort=${sort}`);
      expect(all.brands.map((entry: { brand: { id: string } }) => entry.brand.id)).toEqual(byName);
      expect(brandIdsOf(all)).toEqual(byName.flatMap((id) => [id, id]));
      // A page boundary inside a brand: the pages together are the whole list, in the same order.
      const first = await myCollection(me.accessToken, `?sort=${sort}&size=3`);
      const second = await myCollection(me.accessToken, `?sort=${sort}&size=3&page=2`);
      const third = await myCollection(me.accessToken, `?sort=${sort}&size=3&page=3`);
      expect([...first.items, ...second.items].map((item: { id: string }) => item.id)).toEqual(
        all.items.map((item: { id: string }) => item.id),
      );
      expect(third.items).toEqual([]);
      expect(second.total).toBe(6);
    }
    // Under a filter the brand counts cannot answer, the same.
    const rarity = (await myCollection(me.accessToken)).items[0].product.rarity;
    const ofRarity = await myCollection(me.accessToken, `?rarity=${rarity}`);
    const onePerPage = [];
    for (let page = 1; page <= ofRarity.total; page++) {
      onePerPage.push(...(await myCollection(me.accessToken, `?rarity=${rarity}&size=1&page=${page}`)).items);
    }
    expect(onePerPage).toEqual(ofRarity.items);
    expect(brandIdsOf(ofRarity)).toEqual(byName.flatMap((id) => brandIdsOf(ofRarity).filter((held) => held === id)));
  });

  it('loads the first page of 1,000 editions with the same fixed number of queries as of 2', async () => {
    const queriesFor = async (userId: string) => {
      const sent: string[] = [];
      const page = await listMyEditions(
        t.database.observed((statement) => sent.push(statement)).db,
        userId,
        ZMyCollectionQuery.parse({}),
      );
      return { sent, page };
    };
    const small = await fastBuyer(t);
    await collect(small.userId, 1);
    const large = await fastBuyer(t);
    await collect(large.userId, 500);

    const few = await queriesFor(small.userId);
    const many = await queriesFor(large.userId);
    expect(few.page.total).toBe(2);
    expect(many.page.total).toBe(1_000);
    expect(many.page.items).toHaveLength(20);
    // The page with the brand counts (the total is their sum), one statement; the page's products, brands,
    // collections (none here, so not asked) and owners; the counted brands.
    expect(many.sent).toHaveLength(5);
    expect(many.sent[0]).toMatch(/json_agg/);
    expect(few.sent).toHaveLength(many.sent.length);

    // Through the read routes' caches (decision record 18), a page read again within the second asks only its own
    // statement: the products, brands and owners it shows were kept.
    const facts = cachedEditionFacts(1_000, () => t.clock.now().getTime());
    const read = (sent: string[]) =>
      listMyEditions(
        t.database.observed((statement) => sent.push(statement)).db,
        large.userId,
        ZMyCollectionQuery.parse({}),
        facts,
      );
    const cold: string[] = [];
    const warm: string[] = [];
    const first = await read(cold);
    const again = await read(warm);
    // Cold, the counted brands share the page's brand lookup, already in flight: four.
    expect(cold).toHaveLength(4);
    expect(warm).toHaveLength(1);
    expect(again).toEqual(first);
    t.clock.advance(1_001);
    const expired: string[] = [];
    await read(expired);
    expect(expired).toHaveLength(4);
  });

  it("reads each sort's page from its index in order, sorting no edition, with or without a brand", async () => {
    const me = await fastBuyer(t);
    const drop = await collect(me.userId, 3);
    const values: Record<string, unknown> = {
      userId: me.userId,
      brandId: drop.brand.id,
      limit: 24,
      offset: 0,
      reach: 24,
    };
    const plans = await inTransaction(db(), async (tx) => {
      // A handful of rows make a scan and a sort cheapest; forbid them to see whether an index gives the order.
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort', 'enable_incremental_sort']) {
        await tx.execute(sql`select set_config(${setting}, 'off', true)`);
      }
      const plans: Record<string, string> = {};
      for (const sort of ['newest', 'rarity', 'serial'] as const) {
        for (const brandId of [undefined, drop.brand.id]) {
          const query = ZMyCollectionQuery.parse({ sort, brandId });
          // The statement the page sends, explained as PostgreSQL runs it: prepared, then executed with values.
          const statement = myEditionsStatement(tx, query).getQuery();
          const name = `plan_${sort}_${brandId ? 'brand' : 'all'}`;
          const args = statement.params.map((param) => {
            const value = typeof param === 'object' && param && 'name' in param ? values[String(param.name)] : param;
            return typeof value === 'number' ? String(value) : `'${String(value)}'`;
          });
          await tx.execute(sql.raw(`prepare ${name} as ${statement.sql}`));
          const { rows } = (await tx.execute(sql.raw(`explain execute ${name}(${args.join(', ')})`))) as unknown as {
            rows: Record<string, string>[];
          };
          await tx.execute(sql.raw(`deallocate ${name}`));
          plans[name] = rows.map((row) => Object.values(row)[0]).join('\n');
        }
      }
      return plans;
    });
    for (const [name, plan] of Object.entries(plans)) {
      const sort = name.split('_')[1];
      expect(plan, name).toMatch(new RegExp(`Index Scan using editions_collected_${sort}_idx`));
      // The brands held are put in order by name (a row per brand); no edition is sorted.
      expect(plan, name).not.toMatch(/Sort Key: [^\n]*editions\./);
      expect(plan, name).not.toMatch(/Seq Scan on editions/);
    }
  });
});
