import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { inTransaction } from '../../db/transaction.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand } from '../../testing/catalog-fixtures.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { giveTickets, insertTicketKind } from '../../testing/ticket-fixtures.ts';
import { grantTickets, type TTicketGrant } from './grant-tickets.ts';
import { spendTicket } from './spend-ticket.ts';
import { ticketKindForSale } from './ticket-kind-for-sale.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, accessToken?: string) =>
  t.app.inject({ method: 'GET', url, headers: accessToken ? bearer(accessToken) : {} });

async function countOf(userId: string, ticketKindId: string): Promise<number | null> {
  const [row] = await queryRows<{ count: number }>(
    db(),
    sql`select count from ticket_holdings where user_id = ${userId} and ticket_kind_id = ${ticketKindId}`,
  );
  return row?.count ?? null;
}

async function movementsOf(userId: string): Promise<{ delta: number; reason: string; reference_id: string }[]> {
  return queryRows(
    db(),
    sql`select delta, reason, reference_id from ticket_movements where user_id = ${userId} order by created_at, id`,
  );
}

/** The person's ticket notifications as they read them, newest first. */
async function ticketNotices(accessToken: string): Promise<{ title: string; body: string; linkPath: string }[]> {
  const page = (await get('/v1/notifications?size=100', accessToken)).json().data as {
    items: { kind: string; title: string; body: string; linkPath: string }[];
  };
  return page.items
    .filter((item) => item.kind === 'TICKET')
    .map(({ title, body, linkPath }) => ({ title, body, linkPath }));
}

const spend = (userId: string, ticketKindId: string, referenceId: string, count?: number) =>
  inTransaction(db(), (tx) =>
    spendTicket(tx, { userId, ticketKindId, reason: 'RAFFLE_ENTRY', referenceId, now: t.clock.now(), count }),
  );

describe('grantTickets', () => {
  it('grants many at once, adds only what is new to the holdings, and notifies each new grant once', async () => {
    const kind = await insertTicketKind(db(), { name: 'Drop ticket' });
    const [ana, ben] = [await fastBuyer(t), await fastBuyer(t)];
    const now = t.clock.now();
    const grant = (userId: string, count: number, referenceId: string): TTicketGrant => ({
      userId,
      ticketKindId: kind.id,
      count,
      reason: 'CONSOLE_GRANT',
      referenceId,
      now,
    });
    const batch = [grant(ana.userId, 2, 'day-1'), grant(ana.userId, 1, 'day-2'), grant(ben.userId, 3, 'day-1')];
    await inTransaction(db(), (tx) => grantTickets(tx, batch));

    expect(await countOf(ana.userId, kind.id)).toBe(3);
    expect(await countOf(ben.userId, kind.id)).toBe(3);
    expect(await ticketNotices(ana.accessToken)).toEqual(
      expect.arrayContaining([
        { title: '2 Drop tickets added', body: 'A gift from the team.', linkPath: '/tickets' },
        { title: '1 Drop ticket added', body: 'A gift from the team.', linkPath: '/tickets' },
      ]),
    );
    expect(await ticketNotices(ben.accessToken)).toEqual([
      { title: '3 Drop tickets added', body: 'A gift from the team.', linkPath: '/tickets' },
    ]);

    // The same batch again (a retried job), and a batch holding one new grant beside a replayed one and a duplicate.
    await inTransaction(db(), (tx) => grantTickets(tx, batch));
    await inTransaction(db(), (tx) =>
      grantTickets(tx, [grant(ana.userId, 5, 'day-3'), grant(ana.userId, 5, 'day-3'), grant(ben.userId, 3, 'day-1')]),
    );
    expect(await countOf(ana.userId, kind.id)).toBe(8);
    expect(await countOf(ben.userId, kind.id)).toBe(3);
    expect((await movementsOf(ana.userId)).map((movement) => movement.reference_id).sort()).toEqual([
      'day-1',
      'day-2',
      'day-3',
    ]);
    expect(await ticketNotices(ana.accessToken)).toHaveLength(3);
    expect(await ticketNotices(ben.accessToken)).toHaveLength(1);
  });

  it('treats the same reference under another reason as another grant', async () => {
    const kind = await insertTicketKind(db());
    const person = await fastBuyer(t);
    const now = t.clock.now();
    await inTransaction(db(), (tx) =>
      grantTickets(tx, [
        { userId: person.userId, ticketKindId: kind.id, count: 1, reason: 'REDEEM', referenceId: 'X1', now },
        { userId: person.userId, ticketKindId: kind.id, count: 1, reason: 'CONSOLE_GRANT', referenceId: 'X1', now },
      ]),
    );
    expect(await countOf(person.userId, kind.id)).toBe(2);
  });

  it('refuses a grant of no tickets and a spend passed off as a grant, writing nothing', async () => {
    const kind = await insertTicketKind(db());
    const person = await fastBuyer(t);
    const base = { userId: person.userId, ticketKindId: kind.id, referenceId: 'r', now: t.clock.now() };
    await expect(
      inTransaction(db(), (tx) => grantTickets(tx, [{ ...base, count: 0, reason: 'ATTENDANCE' }])),
    ).rejects.toThrow(/at least one ticket/);
    await expect(
      inTransaction(db(), (tx) => grantTickets(tx, [{ ...base, count: 1, reason: 'RAFFLE_ENTRY' }])),
    ).rejects.toThrow(/use spendTicket/);
    expect(await countOf(person.userId, kind.id)).toBeNull();
  });
});

describe('spendTicket', () => {
  it('spends once per reference, answers a replay with spent: false, and refuses when none are left', async () => {
    const kind = await insertTicketKind(db(), { name: 'Drop ticket' });
    const person = await fastBuyer(t);
    await giveTickets(db(), person.userId, kind.id, 2, t.clock.now());
    t.clock.advance(MINUTE_MS);
    const [entryA, entryB, entryC] = [newId(), newId(), newId()];

    expect(await spend(person.userId, kind.id, entryA)).toEqual({ spent: true });
    expect(await countOf(person.userId, kind.id)).toBe(1);
    expect(await spend(person.userId, kind.id, entryA)).toEqual({ spent: false });
    expect(await countOf(person.userId, kind.id)).toBe(1);
    expect(await spend(person.userId, kind.id, entryB)).toEqual({ spent: true });
    expect(await countOf(person.userId, kind.id)).toBe(0);

    await expect(spend(person.userId, kind.id, entryC)).rejects.toMatchObject({ code: 'NOT_ENOUGH_TICKETS' });
    // With none left, a replay of a reference already spent is still a replay, not a refusal.
    expect(await spend(person.userId, kind.id, entryA)).toEqual({ spent: false });
    expect(await countOf(person.userId, kind.id)).toBe(0);
    expect((await movementsOf(person.userId)).map((movement) => movement.delta)).toEqual([2, -1, -1]);

    const notices = await ticketNotices(person.accessToken);
    expect(notices.filter((notice) => notice.title === '1 Drop ticket spent')).toEqual([
      { title: '1 Drop ticket spent', body: 'You entered a raffle round.', linkPath: '/tickets' },
      { title: '1 Drop ticket spent', body: 'You entered a raffle round.', linkPath: '/tickets' },
    ]);
    expect(notices).toHaveLength(3);
  });

  it('spends several at once only when that many are held, and refuses a kind never held or unknown', async () => {
    const kind = await insertTicketKind(db());
    const person = await fastBuyer(t);
    await giveTickets(db(), person.userId, kind.id, 3);
    await expect(spend(person.userId, kind.id, newId(), 4)).rejects.toMatchObject({ code: 'NOT_ENOUGH_TICKETS' });
    expect(await countOf(person.userId, kind.id)).toBe(3);
    expect(await spend(person.userId, kind.id, newId(), 3)).toEqual({ spent: true });
    expect(await countOf(person.userId, kind.id)).toBe(0);

    const stranger = await fastBuyer(t);
    await expect(spend(stranger.userId, kind.id, newId())).rejects.toMatchObject({ code: 'NOT_ENOUGH_TICKETS' });
    expect(await movementsOf(stranger.userId)).toEqual([]);
    await expect(spend(person.userId, newId(), newId())).rejects.toMatchObject({ code: 'TICKET_KIND_NOT_FOUND' });
  });

  it('keeps movements insert-only: the database refuses to change or remove one', async () => {
    const kind = await insertTicketKind(db());
    const person = await fastBuyer(t);
    await giveTickets(db(), person.userId, kind.id, 1);
    await expect(
      db().execute(sql`update ticket_movements set delta = 100 where user_id = ${person.userId}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from ticket_movements where user_id = ${person.userId}`)).rejects.toThrow();
    await expect(
      db().execute(sql`update ticket_holdings set count = -1 where user_id = ${person.userId}`),
    ).rejects.toThrow();
    expect(await movementsOf(person.userId)).toEqual([
      { delta: 1, reason: 'CONSOLE_GRANT', reference_id: expect.any(String) },
    ]);
  });
});

describe('GET /v1/tickets/my and /v1/tickets/my/history', () => {
  it('shows my counts (0 for a kind I used up) and my movements newest first, a page at a time', async () => {
    const brand = await insertBrand(db(), { name: 'Ticket Brand' });
    const drop = await insertTicketKind(db(), { name: 'Drop ticket', brandId: brand.id, imageUrl: '/uploads/t.webp' });
    const vip = await insertTicketKind(db(), { name: 'VIP pass', price: null, isActive: false });
    const person = await fastBuyer(t);
    await giveTickets(db(), person.userId, drop.id, 3, t.clock.now());
    t.clock.advance(MINUTE_MS);
    await giveTickets(db(), person.userId, vip.id, 1, t.clock.now());
    t.clock.advance(MINUTE_MS);
    const entry = newId();
    await spend(person.userId, vip.id, entry);

    const mine = (await get('/v1/tickets/my', person.accessToken)).json().data;
    expect(mine).toMatchObject({ page: 1, size: 20, total: 2 });
    expect(mine.items).toEqual([
      {
        kind: {
          id: drop.id,
          name: 'Drop ticket',
          imageUrl: '/uploads/t.webp',
          description: null,
          brand: expect.objectContaining({ id: brand.id, name: 'Ticket Brand', slug: brand.slug }),
          price: { amount: 100, currency: 'USD' },
          maxPerOrder: 10,
          isActive: true,
          usedFor: 'Enter raffle rounds',
        },
        count: 3,
      },
      { kind: expect.objectContaining({ id: vip.id, price: null, isActive: false }), count: 0 },
    ]);

    const history = (await get('/v1/tickets/my/history?size=2', person.accessToken)).json().data;
    expect(history).toMatchObject({ page: 1, size: 2, total: 3 });
    expect(history.items).toEqual([
      {
        id: expect.any(String),
        kind: { id: vip.id, name: 'VIP pass', imageUrl: null },
        delta: -1,
        reason: 'RAFFLE_ENTRY',
        description: 'Spent 1 VIP pass to enter a raffle round',
        linkPath: null,
        createdAt: t.clock.now().toISOString(),
      },
      expect.objectContaining({ delta: 1, reason: 'CONSOLE_GRANT', description: '1 VIP pass from the team' }),
    ]);
    const second = (await get('/v1/tickets/my/history?size=2&page=2', person.accessToken)).json().data;
    expect(second.items).toEqual([
      expect.objectContaining({
        delta: 3,
        kind: expect.objectContaining({ id: drop.id }),
        description: '3 Drop tickets from the team',
      }),
    ]);

    const stranger = await fastBuyer(t);
    expect((await get('/v1/tickets/my', stranger.accessToken)).json().data).toEqual({
      items: [],
      page: 1,
      size: 20,
      total: 0,
    });
    expect((await get('/v1/tickets/my/history', stranger.accessToken)).json().data.total).toBe(0);
    expect((await get('/v1/tickets/my')).statusCode).toBe(401);
    expect((await get('/v1/tickets/my/history')).statusCode).toBe(401);
    expect((await get('/v1/tickets/my/history?size=500', person.accessToken)).statusCode).toBe(400);
  });

  it('words a purchase and links it to its order', async () => {
    const kind = await insertTicketKind(db(), { name: 'Drop ticket' });
    const person = await fastBuyer(t);
    const orderId = newId();
    await inTransaction(db(), (tx) =>
      grantTickets(tx, [
        {
          userId: person.userId,
          ticketKindId: kind.id,
          count: 2,
          reason: 'PURCHASE',
          referenceId: orderId,
          now: t.clock.now(),
        },
      ]),
    );
    const [movement] = (await get('/v1/tickets/my/history', person.accessToken)).json().data.items;
    expect(movement).toMatchObject({
      reason: 'PURCHASE',
      description: 'Bought 2 Drop tickets',
      linkPath: `/purchase/${orderId}/status`,
    });
  });
});

describe('GET /v1/tickets and ticketKindForSale', () => {
  it('offers only active, priced kinds of no brand or a published one, cheapest first', async () => {
    const published = await insertBrand(db());
    const draft = await insertBrand(db(), { status: 'DRAFT' });
    const cheap = await insertTicketKind(db(), { name: 'Cheap ticket', price: 50 });
    const branded = await insertTicketKind(db(), { name: 'Brand ticket', price: 250, brandId: published.id });
    const inactive = await insertTicketKind(db(), { isActive: false });
    const notForSale = await insertTicketKind(db(), { price: null });
    const ofDraftBrand = await insertTicketKind(db(), { brandId: draft.id });

    const listed = (await get('/v1/tickets?size=100')).json().data;
    const ids = listed.items.map((kind: { id: string }) => kind.id);
    expect(ids).toEqual(expect.arrayContaining([cheap.id, branded.id]));
    for (const hidden of [inactive.id, notForSale.id, ofDraftBrand.id]) expect(ids).not.toContain(hidden);
    expect(ids.indexOf(cheap.id)).toBeLessThan(ids.indexOf(branded.id));
    expect(listed.total).toBe(ids.length);

    const ofBrand = (await get(`/v1/tickets?brandId=${published.id}`)).json().data;
    expect(ofBrand.items.map((kind: { id: string }) => kind.id)).toEqual([branded.id]);
    expect((await get(`/v1/tickets?brandId=${draft.id}`)).json().data).toEqual({
      items: [],
      page: 1,
      size: 20,
      total: 0,
    });
    expect((await get('/v1/tickets?brandId=nope')).statusCode).toBe(400);

    expect(await ticketKindForSale(db(), branded.id)).toMatchObject({
      id: branded.id,
      price: { amount: 250, currency: 'USD' },
    });
    // One a collector may see (and hold) is not on sale; one they cannot see is not found.
    for (const id of [inactive.id, notForSale.id]) {
      await expect(ticketKindForSale(db(), id)).rejects.toMatchObject({ code: 'TICKET_KIND_NOT_ON_SALE' });
    }
    for (const id of [ofDraftBrand.id, newId()]) {
      await expect(ticketKindForSale(db(), id)).rejects.toMatchObject({ code: 'TICKET_KIND_NOT_FOUND' });
    }
  });
});
