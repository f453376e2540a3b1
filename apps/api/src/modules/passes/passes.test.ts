import { eq, sql } from 'drizzle-orm';
import { passMessages } from '@cypher/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand } from '../../testing/catalog-fixtures.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { passOnSaleInConsole } from '../../testing/pass-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balancesOf, depositForTest, ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';
import { deliverSignedWebhook } from '../../testing/webhook-helpers.ts';
import { drops, salePolicies } from '../drops/drops.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { deposits } from '../wallet/deposits/deposits.tables.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_passes';
let t: TestApp;
let admin: { accessToken: string };
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://cypher.test', PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();

const passOnSale = (overrides: Record<string, unknown> = {}) => passOnSaleInConsole(t, admin.accessToken, overrides);

async function funded(cents: number) {
  const buyer = await fastBuyer(t);
  await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: cents });
  return buyer;
}

function buyPass(accessToken: string, passId: string, quantity = 1, paymentMethod = 'BALANCE') {
  return t.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { passId, quantity, paymentMethod },
  });
}

describe('passes', () => {
  it('are published in the console with their supply issued, audited, and shown to the public', async () => {
    const { pass } = await passOnSale();
    expect(pass).toMatchObject({ supply: 5, remaining: 5, status: 'ON_SALE', publicationStatus: 'PUBLISHED' });
    const [units] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from pass_units where pass_id = ${pass.id}`,
    );
    expect(units!.n).toBe(5);
    const audit = await queryRows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'pass' and entity_id = ${pass.id} order by created_at, id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'publish']);

    const shown = (await t.app.inject({ method: 'GET', url: `/v1/passes/${pass.id}` })).json().data;
    expect(shown).toMatchObject({ name: 'Season Pass', price: { amount: 2_500, currency: 'USD' }, held: 0 });
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/passes?size=100' })).json().data;
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(pass.id);
  });

  it('refuses a sale that ends before it begins, and a stranger to the console', async () => {
    const brand = await insertBrand(db());
    const pass = {
      brandId: brand.id,
      name: 'Backwards',
      description: '',
      imageUrl: '/uploads/x.png',
      benefits: [],
      supply: 1,
      price: 100,
      perPersonLimit: null,
      saleBeginAt: iso(10),
      saleEndAt: iso(5),
      validFrom: iso(0),
      validUntil: iso(60),
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/console/passes',
      headers: bearer(admin.accessToken),
      payload: pass,
    });
    expect(refused.statusCode).toBe(400);
    const detailsOf = async (changes: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/console/passes',
          headers: bearer(admin.accessToken),
          payload: { ...pass, saleBeginAt: iso(0), ...changes },
        })
      ).json().details;
    // Sold after it stops being valid, it would be worth nothing; its image is one of ours, not any address.
    expect(await detailsOf({ saleEndAt: iso(90) })).toEqual([
      { field: 'saleEndAt', message: 'The sale must end by the time the pass stops being valid.' },
    ]);
    for (const imageUrl of ['https://evil.example/x.png', 'javascript:alert(1)']) {
      expect(await detailsOf({ imageUrl })).toEqual([{ field: 'imageUrl', message: expect.any(String) }]);
    }
    // The console form's words for each number, not "This number is too small" (session 78's console hunt).
    expect(await detailsOf({ supply: 0, perPersonLimit: 0, price: 100_000_01 })).toEqual(
      expect.arrayContaining([
        { field: 'supply', message: passMessages.supply },
        { field: 'perPersonLimit', message: passMessages.perPersonLimit },
        { field: 'price', message: passMessages.price },
      ]),
    );
    // An update is checked with the times it leaves (its own and the pass's).
    const { pass: onSale } = await passOnSale();
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/v1/console/passes/${onSale.id}`,
      headers: bearer(admin.accessToken),
      payload: { validUntil: iso(60) },
    });
    expect(moved.json().details).toEqual([
      { field: 'saleEndAt', message: 'The sale must end by the time the pass stops being valid.' },
    ]);
    const fan = await fastBuyer(t);
    const stranger = await t.app.inject({ method: 'GET', url: '/v1/console/passes', headers: bearer(fan.accessToken) });
    expect(stranger.statusCode).toBe(403);
  });

  it('are bought from the balance through the order flow: charged once, held, receipted, notified', async () => {
    const { pass } = await passOnSale();
    const buyer = await funded(10_000);
    const bought = await buyPass(buyer.accessToken, pass.id);
    expect(bought.statusCode).toBe(201);
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/orders/${bought.json().data.id}`,
        headers: bearer(buyer.accessToken),
      })
    ).json().data;
    expect(order).toMatchObject({
      status: 'SUCCESSFUL',
      item: { kind: 'PASS', id: pass.id, name: 'Season Pass', linkPath: `/pass/${pass.id}` },
      drop: null,
      round: null,
      packIds: [],
    });
    expect(order.receipt.totalPaid.amount).toBe(order.total.amount);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/v1/passes/my', headers: bearer(buyer.accessToken) })
    ).json().data;
    expect(mine.items).toMatchObject([{ id: pass.id, held: 1, remaining: 4 }]);
    const notices = await queryRows<{ kind: string; title: string }>(
      db(),
      sql`select kind, title from notifications where user_id = ${buyer.userId}`,
    );
    expect(notices).toContainEqual({ kind: 'PASS', title: 'Purchase complete' });
    expect(await balancesOf(db(), buyer.userId)).toMatchObject({ withdrawable: 10_000 - order.total.amount });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('sell out as passes, keep the per-person limit, and refuse outside their sale window', async () => {
    const { pass } = await passOnSale({ supply: 2, perPersonLimit: 1 });
    const first = await funded(10_000);
    expect((await buyPass(first.accessToken, pass.id)).statusCode).toBe(201);
    const again = await buyPass(first.accessToken, pass.id);
    expect(again.json()).toMatchObject({ code: 'PASS_LIMIT_REACHED' });
    // The pass's page says what the limit counted: the one bought.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/v1/passes/${pass.id}`,
      headers: bearer(first.accessToken),
    });
    expect(mine.json().data).toMatchObject({ held: 1, bought: 1, perPersonLimit: 1 });
    expect((await buyPass((await funded(10_000)).accessToken, pass.id)).statusCode).toBe(201);
    const late = await buyPass((await funded(10_000)).accessToken, pass.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'PASS_SOLD_OUT', message: 'Sold out. Every pass has been claimed.' });

    const { pass: upcoming } = await passOnSale({ saleBeginAt: iso(60), saleEndAt: iso(120) });
    const early = await buyPass(first.accessToken, upcoming.id);
    expect(early.json()).toMatchObject({ code: 'PASS_NOT_ON_SALE' });
    const unknown = await buyPass(first.accessToken, newId());
    expect(unknown.statusCode).toBe(404);
  });

  it('refuse an order for more than are left without telling the next buyer they are sold out', async () => {
    const { pass } = await passOnSale({ supply: 2 });
    const greedy = await buyPass((await funded(100_000)).accessToken, pass.id, 3);
    expect(greedy.statusCode).toBe(409);
    expect(greedy.json()).toMatchObject({ code: 'NOT_ENOUGH_PASSES_LEFT' });
    // At once, on the same instance: the refused order's claim went back, so this one finds both passes.
    const next = await buyPass((await funded(100_000)).accessToken, pass.id, 2);
    expect(next.statusCode, next.body).toBe(201);
    const late = await buyPass((await funded(100_000)).accessToken, pass.id);
    expect(late.json()).toMatchObject({ code: 'PASS_SOLD_OUT' });
  });

  it('count what each person bought before a per-person limit was set on a pass already selling', async () => {
    const { pass } = await passOnSale({ supply: 20, perPersonLimit: null });
    const early = await funded(50_000);
    expect((await buyPass(early.accessToken, pass.id, 10)).statusCode).toBe(201);
    // One held for a card payment counts too, as a held order counts against any limit.
    const carded = await fastBuyer(t);
    expect((await buyPass(carded.accessToken, pass.id, 1, 'CARD')).json().data.status).toBe('PENDING');

    const limited = await t.app.inject({
      method: 'PATCH',
      url: `/v1/console/passes/${pass.id}`,
      headers: bearer(admin.accessToken),
      payload: { perPersonLimit: 2 },
    });
    expect(limited.statusCode).toBe(200);
    // Audited as the console shows the pass on both sides, so only the limit reads as changed; the same limit again
    // changes nothing and is not recorded.
    const limitedAgain = await t.app.inject({
      method: 'PATCH',
      url: `/v1/console/passes/${pass.id}`,
      headers: bearer(admin.accessToken),
      payload: { perPersonLimit: 2 },
    });
    expect(limitedAgain.json().data).toEqual(limited.json().data);
    const audit = await queryRows<{ action: string; before: object; after: object }>(
      db(),
      sql`select action, before, after from audit_log where entity_type = 'pass' and entity_id = ${pass.id}
          and action = 'update'`,
    );
    expect(audit).toHaveLength(1);
    const { updatedAt: _before, ...before } = audit[0]!.before as { updatedAt: string };
    const { updatedAt: _after, ...after } = audit[0]!.after as { updatedAt: string };
    expect({ ...before, perPersonLimit: 2 }).toEqual(after);

    const again = await buyPass(early.accessToken, pass.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'PASS_LIMIT_REACHED']);
    // One of the two still allowed: more than that is told as more than may still be bought.
    expect((await buyPass(carded.accessToken, pass.id, 2, 'CARD')).json().code).toBe('PASS_LIMIT_EXCEEDED');
    expect((await buyPass(carded.accessToken, pass.id, 1, 'CARD')).statusCode).toBe(201);
    const newcomer = await funded(50_000);
    expect((await buyPass(newcomer.accessToken, pass.id, 2)).statusCode).toBe(201);
    expect((await buyPass(newcomer.accessToken, pass.id)).json().code).toBe('PASS_LIMIT_REACHED');
    // The pass's page says what the limit counted: the ten bought before it.
    const shown = await t.app.inject({
      method: 'GET',
      url: `/v1/passes/${pass.id}`,
      headers: bearer(early.accessToken),
    });
    expect(shown.json().data).toMatchObject({ held: 10, bought: 10, perPersonLimit: 2 });
    expect(await balancesOf(db(), early.userId)).toMatchObject({ withdrawable: 50_000 - 10 * 2_625 });
  });

  it('are not sold, by their id or in a fee quote, while their brand is a draft, and no money moves', async () => {
    const { brand, pass } = await passOnSale();
    await db().execute(sql`update brands set status = 'DRAFT' where id = ${brand.id}`);
    const buyer = await funded(10_000);
    const refused = await buyPass(buyer.accessToken, pass.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('PASS_NOT_FOUND');
    const quote = await t.app.inject({
      method: 'GET',
      url: `/v1/orders/fee?passId=${pass.id}&quantity=1`,
      headers: bearer(buyer.accessToken),
    });
    expect(quote.json().code).toBe('PASS_NOT_FOUND');
    expect(await balancesOf(db(), buyer.userId)).toMatchObject({ withdrawable: 10_000 });
    await db().execute(sql`update brands set status = 'PUBLISHED' where id = ${brand.id}`);
    expect((await buyPass(buyer.accessToken, pass.id)).statusCode).toBe(201);
  });

  it('are held for a card payment and become the buyer’s when the provider says it is paid', async () => {
    const { pass } = await passOnSale({ supply: 1 });
    const buyer = await fastBuyer(t);
    const held = await buyPass(buyer.accessToken, pass.id, 1, 'CARD');
    expect(held.statusCode).toBe(201);
    expect(held.json().data.status).toBe('PENDING');
    // Held: nobody else can take it meanwhile.
    expect((await buyPass((await funded(10_000)).accessToken, pass.id)).json()).toMatchObject({
      code: 'PASS_SOLD_OUT',
    });
    // The buyer's page says it is held for them, not yet theirs; nobody else's says anything of it.
    const readAs = async (accessToken?: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/v1/passes/${pass.id}`,
          headers: accessToken ? bearer(accessToken) : {},
        })
      ).json().data;
    expect(await readAs(buyer.accessToken)).toMatchObject({ held: 0, pending: 1 });
    expect(await readAs()).toMatchObject({ held: 0, pending: 0 });

    const [order] = await db().select().from(orders).where(eq(orders.id, held.json().data.id));
    const [deposit] = await db().select().from(deposits).where(eq(deposits.id, order!.depositId!));
    const delivered = await deliverSignedWebhook(t, WEBHOOK_SECRET, 'card', {
      id: `evt_${newId()}`,
      type: 'payment.succeeded',
      data: {
        providerReference: deposit!.providerReference,
        depositId: deposit!.id,
        amount: deposit!.amount,
        currency: 'USD',
        paymentMethod: 'Visa •••• 4242',
      },
    });
    expect(delivered.statusCode).toBe(200);
    const shown = (
      await t.app.inject({ method: 'GET', url: `/v1/passes/${pass.id}`, headers: bearer(buyer.accessToken) })
    ).json().data;
    expect(shown).toMatchObject({ held: 1, pending: 0, remaining: 0, status: 'SOLD_OUT' });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('open a holders-only round to holders of a valid pass and refuse everyone else with PASS_REQUIRED', async () => {
    const { pass } = await passOnSale({ supply: 3 });
    const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 5 }] });
    await db().update(salePolicies).set({ requiredPassId: pass.id }).where(eq(salePolicies.dropId, drop.dropId));
    const buyPacks = (accessToken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/orders',
        headers: { ...bearer(accessToken), 'idempotency-key': newId() },
        payload: { dropId: drop.dropId, quantity: 1, paymentMethod: 'BALANCE' },
      });
    const outsider = await funded(10_000);
    const refused = await buyPacks(outsider.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PASS_REQUIRED',
      message: 'This round is open to pass holders only.',
    });

    const holder = await funded(10_000);
    expect((await buyPass(holder.accessToken, pass.id)).statusCode).toBe(201);
    expect((await buyPacks(holder.accessToken)).statusCode).toBe(201);

    const opened = (await t.app.inject({ method: 'GET', url: `/v1/passes/${pass.id}` })).json().data;
    expect(opened.opensRounds).toMatchObject([{ dropId: drop.dropId, round: 1 }]);
  });

  it('once held, only widen their validity: later validFrom or earlier validUntil is refused PASS_VALIDITY_SOLD', async () => {
    const { pass } = await passOnSale({ supply: 3 });
    const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 5 }] });
    await db().update(salePolicies).set({ requiredPassId: pass.id }).where(eq(salePolicies.dropId, drop.dropId));
    const holder = await funded(20_000);
    expect((await buyPass(holder.accessToken, pass.id)).statusCode).toBe(201);
    const change = (payload: object, passId = pass.id) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/console/passes/${passId}`,
        headers: bearer(admin.accessToken),
        payload,
      });

    const later = await change({ validFrom: iso(10 * 24 * 60) });
    expect([later.statusCode, later.json()]).toEqual([
      409,
      {
        code: 'PASS_VALIDITY_SOLD',
        message: 'People hold this pass: its validity can only be widened.',
        details: [{ field: 'validFrom', message: 'People hold this pass: it can only start earlier, not later.' }],
      },
    ]);
    const earlier = await change({ validUntil: iso(29 * 24 * 60) });
    expect([earlier.statusCode, earlier.json().details]).toEqual([
      409,
      [{ field: 'validUntil', message: 'People hold this pass: it can only end later, not earlier.' }],
    ]);
    // The reviewer's change, the sale moved along with it: both fields named, nothing written.
    const moved = await change({
      validFrom: iso(10 * 24 * 60),
      saleBeginAt: iso(9 * 24 * 60),
      saleEndAt: iso(11 * 24 * 60),
      validUntil: iso(20 * 24 * 60),
    });
    expect(moved.json().details.map((detail: { field: string }) => detail.field)).toEqual(['validFrom', 'validUntil']);
    const kept = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/console/passes/${pass.id}`,
        headers: bearer(admin.accessToken),
      })
    ).json().data;
    expect(kept).toMatchObject({ validFrom: pass.validFrom, validUntil: pass.validUntil, saleEndAt: pass.saleEndAt });

    // Widened, it is accepted, and the holder still buys in the round the pass opens.
    const widened = await change({ validFrom: iso(-60), validUntil: iso(40 * 24 * 60) });
    expect(widened.statusCode).toBe(200);
    expect(widened.json().data).toMatchObject({ validFrom: iso(-60), validUntil: iso(40 * 24 * 60) });
    const packs = await t.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(holder.accessToken), 'idempotency-key': newId() },
      payload: { dropId: drop.dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    expect(packs.statusCode).toBe(201);

    // A unit held for a card payment is someone's too, until the payment fails.
    const { pass: carded } = await passOnSale({ supply: 1 });
    expect((await buyPass((await fastBuyer(t)).accessToken, carded.id, 1, 'CARD')).json().data.status).toBe('PENDING');
    expect((await change({ validUntil: iso(29 * 24 * 60) }, carded.id)).json().code).toBe('PASS_VALIDITY_SOLD');
  });

  it('nobody holds yet: a published pass’s validity still moves either way', async () => {
    const { pass } = await passOnSale();
    const change = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/v1/console/passes/${pass.id}`,
        headers: bearer(admin.accessToken),
        payload,
      });
    const narrowed = await change({ validFrom: iso(60), validUntil: iso(2 * 24 * 60) });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().data).toMatchObject({ validFrom: iso(60), validUntil: iso(2 * 24 * 60) });
    expect((await change({ validFrom: iso(-1), validUntil: iso(30 * 24 * 60) })).statusCode).toBe(200);
  });

  // Helper's note, session 52: the pass page announced a drop (its name and schedule) before the drop page showed it.
  it('list under "Opens" only drops visible by now; the console sees them before', async () => {
    const { pass } = await passOnSale({ supply: 3 });
    const drop = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 5 }] });
    await db().update(salePolicies).set({ requiredPassId: pass.id }).where(eq(salePolicies.dropId, drop.dropId));
    const inAnHour = new Date(t.clock.now().getTime() + 60 * MINUTE_MS);
    await db().update(drops).set({ visibleAt: inAnHour, dropBeginAt: inAnHour }).where(eq(drops.id, drop.dropId));
    const shown = (await t.app.inject({ method: 'GET', url: `/v1/passes/${pass.id}` })).json().data;
    expect(shown.opensRounds).toEqual([]);
    const console = await t.app.inject({
      method: 'GET',
      url: `/v1/console/passes/${pass.id}`,
      headers: bearer(admin.accessToken),
    });
    expect(console.json().data.opensRounds).toMatchObject([{ dropId: drop.dropId, round: 1 }]);
  });
});
