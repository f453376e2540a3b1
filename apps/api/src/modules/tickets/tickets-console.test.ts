import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand } from '../../testing/catalog-fixtures.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { insertTicketKind } from '../../testing/ticket-fixtures.ts';

let t: TestApp;
let admin: { accessToken: string; userId: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const send = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  accessToken: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...bearer(accessToken), ...headers }, payload });
const grant = (kindId: string, accessToken: string, payload: object, key: string | null = newId()) =>
  send(
    'POST',
    `/v1/console/ticket-kinds/${kindId}/grants`,
    accessToken,
    payload,
    key ? { 'idempotency-key': key } : {},
  );

async function auditOf(entityId: string) {
  return queryRows<{ action: string; actor_user_id: string; before: unknown; after: unknown }>(
    db(),
    sql`select action, actor_user_id, before, after from audit_log
        where entity_type = 'ticket_kind' and entity_id = ${entityId} order by created_at, id`,
  );
}

describe('ticket kinds in the console', () => {
  it('creates a kind, audited, lists it, reads it and changes it; the public sees it while on sale', async () => {
    const created = await send('POST', '/v1/console/ticket-kinds', admin.accessToken, {
      name: '  Drop ticket ',
      description: '',
      price: 100,
      usedFor: 'Enter raffle rounds',
    });
    expect(created.statusCode).toBe(201);
    const kind = created.json().data;
    expect(kind).toMatchObject({
      name: 'Drop ticket',
      description: null,
      imageUrl: null,
      brand: null,
      price: { amount: 100, currency: 'USD' },
      maxPerOrder: 10,
      isActive: true,
      usedFor: 'Enter raffle rounds',
    });
    expect((await auditOf(kind.id)).map((row) => [row.action, row.actor_user_id])).toEqual([['create', admin.userId]]);

    const listed = (await send('GET', '/v1/console/ticket-kinds?q=drop%20tick', admin.accessToken)).json().data;
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(kind.id);
    expect((await send('GET', `/v1/console/ticket-kinds/${kind.id}`, admin.accessToken)).json().data).toEqual(kind);
    const onSale = await t.app.inject({ method: 'GET', url: `/v1/tickets?size=100` });
    expect(onSale.json().data.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: kind.id })]));
    // Kept a second, not a catalogue minute: the change below is what the next buyer must read.
    expect(onSale.headers['cache-control']).toBe('public, max-age=1');

    t.clock.advance(1_000);
    const changed = await send('PATCH', `/v1/console/ticket-kinds/${kind.id}`, admin.accessToken, {
      price: null,
      maxPerOrder: 4,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ price: null, maxPerOrder: 4, updatedAt: t.clock.now().toISOString() });
    const [, update] = await auditOf(kind.id);
    expect(update).toMatchObject({
      action: 'update',
      before: { price: { amount: 100, currency: 'USD' }, maxPerOrder: 10 },
      after: { price: null, maxPerOrder: 4 },
    });
    // Saved again as it now is: nothing to record, and its version stays.
    t.clock.advance(1_000);
    const again = await send('PATCH', `/v1/console/ticket-kinds/${kind.id}`, admin.accessToken, {
      price: null,
      maxPerOrder: 4,
    });
    expect(again.json().data).toEqual(changed.json().data);
    expect(await auditOf(kind.id)).toHaveLength(2);
  });

  it('refuses bad input with field messages, an empty change, and unknown kinds', async () => {
    const bad = await send('POST', '/v1/console/ticket-kinds', admin.accessToken, {
      name: 'Broken',
      price: 0,
      // An order holds at most 10 of anything, so a kind may not promise 11.
      maxPerOrder: 11,
      usedFor: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { field: 'price', message: expect.stringContaining('from $0.01 to $10,000.00') },
        { field: 'maxPerOrder', message: 'Enter how many tickets one order may hold, from 1 to 10.' },
        { field: 'usedFor', message: expect.stringContaining('what the ticket is for') },
      ]),
    );
    const kind = await insertTicketKind(db());
    const empty = await send('PATCH', `/v1/console/ticket-kinds/${kind.id}`, admin.accessToken, {});
    expect(empty.statusCode).toBe(400);
    const brandChange = await send('PATCH', `/v1/console/ticket-kinds/${kind.id}`, admin.accessToken, {
      brandId: newId(),
    });
    expect(brandChange.statusCode).toBe(400);
    expect((await send('GET', `/v1/console/ticket-kinds/${newId()}`, admin.accessToken)).json().code).toBe(
      'TICKET_KIND_NOT_FOUND',
    );
    const unknownBrand = await send('POST', '/v1/console/ticket-kinds', admin.accessToken, {
      name: 'Nowhere',
      brandId: newId(),
      usedFor: 'Nothing',
    });
    expect(unknownBrand.json().code).toBe('RELATED_ITEM_NOT_FOUND');
  });

  it("keeps brand managers to their brands' kinds and collectors out", async () => {
    const brand = await insertBrand(db());
    const other = await insertBrand(db());
    const manager = await signUpOperator(t, 'brand_manager', brand.id);
    const mine = await send('POST', '/v1/console/ticket-kinds', manager.accessToken, {
      brandId: brand.id,
      name: 'Brand ticket',
      usedFor: 'Enter raffle rounds',
    });
    expect(mine.statusCode).toBe(201);
    const theirs = await insertTicketKind(db(), { brandId: other.id });
    const house = await insertTicketKind(db());

    const listed = (await send('GET', '/v1/console/ticket-kinds?size=100', manager.accessToken)).json().data;
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([mine.json().data.id]);
    // For a raffle's entry: the marketplace's own kinds too (any brand's raffle may ask for them), never another brand's.
    const forRaffles = await send('GET', '/v1/console/ticket-kinds?size=100&withMarketplace=true', manager.accessToken);
    const offered = forRaffles.json().data.items as { id: string; brand: { id: string } | null }[];
    expect(offered.map((item) => item.id)).toEqual(expect.arrayContaining([mine.json().data.id, house.id]));
    expect(offered.every((item) => item.brand === null || item.brand.id === brand.id)).toBe(true);
    expect(offered.map((item) => item.id)).not.toContain(theirs.id);
    for (const [method, url, payload] of [
      ['POST', '/v1/console/ticket-kinds', { brandId: other.id, name: 'Not mine', usedFor: 'x' }],
      ['POST', '/v1/console/ticket-kinds', { name: 'House', usedFor: 'x' }],
      ['GET', `/v1/console/ticket-kinds/${theirs.id}`, undefined],
      ['GET', `/v1/console/ticket-kinds/${house.id}`, undefined],
      ['PATCH', `/v1/console/ticket-kinds/${theirs.id}`, { name: 'Taken over' }],
    ] as const) {
      expect((await send(method, url, manager.accessToken, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const managed = await grant(theirs.id, manager.accessToken, { userId: manager.userId, count: 1 });
    expect(managed.statusCode).toBe(403);

    const collector = await fastBuyer(t);
    for (const [method, url, payload] of [
      ['GET', '/v1/console/ticket-kinds', undefined],
      ['POST', '/v1/console/ticket-kinds', { name: 'Mine now', usedFor: 'x' }],
      ['GET', `/v1/console/ticket-kinds/${house.id}`, undefined],
      ['PATCH', `/v1/console/ticket-kinds/${house.id}`, { name: 'Mine now' }],
      ['POST', `/v1/console/ticket-kinds/${house.id}/grants`, { userId: collector.userId, count: 5 }],
    ] as const) {
      const answer = await send(method, url, collector.accessToken, payload, { 'idempotency-key': newId() });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/console/ticket-kinds' })).statusCode).toBe(401);
    expect((await send('GET', '/v1/tickets/my', collector.accessToken)).json().data.total).toBe(0);
  });

  it("lists what one drop's raffle may take: its brand's kinds and the marketplace's, searched by name", async () => {
    const brand = await insertBrand(db());
    const other = await insertBrand(db());
    const manager = await signUpOperator(t, 'brand_manager', brand.id);
    const ours = await insertTicketKind(db(), { brandId: brand.id, name: 'Lantern pass ticket' });
    const theirs = await insertTicketKind(db(), { brandId: other.id, name: 'Lantern other ticket' });
    const house = await insertTicketKind(db(), { name: 'Lantern house ticket' });
    const idsOf = (answer: { json: () => { data: { items: { id: string }[] } } }) =>
      answer.json().data.items.map((item) => item.id);

    // An admin's list holds every brand's kinds: without the brand asked for, a page of 100 held others' and left
    // this brand's out, and with it the marketplace's were left out.
    for (const operator of [admin, manager]) {
      const forRaffle = await send(
        'GET',
        `/v1/console/ticket-kinds?size=100&brandId=${brand.id}&withMarketplace=true&q=lantern`,
        operator.accessToken,
      );
      expect(forRaffle.statusCode).toBe(200);
      expect(idsOf(forRaffle)).toEqual([house.id, ours.id]);
      expect(forRaffle.json().data.total).toBe(2);
    }
    // Without withMarketplace, the brand's own only, as before.
    const own = await send('GET', `/v1/console/ticket-kinds?brandId=${brand.id}&q=lantern`, admin.accessToken);
    expect(idsOf(own)).toEqual([ours.id]);
    expect(idsOf(own)).not.toContain(theirs.id);
  });
});

describe('POST /v1/console/ticket-kinds/{id}/grants', () => {
  it('grants by email or id, audited with the note, once per Idempotency-Key; the person sees it', async () => {
    const kind = await insertTicketKind(db(), { name: 'Drop ticket' });
    const fan = await fastBuyer(t);
    const key = newId();
    const first = await grant(
      kind.id,
      admin.accessToken,
      { email: fan.email.toUpperCase(), count: 3, note: 'Launch gift' },
      key,
    );
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      user: { id: fan.userId, email: fan.email },
      kind: { id: kind.id, name: 'Drop ticket' },
      count: 3,
      holding: 3,
      note: 'Launch gift',
    });
    // A double click: the same key and body answer the first grant and grant nothing more.
    const again = await grant(
      kind.id,
      admin.accessToken,
      { email: fan.email.toUpperCase(), count: 3, note: 'Launch gift' },
      key,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    const reused = await grant(kind.id, admin.accessToken, { email: fan.email, count: 30 }, key);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');

    const byId = await grant(kind.id, admin.accessToken, { userId: fan.userId, count: 2 });
    expect(byId.json().data).toMatchObject({ count: 2, holding: 5, note: null });

    const mine = (await send('GET', '/v1/tickets/my', fan.accessToken)).json().data;
    expect(mine.items).toEqual([expect.objectContaining({ count: 5, kind: expect.objectContaining({ id: kind.id }) })]);
    const history = (await send('GET', '/v1/tickets/my/history', fan.accessToken)).json().data;
    expect(history.items.map((item: { delta: number; reason: string }) => [item.delta, item.reason])).toEqual([
      [2, 'CONSOLE_GRANT'],
      [3, 'CONSOLE_GRANT'],
    ]);
    const notices = (await send('GET', '/v1/notifications', fan.accessToken)).json().data.items;
    expect(notices.map((notice: { title: string }) => notice.title)).toEqual([
      '2 Drop tickets added',
      '3 Drop tickets added',
    ]);

    const audit = (await auditOf(kind.id)).filter((row) => row.action === 'grant');
    expect(audit).toEqual([
      expect.objectContaining({
        actor_user_id: admin.userId,
        after: expect.objectContaining({ count: 3, note: 'Launch gift' }),
      }),
      expect.objectContaining({ after: expect.objectContaining({ count: 2, note: null }) }),
    ]);
    // The console's log names the kind a grant was of (the grant's own record names only what was given).
    const log = await send(
      'GET',
      `/v1/console/audit-log?entityType=ticket_kind&entityId=${kind.id}`,
      admin.accessToken,
    );
    expect(log.json().data.items.map((entry: { entityName: string | null }) => entry.entityName)).toEqual(
      log.json().data.items.map(() => 'Drop ticket'),
    );
  });

  it('tells a brand’s manager who granted by id the person’s nickname, never their address', async () => {
    const brand = await insertBrand(db());
    const manager = await signUpOperator(t, 'brand_manager', brand.id);
    const kind = await insertTicketKind(db(), { brandId: brand.id });
    const fan = await fastBuyer(t);
    const byId = await grant(kind.id, manager.accessToken, { userId: fan.userId, count: 1 });
    expect(byId.statusCode).toBe(201);
    expect(byId.json().data.user).toMatchObject({ id: fan.userId, email: null });
    expect(JSON.stringify(await auditOf(kind.id))).not.toContain(fan.email);
  });

  // Console review, finding 4: a brand's manager granting by address was told TICKET_RECIPIENT_NOT_FOUND for an address
  // with no account and granted to one with, so each grant answered whether an address is an account here.
  it('refuses a brand’s manager a grant by email the same way whoever it names, granting nothing; an admin’s as before', async () => {
    const brand = await insertBrand(db());
    const manager = await signUpOperator(t, 'brand_manager', brand.id);
    const kind = await insertTicketKind(db(), { brandId: brand.id });
    const fan = await fastBuyer(t);
    const answers = [];
    for (const email of [fan.email, 'nobody-here@example.com']) {
      const refused = await grant(kind.id, manager.accessToken, { email, count: 1 });
      answers.push({ status: refused.statusCode, body: refused.json() });
    }
    const refusal = {
      status: 403,
      body: { code: 'RECIPIENT_EMAIL_ADMIN_ONLY', message: errorCatalogue.RECIPIENT_EMAIL_ADMIN_ONLY.message },
    };
    expect(answers).toEqual([refusal, refusal]);
    expect((await send('GET', '/v1/tickets/my', fan.accessToken)).json().data.total).toBe(0);
    expect((await auditOf(kind.id)).filter((row) => row.action === 'grant')).toEqual([]);

    const byAdmin = await grant(kind.id, admin.accessToken, { email: fan.email, count: 1 });
    expect([byAdmin.statusCode, byAdmin.json().data.user.email]).toEqual([201, fan.email]);
    const nobody = await grant(kind.id, admin.accessToken, { email: 'nobody-here@example.com', count: 1 });
    expect([nobody.statusCode, nobody.json().code]).toEqual([404, 'TICKET_RECIPIENT_NOT_FOUND']);
  });

  it('lists the grants of a kind newest first with who gave them, to its brand’s managers without addresses', async () => {
    const brand = await insertBrand(db());
    const manager = await signUpOperator(t, 'brand_manager', brand.id);
    const kind = await insertTicketKind(db(), { brandId: brand.id });
    const [ana, ben] = [await fastBuyer(t), await fastBuyer(t)];
    expect((await grant(kind.id, admin.accessToken, { email: ana.email, count: 2, note: 'Meet-up' })).statusCode).toBe(
      201,
    );
    t.clock.advance(1_000);
    expect((await grant(kind.id, manager.accessToken, { userId: ben.userId, count: 1 })).statusCode).toBe(201);
    // A change of the kind is audited too, and is not a grant.
    expect(
      (await send('PATCH', `/v1/console/ticket-kinds/${kind.id}`, admin.accessToken, { name: 'Renamed' })).statusCode,
    ).toBe(200);

    const listed = (accessToken: string, query = '') =>
      send('GET', `/v1/console/ticket-kinds/${kind.id}/grants${query}`, accessToken);
    const asAdmin = (await listed(admin.accessToken)).json().data;
    expect(asAdmin).toMatchObject({ page: 1, total: 2 });
    expect(asAdmin.items).toEqual([
      {
        id: expect.any(String),
        user: { id: ben.userId, email: ben.email, nickname: null },
        count: 1,
        note: null,
        grantedBy: { id: manager.userId, email: manager.email, nickname: null },
        createdAt: t.clock.now().toISOString(),
      },
      expect.objectContaining({
        user: { id: ana.userId, email: ana.email, nickname: null },
        count: 2,
        note: 'Meet-up',
        grantedBy: expect.objectContaining({ id: admin.userId }),
      }),
    ]);
    const asManager = (await listed(manager.accessToken)).json().data;
    // Nor the operators' addresses: the admin's sign-in address is no business of a brand's manager (hunt, session 74).
    expect(
      asManager.items.map(
        (item: { user: { email: string | null }; grantedBy: { id: string; email: string | null } }) => [
          item.user.email,
          item.grantedBy,
        ],
      ),
    ).toEqual([
      [null, { id: manager.userId, email: null, nickname: null }],
      [null, { id: admin.userId, email: null, nickname: null }],
    ]);
    expect((await listed(manager.accessToken, '?size=1&page=2')).json().data).toMatchObject({
      total: 2,
      items: [expect.objectContaining({ note: 'Meet-up' })],
    });

    const outsider = await signUpOperator(t, 'brand_manager', (await insertBrand(db())).id);
    expect((await listed(outsider.accessToken)).statusCode).toBe(403);
    expect((await listed(ana.accessToken)).statusCode).toBe(403);
    const unknown = await send('GET', `/v1/console/ticket-kinds/${newId()}/grants`, admin.accessToken);
    expect(unknown.json().code).toBe('TICKET_KIND_NOT_FOUND');
  });

  it('requires an Idempotency-Key, one recipient that exists, a sensible count and a known kind', async () => {
    const kind = await insertTicketKind(db());
    const fan = await fastBuyer(t);
    const noKey = await grant(kind.id, admin.accessToken, { userId: fan.userId, count: 1 }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const both = await grant(kind.id, admin.accessToken, { userId: fan.userId, email: fan.email, count: 1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().details).toEqual([
      { field: 'email', message: 'Give the email address or the user id of the person, not both.' },
    ]);
    const nobodyNamed = await grant(kind.id, admin.accessToken, { count: 1 });
    expect(nobodyNamed.statusCode).toBe(400);
    expect(nobodyNamed.json().details).toEqual([
      { field: 'email', message: 'Give the email address or the user id of the person to grant to.' },
    ]);
    for (const count of [0, 1_001, 1.5]) {
      const answer = await grant(kind.id, admin.accessToken, { userId: fan.userId, count });
      expect(answer.json().details).toEqual([{ field: 'count', message: 'Grant from 1 to 1,000 tickets.' }]);
    }
    const nobody = await grant(kind.id, admin.accessToken, { email: 'nobody@example.com', count: 1 });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe('TICKET_RECIPIENT_NOT_FOUND');
    const unknownKind = await grant(newId(), admin.accessToken, { userId: fan.userId, count: 1 });
    expect(unknownKind.json().code).toBe('TICKET_KIND_NOT_FOUND');

    expect((await send('GET', '/v1/tickets/my', fan.accessToken)).json().data.total).toBe(0);
    expect((await auditOf(kind.id)).filter((row) => row.action === 'grant')).toEqual([]);
  });
});
