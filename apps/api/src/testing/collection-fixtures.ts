import { sql } from 'drizzle-orm';
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
