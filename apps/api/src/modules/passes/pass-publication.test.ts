import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { errorCatalogue } from '@cypher/contract';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { dropRequest } from '../../testing/console-drop-fixtures.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { lockWaitersSeen } from '../../testing/lock-barrier.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { storeMedia } from '../../testing/fixture-media.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balancesOf, depositForTest } from '../../testing/wallet-helpers.ts';
import { salePolicies } from '../drops/drops.tables.ts';

// Passes start as drafts (decision record 50): the console's alone until published, once; a draft changes freely.
let t: TestApp;
let admin: { accessToken: string };
beforeAll(async () => {
  t = await createTestApp();
  await storeMedia(t.storage, ['draft-pass.png']);
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin.accessToken), ...(payload ? { payload } : {}) });

/** A draft pass of a new published brand, its sale open now. */
async function draftPass(overrides: Record<string, unknown> = {}) {
  const brand = await insertBrand(db());
  const created = await asAdmin('POST', '/v1/console/passes', {
    brandId: brand.id,
    name: 'Draft Pass',
    description: '',
    imageUrl: '/uploads/draft-pass.png',
    benefits: [],
    supply: 4,
    price: 1_500,
    perPersonLimit: null,
    saleBeginAt: iso(-1),
    saleEndAt: iso(24 * 60),
    validFrom: iso(-1),
    validUntil: iso(30 * 24 * 60),
    ...overrides,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { brand, pass: created.json().data as { id: string } };
}

const unitsOf = async (passId: string) =>
  (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from pass_units where pass_id = ${passId}`))[0]!
    .n;

describe('a draft pass', () => {
  it('is the console’s alone: not listed, not shown, not sold, not quoted, with no units issued', async () => {
    const { brand, pass } = await draftPass();
    expect(pass).toMatchObject({ publicationStatus: 'DRAFT', publishedAt: null, supply: 4, remaining: 4, sold: 0 });
    expect(await unitsOf(pass.id)).toBe(0);

    const shown = await t.app.inject({ method: 'GET', url: `/v1/passes/${pass.id}` });
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toEqual({ code: 'PASS_NOT_FOUND', message: errorCatalogue.PASS_NOT_FOUND.message });
    const listed = (await t.app.inject({ method: 'GET', url: `/v1/passes?brandId=${brand.id}` })).json().data;
    expect(listed.total).toBe(0);
    const buyer = await fastBuyer(t);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
      payload: { passId: pass.id, quantity: 1, paymentMethod: 'BALANCE' },
    });
    expect(bought.statusCode).toBe(404);
    expect(bought.json().code).toBe('PASS_NOT_FOUND');
    const quote = await t.app.inject({
      method: 'GET',
      url: `/v1/orders/fee?passId=${pass.id}&quantity=1`,
      headers: bearer(buyer.accessToken),
    });
    expect(quote.json().code).toBe('PASS_NOT_FOUND');
    expect(await balancesOf(db(), buyer.userId)).toMatchObject({ withdrawable: 10_000 });

    // The console lists and shows it, as a draft, and finds it among drafts only.
    const consoleList = (await asAdmin('GET', `/v1/console/passes?brandId=${brand.id}`)).json().data;
    expect(consoleList.items).toMatchObject([{ id: pass.id, publicationStatus: 'DRAFT' }]);
    for (const [status, expected] of [
      ['DRAFT', [pass.id]],
      ['PUBLISHED', []],
    ] as const) {
      const filtered = (await asAdmin('GET', `/v1/console/passes?brandId=${brand.id}&status=${status}`)).json().data;
      expect(
        filtered.items.map((item: { id: string }) => item.id),
        status,
      ).toEqual(expected);
    }
    expect((await asAdmin('GET', `/v1/console/passes/${pass.id}`)).json().data.publicationStatus).toBe('DRAFT');
  });

  it('changes freely, supply included; once published its supply is fixed and the rest changes as before', async () => {
    const { pass } = await draftPass();
    const changed = await asAdmin('PATCH', `/v1/console/passes/${pass.id}`, { supply: 7, name: 'Renamed' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ supply: 7, remaining: 7, name: 'Renamed' });

    const published = await asAdmin('POST', `/v1/console/passes/${pass.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ publicationStatus: 'PUBLISHED', supply: 7, remaining: 7 });
    expect(await unitsOf(pass.id)).toBe(7);

    const resized = await asAdmin('PATCH', `/v1/console/passes/${pass.id}`, { supply: 8 });
    expect(resized.statusCode).toBe(400);
    expect(resized.json()).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: 'supply' }] });
    // The form sends the supply back as it was: accepted, with today's changes of a published pass.
    const repriced = await asAdmin('PATCH', `/v1/console/passes/${pass.id}`, { supply: 7, price: 1_800 });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json().data).toMatchObject({ supply: 7, price: { amount: 1_800 } });
    expect(await unitsOf(pass.id)).toBe(7);
  });

  it('is published once, audited, and then sold; publishing again is PASS_ALREADY_PUBLISHED', async () => {
    const { pass } = await draftPass();
    expect((await asAdmin('POST', `/v1/console/passes/${pass.id}/publish`)).statusCode).toBe(200);
    const again = await asAdmin('POST', `/v1/console/passes/${pass.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'PASS_ALREADY_PUBLISHED',
      message: errorCatalogue.PASS_ALREADY_PUBLISHED.message,
    });
    expect(await unitsOf(pass.id)).toBe(4);
    const audit = await queryRows<{ action: string; before: { publicationStatus: string } | null }>(
      db(),
      sql`select action, before from audit_log where entity_type = 'pass' and entity_id = ${pass.id}
          order by created_at, id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'publish']);
    expect(audit[1]!.before!.publicationStatus).toBe('DRAFT');

    const shown = await t.app.inject({ method: 'GET', url: `/v1/passes/${pass.id}` });
    expect(shown.json().data).toMatchObject({ id: pass.id, status: 'ON_SALE', remaining: 4 });
    const buyer = await fastBuyer(t);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
      payload: { passId: pass.id, quantity: 1, paymentMethod: 'BALANCE' },
    });
    expect(bought.statusCode, bought.body).toBe(201);
  });

  it('is deleted while a draft, audited; a published one is not, nor one a drop’s round names', async () => {
    const { pass } = await draftPass();
    const deleted = await asAdmin('DELETE', `/v1/console/passes/${pass.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await asAdmin('GET', `/v1/console/passes/${pass.id}`)).statusCode).toBe(404);
    const [audit] = await queryRows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_id = ${pass.id} and action = 'delete'`,
    );
    expect(audit).toEqual({ action: 'delete' });

    const { pass: published } = await draftPass();
    await asAdmin('POST', `/v1/console/passes/${published.id}/publish`);
    const refused = await asAdmin('DELETE', `/v1/console/passes/${published.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PASS_ALREADY_PUBLISHED');

    // A draft drop's round names the pass: its supply and its row stay while it does.
    const { pass: named } = await draftPass();
    const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 2 }] });
    await db().update(salePolicies).set({ requiredPassId: named.id }).where(eq(salePolicies.dropId, drop.dropId));
    for (const answer of [
      await asAdmin('DELETE', `/v1/console/passes/${named.id}`),
      await asAdmin('PATCH', `/v1/console/passes/${named.id}`, { supply: 9 }),
    ]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        code: 'PASS_NAMED_BY_ROUND',
        message: errorCatalogue.PASS_NAMED_BY_ROUND.message,
      });
    }
    expect((await asAdmin('PATCH', `/v1/console/passes/${named.id}`, { name: 'Still a draft' })).statusCode).toBe(200);
  });

  // Helper's note, session 36: a published drop's round could name a draft pass, which nobody could buy.
  it('keeps a drop whose round is for it from being published until it is published itself', async () => {
    const { brand, pass } = await draftPass({ name: 'Founders Pass' });
    const product = await insertProduct(db(), brand.id); // 100 editions: one a pack fits its 100 packs
    const request = dropRequest(brand.id, [product.id], t.clock.now(), { editionsPerPack: 1 });
    const draftDrop = await asAdmin('POST', '/v1/console/drops', {
      ...request,
      rounds: request.rounds.map((round, index) => (index === 0 ? { ...round, requiredPassId: pass.id } : round)),
    });
    expect(draftDrop.statusCode, draftDrop.body).toBe(201);
    const dropId = draftDrop.json().data.id as string;

    const refused = await asAdmin('POST', `/v1/console/drops/${dropId}/publish`);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      {
        code: 'DROP_PASS_NOT_PUBLISHED',
        message: errorCatalogue.DROP_PASS_NOT_PUBLISHED.message,
        details: [{ field: 'rounds', message: 'Founders Pass is still a draft.' }],
      },
    ]);
    expect((await asAdmin('GET', `/v1/console/drops/${dropId}`)).json().data.publicationStatus).toBe('DRAFT');

    expect((await asAdmin('POST', `/v1/console/passes/${pass.id}/publish`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/v1/console/drops/${dropId}/publish`)).statusCode).toBe(200);
  });

  // Helper's note, session 51: the draft read the pass unlocked, and its round's foreign key then failed (a 500).
  it.runIf(Boolean(testDatabaseUrl()))(
    'a draft pass deleted while a drop draft names it: the deletion goes first and the draft is told the pass is not of the brand, never a 500',
    async () => {
      const { brand, pass } = await draftPass();
      const product = await insertProduct(db(), brand.id);
      const request = dropRequest(brand.id, [product.id], t.clock.now(), { editionsPerPack: 1 });
      // The gate holds the pass's row; the deletion queues on it first, then the draft that names the pass.
      const gate = new pg.Client({ connectionString: t.database.pool!.options.connectionString! });
      await gate.connect();
      try {
        await gate.query('begin');
        await gate.query('select 1 from passes where id = $1 for update', [pass.id]);
        const deleting = asAdmin('DELETE', `/v1/console/passes/${pass.id}`);
        await lockWaitersSeen(gate, 1);
        const drafting = asAdmin('POST', '/v1/console/drops', {
          ...request,
          rounds: request.rounds.map((round, index) => (index === 0 ? { ...round, requiredPassId: pass.id } : round)),
        });
        await lockWaitersSeen(gate, 2);
        await gate.query('commit');
        const [deleted, drafted] = await Promise.all([deleting, drafting]);
        expect(deleted.statusCode, deleted.body).toBe(204);
        expect([drafted.statusCode, drafted.json().code]).toEqual([
          errorCatalogue.PASS_NOT_OF_BRAND.status,
          'PASS_NOT_OF_BRAND',
        ]);
      } finally {
        await gate.query('rollback').catch(() => undefined);
        await gate.end();
      }
      const [named] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from sale_policies where required_pass_id = ${pass.id}`,
      );
      expect(named!.n).toBe(0);
    },
  );

  it('is published or deleted only by an operator of its brand', async () => {
    const { pass } = await draftPass();
    const other = await insertBrand(db());
    const manager = await signUpOperator(t, 'brand_manager', other.id);
    for (const [method, url] of [
      ['POST', `/v1/console/passes/${pass.id}/publish`],
      ['DELETE', `/v1/console/passes/${pass.id}`],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers: bearer(manager.accessToken) });
      expect(answer.statusCode).toBe(403);
    }
    expect((await asAdmin('POST', `/v1/console/passes/${newId()}/publish`)).json().code).toBe('PASS_NOT_FOUND');
  });
});
