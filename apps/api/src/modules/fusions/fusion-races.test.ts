import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { inTransaction } from '../../db/transaction.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertProduct } from '../../testing/catalog-fixtures.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { lockWaitersSeen, raceThroughGate } from '../../testing/lock-barrier.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { depositForTest } from '../../testing/wallet-helpers.ts';
import { publishInConsole } from '../../testing/console-publication.ts';
import { moveEdition } from '../collection/move-edition.ts';

// Fusions at once through two API instances on one PostgreSQL (issue 19's acceptance). On PGlite (one transaction at
// a time) there is no race to run: these run in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;
let admin: { accessToken: string };

twoInstancesOnPostgres({}, (made) => ({ a, b, admin } = made));

const db = () => a.database.db;
const gateUrl = () => a.database.pool!.options.connectionString!;
const iso = (minutes: number) => new Date(a.clock.now().getTime() + minutes * MINUTE_MS).toISOString();

/** `count` collectors of one brand, each holding the two editions of a pack they bought and opened. */
async function collectorsOfOneBrand(count: number) {
  const drop = await insertLiveDrop(db(), { now: a.clock.now(), rounds: [{ packCount: count }], editionsPerPack: 2 });
  const collectors = [];
  for (let n = 0; n < count; n += 1) {
    const buyer = await fastBuyer(a);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const bought = await a.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
      payload: { dropId: drop.dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    const [pack] = await queryRows<{ id: string }>(
      db(),
      sql`select id from packs where order_id = ${bought.json().data.id}`,
    );
    await a.app.inject({ method: 'POST', url: `/v1/packs/${pack!.id}/open`, headers: bearer(buyer.accessToken) });
    const editions = await queryRows<{ id: string }>(
      db(),
      sql`select id from editions where pack_id = ${pack!.id} order by id`,
    );
    collectors.push({ ...buyer, editionIds: editions.map((edition) => edition.id) });
  }
  return { brandId: drop.brand.id, collectors };
}

/** The console's form of a fusion of the brand: `requiredCount` COMMON editions make one result. */
function fusionForm(brandId: string, resultProductId: string, supply: number, requiredCount: number, beginAt: string) {
  return {
    brandId,
    categoryId: null,
    name: 'Race Fusion',
    description: '',
    imageUrl: '/uploads/fusion.webp',
    beginAt,
    endAt: iso(60),
    resultProductId,
    resultSupply: supply,
    slots: [{ name: 'Any', requiredCount, rule: { kind: 'RARITY', rarity: 'COMMON' } }],
  };
}

/** A published fusion of the brand, open now unless it begins `beginsInMinutes` from now. */
async function fusionOf(brandId: string, supply: number, requiredCount: number, beginsInMinutes = -1) {
  const result = await insertProduct(db(), brandId, { rarity: 'EPIC' });
  const created = await a.app.inject({
    method: 'POST',
    url: '/v1/console/fusions',
    headers: bearer(admin.accessToken),
    payload: fusionForm(brandId, result.id, supply, requiredCount, iso(beginsInMinutes)),
  });
  expect(created.statusCode, created.body).toBe(201);
  return publishInConsole(a, admin.accessToken, 'fusions', created.json().data.id);
}

function fuse(instance: TestApp, accessToken: string, fusion: { id: string; slots: { id: string }[] }, ids: string[]) {
  return instance.app.inject({
    method: 'POST',
    url: `/v1/fusions/${fusion.id}/fuse`,
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { slots: [{ slotId: fusion.slots[0]!.id, editionIds: ids }] },
  });
}

describe('fusions at once through two instances', () => {
  it.runIf(isOnPostgres)(
    '20 concurrent fusions of the same editions: exactly one succeeds, the burned editions cannot be used again',
    async () => {
      const { brandId, collectors } = await collectorsOfOneBrand(1);
      const [collector] = collectors;
      const fusion = await fusionOf(brandId, 20, 1);
      const commons = await queryRows<{ id: string }>(
        db(),
        sql`select id from editions where id = any(${sqlArray(collector!.editionIds)}::uuid[]) and rarity = 'COMMON'`,
      );
      const material = [commons[0]!.id];
      // The gate holds the edition, which every fusion locks after finding the fusion open: all 20 queue on it (10 an
      // instance, within each pool's 12 connections), so 20 seen waiting proves they overlapped.
      const answers = await raceThroughGate(
        gateUrl(),
        [{ text: 'select 1 from editions where id = $1 for update', values: material }],
        20,
        () =>
          Promise.all(
            Array.from({ length: 20 }, (_, n) => fuse(n % 2 === 0 ? a : b, collector!.accessToken, fusion, material)),
          ),
      );
      const codes = answers.map((answer) => (answer.statusCode === 201 ? 'FUSED' : answer.json().code));
      expect(codes.filter((code) => code === 'FUSED')).toHaveLength(1);
      expect(codes.filter((code) => code !== 'FUSED' && code !== 'EDITION_UNAVAILABLE')).toEqual([]);
      const [runs] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from fusion_runs where fusion_id = ${fusion.id}`,
      );
      expect(runs!.n).toBe(1);
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    '50 collectors fuse at once for the last 5 results: 5 made, 45 told all fused with their editions kept',
    async () => {
      const { brandId, collectors } = await collectorsOfOneBrand(50);
      const fusion = await fusionOf(brandId, 5, 1);
      const commonOf = new Map(
        (
          await queryRows<{ id: string; owner_user_id: string }>(
            db(),
            sql`select distinct on (owner_user_id) id, owner_user_id from editions
                where brand_id = ${brandId} and rarity = 'COMMON' and state = 'OWNED' order by owner_user_id, id`,
          )
        ).map((row) => [row.owner_user_id, row.id]),
      );
      const playing = collectors.filter((collector) => commonOf.has(collector.userId));
      expect(playing.length).toBeGreaterThanOrEqual(40);
      // The gate holds every collector's edition, each locked by its fusion after finding the fusion open and before
      // it claims a result. Each instance's pool holds 12 connections, so at most 24 queue at once (the rest wait for
      // a connection); 20 seen waiting proves that 20 fusions were under way together for the last 5 results.
      const answers = await raceThroughGate(
        gateUrl(),
        [{ text: 'select 1 from editions where id = any($1::uuid[]) for update', values: [[...commonOf.values()]] }],
        20,
        () =>
          Promise.all(
            playing.map((collector, n) =>
              fuse(n % 2 === 0 ? a : b, collector.accessToken, fusion, [commonOf.get(collector.userId)!]),
            ),
          ),
      );
      const codes = answers.map((answer) => (answer.statusCode === 201 ? 'FUSED' : answer.json().code));
      expect(codes.filter((code) => code === 'FUSED')).toHaveLength(5);
      expect(codes.filter((code) => code === 'FUSION_ALL_FUSED')).toHaveLength(playing.length - 5);
      const [burned] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from editions where brand_id = ${brandId} and state = 'BURNED'`,
      );
      expect(burned!.n).toBe(5);
      const [issued] = await queryRows<{ n: number; unissued: number }>(
        db(),
        sql`select count(*) filter (where o.run_id is not null)::int as n,
                   count(*) filter (where o.run_id is null)::int as unissued
            from fusion_outputs o where o.fusion_id = ${fusion.id}`,
      );
      expect(issued).toEqual({ n: 5, unissued: 0 });
    },
    240_000,
  );

  it.runIf(isOnPostgres)(
    'a close waits for a fusion under way, which completes before the new end; none completes after the close',
    async () => {
      const { brandId, collectors } = await collectorsOfOneBrand(2);
      const fusion = await fusionOf(brandId, 5, 1);
      const commonOf = async (editionIds: string[]) =>
        (
          await queryRows<{ id: string }>(
            db(),
            sql`select id from editions where id = any(${sqlArray(editionIds)}::uuid[]) and rarity = 'COMMON' limit 1`,
          )
        )[0]!.id;
      const [first, second] = [collectors[0]!, collectors[1]!];
      const [firstCommon, secondCommon] = [await commonOf(first.editionIds), await commonOf(second.editionIds)];

      // The gate holds the first collector's edition: their fusion stops there, after it found the fusion open and
      // took its row FOR SHARE, and before it commits.
      const gate = new pg.Client({ connectionString: a.database.pool!.options.connectionString! });
      await gate.connect();
      try {
        await gate.query('begin');
        await gate.query('select 1 from editions where id = $1 for update', [firstCommon]);
        const fusing = fuse(a, first.accessToken, fusion, [firstCommon]);
        await lockWaitersSeen(gate, 1);
        let isCloseAnswered = false;
        const closing = b.app
          .inject({ method: 'POST', url: `/v1/console/fusions/${fusion.id}/close`, headers: bearer(admin.accessToken) })
          .finally(() => {
            isCloseAnswered = true;
          });
        // Both in flight at once: the close queues on the fusion's row behind the fusion under way.
        await lockWaitersSeen(gate, 2);
        expect(isCloseAnswered).toBe(false);
        await gate.query('commit');
        const [fused, closed] = await Promise.all([fusing, closing]);
        expect(fused.statusCode, fused.body).toBe(201);
        expect(closed.statusCode, closed.body).toBe(200);
        expect(Date.parse(fused.json().data.createdAt)).toBeLessThanOrEqual(Date.parse(closed.json().data.endAt));
      } finally {
        await gate.query('rollback').catch(() => undefined);
        await gate.end();
      }
      const late = await fuse(a, second.accessToken, fusion, [secondCommon]);
      expect(late.statusCode).toBe(409);
      expect(late.json().code).toBe('FUSION_NOT_AVAILABLE');
      const [runs] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from fusion_runs where fusion_id = ${fusion.id}`,
      );
      expect(runs!.n).toBe(1);
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    'an edit that opens a fusion now with new slots, and a fusion asked for as the edit commits: it is checked against the new slots, never a 500',
    async () => {
      const { brandId, collectors } = await collectorsOfOneBrand(1);
      const collector = collectors[0]!;
      const fusion = await fusionOf(brandId, 5, 1, 30);
      const [common] = await queryRows<{ id: string }>(
        db(),
        sql`select id from editions where id = any(${sqlArray(collector.editionIds)}::uuid[]) and rarity = 'COMMON' limit 1`,
      );
      const [{ result_product_id: resultProductId }] = (await queryRows<{ result_product_id: string }>(
        db(),
        sql`select result_product_id from fusions where id = ${fusion.id}`,
      )) as [{ result_product_id: string }];

      // The gate holds the fusion's row. The edit (begin now, its slot replaced by one that takes two) queues on it
      // first, then the fusion asked for with the slot as it was, which queues behind the edit: it runs once the edit
      // has committed, and the slot it names is gone.
      const gate = new pg.Client({ connectionString: a.database.pool!.options.connectionString! });
      await gate.connect();
      try {
        await gate.query('begin');
        await gate.query('select 1 from fusions where id = $1 for update', [fusion.id]);
        const editing = b.app.inject({
          method: 'PUT',
          url: `/v1/console/fusions/${fusion.id}`,
          headers: bearer(admin.accessToken),
          payload: fusionForm(brandId, resultProductId, 5, 2, iso(-1)),
        });
        await lockWaitersSeen(gate, 1);
        const fusing = fuse(a, collector.accessToken, fusion, [common!.id]);
        await lockWaitersSeen(gate, 2);
        await gate.query('commit');
        const [edited, fused] = await Promise.all([editing, fusing]);
        expect(edited.statusCode, edited.body).toBe(200);
        expect(fused.statusCode, fused.body).toBe(422);
        expect(fused.json().code).toBe('FUSION_MATERIALS_INCOMPLETE');
      } finally {
        await gate.query('rollback').catch(() => undefined);
        await gate.end();
      }
      const [kept] = await queryRows<{ state: string }>(db(), sql`select state from editions where id = ${common!.id}`);
      expect(kept!.state).toBe('OWNED');
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    'a fusion that arrived first and waited while its edition was unlocked burns it after the unlock in its history',
    async () => {
      const { brandId, collectors } = await collectorsOfOneBrand(1);
      const [collector] = collectors;
      const fusion = await fusionOf(brandId, 5, 1);
      const [common] = await queryRows<{ id: string }>(
        db(),
        sql`select id from editions where id = any(${sqlArray(collector!.editionIds)}::uuid[]) and rarity = 'COMMON'`,
      );
      const lock = (move: 'lock') =>
        a.app.inject({
          method: 'POST',
          url: `/v1/editions/${common!.id}/${move}`,
          headers: bearer(collector!.accessToken),
        });
      expect((await lock('lock')).statusCode).toBe(200);

      // The unlock, a request that arrived a minute after the fusion, holds the edition's row while the fusion arrives
      // and queues on it; once the unlock commits, the fusion finds the edition free and burns it.
      const watcher = new pg.Client({ connectionString: a.database.pool!.options.connectionString! });
      await watcher.connect();
      let fusing: Promise<Awaited<ReturnType<typeof fuse>>> | undefined;
      try {
        await inTransaction(db(), async (tx) => {
          const later = new Date(a.clock.now().getTime() + MINUTE_MS);
          await moveEdition(tx, { editionId: common!.id, move: 'unlock', ownerUserId: collector!.userId, now: later });
          // inject sends on its first then(): Promise.resolve starts it now.
          fusing = Promise.resolve(fuse(b, collector!.accessToken, fusion, [common!.id]));
          await lockWaitersSeen(watcher, 1);
        });
      } finally {
        await watcher.end();
      }
      expect((await fusing!).statusCode).toBe(201);
      const history = await queryRows<{ kind: string }>(
        db(),
        sql`select kind from product_activities where edition_id = ${common!.id} order by created_at, id`,
      );
      expect(history.map((entry) => entry.kind).slice(-3)).toEqual(['LOCKED', 'UNLOCKED', 'BURNED']);
    },
    180_000,
  );
});
