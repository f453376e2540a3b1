import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimBuyerHash,
  packNumbersOfOrder,
  verifyClaimLog,
  type TClaimLog,
  type TClaimLogEntry,
  type TOrder,
} from '@cypher/contract';
import { MINUTE_MS } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { fastBuyer, freshAccessToken, insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { depositForTest } from '../../../testing/wallet-helpers.ts';
import { timeOutOrders } from '../../orders/time-out-orders.ts';
import { brands } from '../../catalog/catalog.tables.ts';
import { drops, packs } from '../drops.tables.ts';
import { sealClaimLogs } from './seal-claim-log.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function purchase(accessToken: string, dropId: string, quantity: number, paymentMethod: 'BALANCE' | 'CARD') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { dropId, quantity, paymentMethod },
  });
  expect(response.statusCode).toBe(201);
  const id = response.json().data.id as string;
  return (await t.app.inject({ method: 'GET', url: `/v1/orders/${id}`, headers: bearer(accessToken) })).json()
    .data as TOrder;
}

async function claimLog(dropId: string, after = 0): Promise<TClaimLog> {
  const response = await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}/claim-log?after=${after}&size=2` });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** Every entry, page by page, as anyone would read them after the reveal. */
async function allEntries(dropId: string): Promise<TClaimLogEntry[]> {
  const entries: TClaimLogEntry[] = [];
  for (let after: number | null = 0; after !== null;) {
    const page: TClaimLog = await claimLog(dropId, after);
    entries.push(...page.entries!);
    after = page.nextAfter;
  }
  return entries;
}

/** The numbers of a buyer's own packs of one order, as their pack pages show them. */
async function myPackNumbers(userId: string, orderId: string): Promise<number[]> {
  const accessToken = await freshAccessToken(t, userId);
  const collections = (
    await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}/collections`, headers: bearer(accessToken) })
  ).json().data as { packs: { number: number }[] };
  return collections.packs.map((pack) => pack.number).sort((x, y) => x - y);
}

describe('the claim log', () => {
  // Helper's note, session 52: the log of a drop whose brand was taken down was still served, head and entries.
  it('is not found for a drop whose brand is not published, as the drop’s other pages are not', async () => {
    const { dropId, brand } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 2 }] });
    expect((await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}/claim-log` })).statusCode).toBe(200);
    await db().update(brands).set({ status: 'DRAFT' }).where(eq(brands.id, brand.id));
    const hidden = await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}/claim-log` });
    expect(hidden.json()).toMatchObject({ code: 'DROP_NOT_FOUND' });
  });

  // Helper's finding, session 68: a position past PostgreSQL's integer reached the database, which refused it.
  it('refuses a position past any drop’s packs under its field, before the database is asked', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 2 }] });
    const refused = await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}/claim-log?after=2147483648` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: 'after' }] });
  });

  it('logs every claim and release, shows its head while the drop sells, and lets each buyer check their packs once revealed', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 6, price: 1_000 }] });
    const [commitment] = (
      await db().select({ commitment: drops.commitment }).from(drops).where(eq(drops.id, dropId))
    ).map((row) => row.commitment);

    const alice = await fastBuyer(t);
    await depositForTest(db(), { userId: alice.userId, source: 'crypto', amount: 10_000 });
    const bob = await fastBuyer(t);
    const carol = await fastBuyer(t);
    const aliceOrder = await purchase(alice.accessToken, dropId, 2, 'BALANCE');
    const bobOrder = await purchase(bob.accessToken, dropId, 1, 'CARD');

    // While the drop sells: the head only, sealed up to now, chained from the drop's commitment.
    const during = await claimLog(dropId);
    expect(during).toMatchObject({ dropId, isRevealed: false, entries: null, nextAfter: null, head: { length: 3 } });
    expect(during.head.chainHash).toMatch(/^[0-9a-f]{64}$/);
    const headDuringSale = during.head;

    // Bob's hold passes: his pack goes back on sale (logged as released) and Carol's hold takes it.
    t.clock.advance(10 * MINUTE_MS + 1);
    expect(await timeOutOrders(db(), t.clock.now(), 10)).toBe(1);
    const carolOrder = await purchase(carol.accessToken, dropId, 1, 'CARD');
    await sealClaimLogs(db());
    expect((await claimLog(dropId)).head.length).toBe(5);

    // Carol's hold is still open when the drop ends: nothing is published until it is decided.
    const [drop] = await db().select({ dropEndAt: drops.dropEndAt }).from(drops).where(eq(drops.id, dropId));
    t.clock.set(drop!.dropEndAt);
    expect(await claimLog(dropId)).toMatchObject({ isRevealed: false, entries: null });
    t.clock.advance(10 * MINUTE_MS + 1);
    expect(await timeOutOrders(db(), t.clock.now(), 10)).toBe(1);

    const entries = await allEntries(dropId);
    expect(entries.map((entry) => [entry.kind, entry.orderId])).toEqual([
      ['CLAIMED', aliceOrder.id],
      ['CLAIMED', aliceOrder.id],
      ['CLAIMED', bobOrder.id],
      ['RELEASED', bobOrder.id],
      ['CLAIMED', carolOrder.id],
      ['RELEASED', carolOrder.id],
    ]);
    // Anyone: the chain holds from the commitment, and the head noted during the sale is in it, unchanged.
    expect(verifyClaimLog(commitment!, entries)).toEqual({ isChainMatched: true, brokenAt: null });
    expect(entries[headDuringSale.length - 1]!.chainHash).toBe(headDuringSale.chainHash);
    // Alice: the entries hashed with her order's salt are hers, and they name the packs she owns.
    expect(aliceOrder.buyerSalt).toMatch(/^[0-9a-f]{32}$/);
    const mine = entries.filter((entry) => entry.buyerHash === claimBuyerHash(aliceOrder.buyerSalt!, alice.userId));
    expect(mine.map((entry) => entry.orderId)).toEqual([aliceOrder.id, aliceOrder.id]);
    expect(packNumbersOfOrder(entries, aliceOrder.id)).toEqual(await myPackNumbers(alice.userId, aliceOrder.id));
    // Nobody else can tell it is her: her id with another order's salt matches nothing.
    expect(entries.some((entry) => entry.buyerHash === claimBuyerHash(bobOrder.buyerSalt!, alice.userId))).toBe(false);
  });

  it('catches an operator who swaps two unopened packs between buyers, or rewrites an entry', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 4, price: 1_000 }] });
    const [commitment] = (
      await db().select({ commitment: drops.commitment }).from(drops).where(eq(drops.id, dropId))
    ).map((row) => row.commitment);
    const dave = await fastBuyer(t);
    const erin = await fastBuyer(t);
    for (const buyer of [dave, erin])
      await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const daveOrder = await purchase(dave.accessToken, dropId, 1, 'BALANCE');
    const erinOrder = await purchase(erin.accessToken, dropId, 1, 'BALANCE');
    const noted = (await claimLog(dropId)).head;

    // With database access: Dave's and Erin's unopened packs change owners and orders.
    const [davePack] = await db().select().from(packs).where(eq(packs.orderId, daveOrder.id));
    const [erinPack] = await db().select().from(packs).where(eq(packs.orderId, erinOrder.id));
    await db().update(packs).set({ orderId: null, ownerUserId: null }).where(eq(packs.id, davePack!.id));
    await db().update(packs).set({ orderId: daveOrder.id, ownerUserId: dave.userId }).where(eq(packs.id, erinPack!.id));
    await db().update(packs).set({ orderId: erinOrder.id, ownerUserId: erin.userId }).where(eq(packs.id, davePack!.id));

    const [drop] = await db().select({ dropEndAt: drops.dropEndAt }).from(drops).where(eq(drops.id, dropId));
    t.clock.set(drop!.dropEndAt);
    const entries = await allEntries(dropId);
    // The log still says which pack each order claimed when it bought: Dave's check fails, and so does Erin's.
    expect(verifyClaimLog(commitment!, entries).isChainMatched).toBe(true);
    expect(packNumbersOfOrder(entries, daveOrder.id)).toEqual([davePack!.number]);
    expect(await myPackNumbers(dave.userId, daveOrder.id)).toEqual([erinPack!.number]);

    // Rewriting the log to match breaks the chain at that entry...
    await db().execute(
      sql`update pack_claim_log set pack_number = ${erinPack!.number} where order_id = ${daveOrder.id}`,
    );
    await db().execute(
      sql`update pack_claim_log set pack_number = ${davePack!.number} where order_id = ${erinOrder.id}`,
    );
    const rewritten = await allEntries(dropId);
    expect(verifyClaimLog(commitment!, rewritten)).toEqual({ isChainMatched: false, brokenAt: 1 });
    // ...and chaining it all again makes a chain that holds, but not the one whose head was public during the sale.
    await db().execute(sql`update pack_claim_log set position = null, chain_hash = null where drop_id = ${dropId}`);
    await sealClaimLogs(db());
    const rechained = await allEntries(dropId);
    expect(verifyClaimLog(commitment!, rechained).isChainMatched).toBe(true);
    expect(rechained[noted.length - 1]!.chainHash).not.toBe(noted.chainHash);
  });
});
