import { sql } from 'drizzle-orm';
import { collectedEditionStates } from '@cypher/contract';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { newId } from '../lib/ids.ts';
import { bearer } from './auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from './drop-fixtures.ts';
import type { TestApp } from './test-app.ts';
import { depositForTest } from './wallet-helpers.ts';

/**
 * A funded collector who bought the one pack of a fresh live drop through the API (`POST /v2/orders`), its editions in
 * token order; with `isOpened` (the default) the pack is opened too, so they are the collector's, OWNED.
 */
export async function collectorWithPack(
  t: TestApp,
  options: { editionsPerPack?: number; isOpened?: boolean; isInCollection?: boolean } = {},
) {
  const db = t.database.db;
  const drop = await insertLiveDrop(db, {
    now: t.clock.now(),
    isInCollection: options.isInCollection ?? false,
    rounds: [{ packCount: 1 }],
    editionsPerPack: options.editionsPerPack ?? 2,
  });
  const collector = await fastBuyer(t);
  await depositForTest(db, { userId: collector.userId, source: 'crypto', amount: 10_000 });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(collector.accessToken), 'idempotency-key': newId() },
    payload: { dropId: drop.dropId, quantity: 1, paymentMethod: 'BALANCE' },
  });
  if (placed.statusCode !== 201) throw new Error(`the purchase was refused: ${placed.body}`);
  const [pack] = await queryRows<{ id: string }>(db, sql`select id from packs where drop_id = ${drop.dropId}`);
  if (options.isOpened ?? true) {
    await t.app.inject({ method: 'POST', url: `/v1/packs/${pack!.id}/open`, headers: bearer(collector.accessToken) });
  }
  const editions = await queryRows<{ id: string }>(
    db,
    sql`select id from editions where pack_id = ${pack!.id} order by token_id`,
  );
  return { ...drop, collector, packId: pack!.id, editionIds: editions.map((edition) => edition.id) };
}

/**
 * Where the brand counts the editions' trigger keeps (collection_brand_counts) differ from a count of the editions
 * themselves: empty when they agree. A test file that moves editions ends by asking it, so every kind of move it made
 * (an opening, a lock, an equip, an export, a burn, a grant) is seen to keep the counts.
 */
export async function brandCountDrift(db: Db) {
  return queryRows<{ owner_user_id: string; brand_id: string; kept: number; counted: number }>(
    db,
    sql`
      with counted as (
        select owner_user_id, brand_id, count(*)::int as n from editions
        where owner_user_id is not null and state in (${sql.join(
          collectedEditionStates.map((state) => sql`${state}`),
          sql`, `,
        )})
        group by 1, 2
      ),
      kept as (select owner_user_id, brand_id, edition_count as n from collection_brand_counts where edition_count <> 0)
      select coalesce(k.owner_user_id, c.owner_user_id) as owner_user_id, coalesce(k.brand_id, c.brand_id) as brand_id,
             coalesce(k.n, 0) as kept, coalesce(c.n, 0) as counted
      from kept k full join counted c on c.owner_user_id = k.owner_user_id and c.brand_id = k.brand_id
      where coalesce(k.n, 0) <> coalesce(c.n, 0)`,
  );
}
