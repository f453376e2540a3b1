import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue, verifyRaffleRecord, type TRaffleDraw } from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { readableUtc } from '../../lib/readable-utc.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { dropRequest } from '../../testing/console-drop-fixtures.ts';
import { fastBuyer, freshAccessToken, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { noticesOf } from '../../testing/grant-fixtures.ts';
import { drawDeps, heldPass, insertRaffleRound } from '../../testing/raffle-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { giveTickets, insertTicketKind } from '../../testing/ticket-fixtures.ts';
import { depositForTest, insertTestUser } from '../../testing/wallet-helpers.ts';
import { drawDueRaffles } from './draw-due-raffles.ts';
import { drawRaffle } from './draw-raffle.ts';
import { drawSecondChance } from './draw-second-chance.ts';
import { enterRaffle } from './enter-raffle.ts';
import { timeOutOrders } from '../orders/time-out-orders.ts';

let t: TestApp;
let admin: { userId: string; accessToken: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());
// Tests move the clock by hours: the operator signs in afresh for each.
beforeEach(async () => {
  admin = { ...admin, accessToken: await freshAccessToken(t, admin.userId) };
});

const db = () => t.database.db;

async function publicRecord(roundId: string, accessToken?: string): Promise<TRaffleDraw> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/v1/raffles/${roundId}`,
    headers: accessToken ? bearer(accessToken) : {},
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

function enter(accessToken: string, roundId: string) {
  return t.app.inject({ method: 'POST', url: `/v1/raffles/${roundId}/entries`, headers: bearer(accessToken) });
}

function buy(accessToken: string, dropId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
  });
}

async function ticketsHeld(userId: string, ticketKindId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db(),
    sql`select count from ticket_holdings where user_id = ${userId} and ticket_kind_id = ${ticketKindId}`,
  );
  return row?.count ?? 0;
}

const settings = (at: (minutes: number) => string) => ({
  places: 5,
  registrationOpensAt: at(-1),
  registrationClosesAt: at(30),
  ticketKindId: null,
  isFreeForPassHolders: false,
  ticketsOnLoss: 'KEPT',
  purchaseWindowMinutes: 60,
});

describe('raffle rounds', () => {
  it('500 entrants for 100 places: 100 winners anyone can recompute from the public record, a second draw for the unbought places, nobody winning twice; only winners buy', async () => {
    const { dropId, roundId } = await insertRaffleRound(t, admin.accessToken, { places: 100, packCount: 200 });
    const before = await publicRecord(roundId);
    expect(before).toMatchObject({ seedHex: null, entries: null, winners: null, drawnAt: null, places: 100 });
    expect(before.commitment).toMatch(/^[0-9a-f]{64}$/);

    const userIds = await Promise.all(Array.from({ length: 500 }, () => insertTestUser(db(), t.clock.now())));
    const handleOf = new Map<string, string>();
    for (const userId of userIds) {
      const { entry, isNew } = await enterRaffle({ db: db(), clock: t.clock }, userId, roundId);
      expect(isNew).toBe(true);
      handleOf.set(entry.handle, userId);
    }
    expect((await publicRecord(roundId)).entriesCount).toBe(500);

    // The close: the job draws; the record reveals the seed committed at the start, and anyone can check it.
    t.clock.advance(31 * MINUTE_MS);
    expect(await drawDueRaffles(drawDeps(t), t.clock.now())).toEqual({ drawn: 1 });
    const drawn = await publicRecord(roundId);
    expect(drawn.commitment).toBe(before.commitment);
    expect(new Set(drawn.entries)).toEqual(new Set(handleOf.keys()));
    expect(drawn.entries).toHaveLength(500);
    expect(drawn.winners).toHaveLength(100);
    expect(verifyRaffleRecord(drawn)).toEqual({ firstDraw: { ok: true }, secondDraw: null });

    // The round opens: a winner buys, someone not drawn is refused.
    t.clock.advance(30 * MINUTE_MS);
    const firstWinners = drawn.winners!;
    const loserHandle = drawn.entries!.find((handle) => !firstWinners.includes(handle))!;
    const winner = handleOf.get(firstWinners[0]!)!;
    const loser = handleOf.get(loserHandle)!;
    for (const userId of [winner, loser]) await depositForTest(db(), { userId, source: 'crypto', amount: 10_000 });
    const winnerToken = await freshAccessToken(t, winner);
    const loserToken = await freshAccessToken(t, loser);
    expect((await publicRecord(roundId, winnerToken)).mine).toMatchObject({ handle: firstWinners[0], wonIn: 1 });
    expect((await publicRecord(roundId, loserToken)).mine).toMatchObject({ handle: loserHandle, wonIn: null });
    const refused = await buy(loserToken, dropId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('RAFFLE_NOT_A_WINNER');
    const bought = await buy(winnerToken, dropId);
    expect(bought.statusCode, bought.body).toBe(201);

    // The purchase window ends: the 99 unbought places go to the next entries of the same draw order.
    t.clock.advance(61 * MINUTE_MS);
    const second = await publicRecord(roundId);
    expect(second.secondDraw).toMatchObject({ places: 99 });
    expect(second.secondDraw!.winners).toHaveLength(99);
    expect(second.secondDraw!.winners.filter((handle) => firstWinners.includes(handle))).toEqual([]);
    expect(verifyRaffleRecord(second)).toEqual({ firstDraw: { ok: true }, secondDraw: { ok: true } });
    const secondWinner = handleOf.get(second.secondDraw!.winners[0]!)!;
    await depositForTest(db(), { userId: secondWinner, source: 'crypto', amount: 10_000 });
    expect((await buy(await freshAccessToken(t, secondWinner), dropId)).statusCode).toBe(201);
    // A first winner who did not buy in the window gave their place to the waiting list.
    const lateWinner = await freshAccessToken(t, handleOf.get(firstWinners[1]!)!);
    // Told their time ended, not that they never won (session 78's drop-day hunt).
    expect((await buy(lateWinner, dropId)).json()).toMatchObject({
      code: 'RAFFLE_WINDOW_ENDED',
      message: errorCatalogue.RAFFLE_WINDOW_ENDED.message,
    });
    const [told] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications where user_id = ${loser} and title = 'Not drawn this time'`,
    );
    expect(told!.n).toBe(1);
  }, 180_000);

  it('in a round without a per-person limit a place is one pack, and the second draw gives away only the places of winners who bought nothing', async () => {
    const { dropId, roundId } = await insertRaffleRound(t, admin.accessToken, {
      places: 3,
      packCount: 50,
      perPersonLimit: null,
    });
    const userIds = await Promise.all(Array.from({ length: 10 }, () => insertTestUser(db(), t.clock.now())));
    const handleOf = new Map<string, string>();
    for (const userId of userIds) {
      handleOf.set((await enterRaffle({ db: db(), clock: t.clock }, userId, roundId)).entry.handle, userId);
    }
    t.clock.advance(31 * MINUTE_MS);
    expect(await drawDueRaffles(drawDeps(t), t.clock.now())).toEqual({ drawn: 1 });
    t.clock.advance(30 * MINUTE_MS);
    const firstWinners = (await publicRecord(roundId)).winners!;
    const [buyer, greedy, idle] = await Promise.all(
      firstWinners.map(async (handle) => {
        const userId = handleOf.get(handle)!;
        await depositForTest(db(), { userId, source: 'crypto', amount: 100_000 });
        return freshAccessToken(t, userId);
      }),
    );
    expect((await buy(buyer!, dropId)).statusCode).toBe(201);
    // One place, one pack: neither a second order nor a larger first one (the round itself sets no limit).
    expect((await buy(greedy!, dropId)).statusCode).toBe(201);
    const again = await buy(greedy!, dropId);
    expect([again.statusCode, again.json().code]).toEqual([409, 'PURCHASE_LIMIT_REACHED']);
    const twoAtOnce = await t.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { ...bearer(idle!), 'idempotency-key': newId() },
      payload: { dropId, quantity: 2, paymentMethod: 'BALANCE' },
    });
    expect([twoAtOnce.statusCode, twoAtOnce.json().code]).toEqual([409, 'PURCHASE_LIMIT_EXCEEDED']);
    // The drop page says so too: the winner who bought may buy no more.
    const page = await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}`, headers: bearer(buyer!) });
    expect(page.json().data.viewer.remaining).toBe(0);

    // The window ends: two winners bought, so one place (the idle winner's) goes to the waiting list, not three.
    t.clock.advance(61 * MINUTE_MS);
    const second = await publicRecord(roundId);
    expect(second.secondDraw).toMatchObject({ places: 1 });
    expect(second.secondDraw!.winners).toHaveLength(1);
    expect(verifyRaffleRecord(second)).toEqual({ firstDraw: { ok: true }, secondDraw: { ok: true } });
    // The console counts each draw's own: three winners in the first draw (not four), one place in the second.
    const consoleRaffle = await t.app.inject({
      method: 'GET',
      url: `/v1/console/drops/${dropId}/rounds/1/raffle`,
      headers: bearer(await freshAccessToken(t, admin.userId)),
    });
    expect(consoleRaffle.json().data).toMatchObject({ winnersCount: 3, secondPlaces: 1 });

    // Review: "Buy before the purchase window closes" named no time. Each winner is told from when until when they
    // may buy: the first draw's the purchase window from the round's opening, the second draw's from its end to the
    // round's end.
    const [round] = await queryRows<{ opens: Date | string; ends: Date | string; name: string }>(
      db(),
      sql`select p.sale_begin_at as opens, p.sale_end_at as ends, d.name from sale_policies p
          join drops d on d.id = p.drop_id where p.id = ${roundId}`,
    );
    const opensAt = new Date(round!.opens);
    const windowEndsAt = new Date(opensAt.getTime() + 60 * MINUTE_MS);
    const winNotice = async (handle: string) => {
      const [notice] = await queryRows<{ title: string; body: string }>(
        db(),
        sql`select title, body from notifications where user_id = ${handleOf.get(handle)!} and title like 'You won%'`,
      );
      return notice;
    };
    expect(await winNotice(firstWinners[0]!)).toEqual({
      title: 'You won the raffle',
      body: `You may buy in round 1 of ${round!.name} from ${readableUtc(opensAt)} until ${readableUtc(windowEndsAt)}.`,
    });
    expect(readableUtc(opensAt)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC$/);
    expect(await winNotice(second.secondDraw!.winners[0]!)).toEqual({
      title: 'You won a place in the second draw',
      body: `You may buy in round 1 of ${round!.name} from ${readableUtc(windowEndsAt)} until ${readableUtc(new Date(round!.ends))}.`,
    });
  });

  it('an entry spends one ticket, once; refusals say why; losers get their ticket back when the round says so', async () => {
    const kind = await insertTicketKind(db());
    const { roundId, dropId } = await insertRaffleRound(t, admin.accessToken, {
      places: 1,
      ticketKindId: kind.id,
      ticketsOnLoss: 'RETURNED',
    });
    const [dropRow] = await queryRows<{ name: string }>(db(), sql`select name from drops where id = ${dropId}`);
    const dropName = dropRow!.name;
    const broke = await fastBuyer(t);
    const noTicket = await enter(broke.accessToken, roundId);
    expect(noTicket.statusCode).toBe(409);
    expect(noTicket.json().code).toBe('NOT_ENOUGH_TICKETS');
    expect((await publicRecord(roundId)).entriesCount).toBe(0);

    const entrants = await Promise.all([fastBuyer(t), fastBuyer(t), fastBuyer(t)]);
    for (const entrant of entrants) await giveTickets(db(), entrant.userId, kind.id, 1, t.clock.now());
    const first = await enter(entrants[0]!.accessToken, roundId);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ hasSpentTicket: true, wonIn: null });
    const retry = await enter(entrants[0]!.accessToken, roundId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.handle).toBe(first.json().data.handle);
    expect(await ticketsHeld(entrants[0]!.userId, kind.id)).toBe(0);
    // The spend names the raffle, in the notification and in the ticket history, and leads to its drop.
    const raffleWords = `the raffle of round 1 of ${dropName}`;
    expect(await noticesOf(t, entrants[0]!.accessToken, 'TICKET')).toContainEqual({
      title: `1 ${kind.name} spent`,
      body: `You entered ${raffleWords}.`,
      linkPath: `/drops/${dropId}`,
    });
    const history = await t.app.inject({
      method: 'GET',
      url: '/v1/tickets/my/history',
      headers: bearer(entrants[0]!.accessToken),
    });
    expect(history.json().data.items).toMatchObject([
      { delta: -1, description: `Spent 1 ${kind.name} to enter ${raffleWords}`, linkPath: `/drops/${dropId}` },
      { delta: 1 },
    ]);
    for (const entrant of entrants.slice(1)) expect((await enter(entrant.accessToken, roundId)).statusCode).toBe(201);

    expect((await enter(broke.accessToken, newId())).json().code).toBe('RAFFLE_NOT_FOUND');
    t.clock.advance(31 * MINUTE_MS);
    const late = await enter(await freshAccessToken(t, broke.userId), roundId);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('RAFFLE_REGISTRATION_CLOSED');

    // Read after the close: the record draws (once) and the two losers have their ticket back.
    const drawn = await publicRecord(roundId);
    expect(drawn.winners).toHaveLength(1);
    const held = async () => (await Promise.all(entrants.map((e) => ticketsHeld(e.userId, kind.id)))).sort();
    expect(await held()).toEqual([0, 1, 1]);
    expect(await drawRaffle(drawDeps(t), roundId, t.clock.now())).toBe(false);
    expect(await held()).toEqual([0, 1, 1]);
    const loser = entrants[drawn.winners!.includes(first.json().data.handle) ? 1 : 0]!;
    const loserHistory = await t.app.inject({
      method: 'GET',
      url: '/v1/tickets/my/history',
      headers: bearer(await freshAccessToken(t, loser.userId)),
    });
    expect(loserHistory.json().data.items[0]).toMatchObject({
      delta: 1,
      description: `1 ${kind.name} returned from ${raffleWords}`,
    });
  });

  it('keeps a drop’s raffle out of sight and out of reach until the drop shows, and its registration too', async () => {
    const inFiveMinutes = new Date(t.clock.now().getTime() + 5 * MINUTE_MS).toISOString();
    const { dropId, roundId, at } = await insertRaffleRound(t, admin.accessToken, {
      registrationOpensAt: inFiveMinutes,
    });
    // The drop shows only in ten minutes (an operator scheduled it so).
    await db().execute(
      sql`update drops set visible_at = ${at(10)}::timestamptz, drop_begin_at = ${at(10)}::timestamptz where id = ${dropId}`,
    );
    const hidden = await t.app.inject({ method: 'GET', url: `/v1/raffles/${roundId}` });
    expect([hidden.statusCode, hidden.json().code]).toEqual([404, 'RAFFLE_NOT_FOUND']);
    const fan = await fastBuyer(t);
    expect((await enter(fan.accessToken, roundId)).json().code).toBe('RAFFLE_NOT_FOUND');
    const setTo = (registrationOpensAt: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/v1/console/drops/${dropId}/rounds/1/raffle`,
        headers: bearer(admin.accessToken),
        payload: { ...settings(at), registrationOpensAt },
      });
    const early = await setTo(at(5));
    expect([early.statusCode, early.json().code]).toEqual([422, 'RAFFLE_OPENS_BEFORE_DROP_SHOWS']);
    expect((await setTo(at(10))).statusCode).toBe(200);
    t.clock.advance(10 * MINUTE_MS);
    expect((await t.app.inject({ method: 'GET', url: `/v1/raffles/${roundId}` })).statusCode).toBe(200);
    expect((await enter(await freshAccessToken(t, fan.userId), roundId)).statusCode).toBe(201);
  });

  // Review: a raffle stayed public, and took entries and their tickets, after its brand was unpublished, while the
  // drop page, its purchases and its claim log answered not found.
  it('hides a raffle whose brand is taken down, and takes no entry (nor its ticket) there until the brand is back', async () => {
    const kind = await insertTicketKind(db());
    const { dropId, roundId } = await insertRaffleRound(t, admin.accessToken, { ticketKindId: kind.id });
    const fan = await fastBuyer(t);
    await giveTickets(db(), fan.userId, kind.id, 1);
    const setBrandStatus = (status: string) =>
      db().execute(
        sql`update brands set status = ${status} where id = (select brand_id from drops where id = ${dropId})`,
      );

    await setBrandStatus('DRAFT');
    const dropPage = await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}` });
    expect(dropPage.statusCode).toBe(404);
    const hidden = await t.app.inject({ method: 'GET', url: `/v1/raffles/${roundId}` });
    expect([hidden.statusCode, hidden.json().code]).toEqual([404, 'RAFFLE_NOT_FOUND']);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: `/v1/raffles/${roundId}`,
      headers: bearer(fan.accessToken),
    });
    expect([signedIn.statusCode, signedIn.json().code]).toEqual([404, 'RAFFLE_NOT_FOUND']);
    const refused = await enter(fan.accessToken, roundId);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'RAFFLE_NOT_FOUND']);
    expect(await ticketsHeld(fan.userId, kind.id)).toBe(1);

    await setBrandStatus('PUBLISHED');
    expect((await publicRecord(roundId)).entriesCount).toBe(0);
    expect((await enter(fan.accessToken, roundId)).statusCode).toBe(201);
    expect(await ticketsHeld(fan.userId, kind.id)).toBe(0);
  });

  it('a whitelisted round’s raffle takes only people on its list, and spends no ticket of anyone else', async () => {
    const kind = await insertTicketKind(db());
    const insider = await fastBuyer(t);
    const outsider = await fastBuyer(t);
    const { roundId } = await insertRaffleRound(t, admin.accessToken, {
      places: 1,
      ticketKindId: kind.id,
      whitelistEmails: [insider.email],
    });
    for (const person of [insider, outsider]) await giveTickets(db(), person.userId, kind.id, 1);
    const refused = await enter(outsider.accessToken, roundId);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'NOT_WHITELISTED']);
    expect(await ticketsHeld(outsider.userId, kind.id)).toBe(1);
    expect((await enter(insider.accessToken, roundId)).statusCode).toBe(201);
    expect((await publicRecord(roundId)).entriesCount).toBe(1);
  });

  it('the console sets a raffle with its commitment until registration opens, shows its entries and draws on demand', async () => {
    const { dropId, roundId, at } = await insertRaffleRound(t, admin.accessToken);
    const url = `/v1/console/drops/${dropId}/rounds/1/raffle`;
    const reopened = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin.accessToken),
      payload: settings(at),
    });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().code).toBe('RAFFLE_REGISTRATION_OPENED');
    const [audit] = await queryRows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'raffle_round' and entity_id = ${roundId}`,
    );
    expect(audit!.action).toBe('create');
    const log = await t.app.inject({
      method: 'GET',
      url: `/v1/console/audit-log?entityType=raffle_round&entityId=${roundId}`,
      headers: bearer(admin.accessToken),
    });
    expect(log.json().data.items[0].entityName).toMatch(/ · Round 1$/);
    // A round has no console page of its own: its raffle is set on its drop's, which the entry names.
    expect(log.json().data.items[0].entityParentId).toBe(dropId);

    const entrant = await fastBuyer(t);
    expect((await enter(entrant.accessToken, roundId)).statusCode).toBe(201);
    const early = await t.app.inject({ method: 'POST', url: `${url}/draw`, headers: bearer(admin.accessToken) });
    expect(early.json().code).toBe('RAFFLE_NOT_CLOSED');
    const shown = await t.app.inject({ method: 'GET', url, headers: bearer(admin.accessToken) });
    expect(shown.json().data).toMatchObject({ entriesCount: 1, drawnAt: null, places: 3 });
    // The console's drop says which rounds are raffles, so its page asks only for those.
    const consoleDrop = await t.app.inject({
      method: 'GET',
      url: `/v1/console/drops/${dropId}`,
      headers: bearer(admin.accessToken),
    });
    expect(consoleDrop.json().data.rounds[0]).toMatchObject({ round: 1, isRaffle: true, hasWaitingRoom: false });
    const fan = await t.app.inject({ method: 'GET', url, headers: bearer(entrant.accessToken) });
    expect(fan.statusCode).toBe(403);
    t.clock.advance(31 * MINUTE_MS);
    const operator = bearer(await freshAccessToken(t, admin.userId));
    const drawn = await t.app.inject({ method: 'POST', url: `${url}/draw`, headers: operator });
    expect(drawn.json().data).toMatchObject({ entriesCount: 1, winnersCount: 1, drawnAt: t.clock.now().toISOString() });
  });

  // Helper's note, session 52: a raffle set through the API on a draft was drawn at its close with nobody able to
  // enter (entries need a published drop), and the round published later sold to no one.
  it('reads a round number in decimal notation only (rounds/0x1 is no round 1)', async () => {
    const { dropId } = await insertRaffleRound(t, admin.accessToken);
    const read = (round: string) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/console/drops/${dropId}/rounds/${round}/raffle`,
        headers: bearer(admin.accessToken),
      });
    expect((await read('1')).statusCode).toBe(200);
    const hex = await read('0x1');
    expect([hex.statusCode, hex.json().code]).toEqual([400, 'INVALID_REQUEST']);
    expect(hex.json().details).toEqual([{ field: 'round', message: 'Enter a number.' }]);
    // Helper's finding, session 68: a number past PostgreSQL's integer reached the database, which refused it.
    const huge = await read('2147483648');
    expect([huge.statusCode, huge.json().code]).toEqual([400, 'INVALID_REQUEST']);
    expect(huge.json().details).toMatchObject([{ field: 'round' }]);
  });

  it('waits for the drop to be published, as a waiting room does', async () => {
    const brandId = (await insertBrand(db())).id;
    const product = await insertProduct(db(), brandId, { rarity: 'COMMON' });
    const now = t.clock.now();
    const draft = await t.app.inject({
      method: 'POST',
      url: '/v1/console/drops',
      headers: bearer(admin.accessToken),
      payload: dropRequest(brandId, [product.id], now, {
        editionsPerPack: 1,
        rounds: [{ ...dropRequest(brandId, [], now).rounds[0]!, packCount: 1 }],
      }),
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS).toISOString();
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/v1/console/drops/${draft.json().data.id as string}/rounds/1/raffle`,
      headers: bearer(admin.accessToken),
      payload: { ...settings(at), places: 1 },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'RAFFLE_DROP_NOT_PUBLISHED']);
  });

  it('changes a raffle before registration opens, and refuses registration closing after the round opens', async () => {
    const inFiveMinutes = new Date(t.clock.now().getTime() + 5 * MINUTE_MS).toISOString();
    const { dropId, at } = await insertRaffleRound(t, admin.accessToken, { registrationOpensAt: inFiveMinutes });
    const url = `/v1/console/drops/${dropId}/rounds/1/raffle`;
    const changed = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin.accessToken),
      payload: { ...settings(at), registrationOpensAt: at(5), places: 7 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.places).toBe(7);
    const refused = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin.accessToken),
      payload: { ...settings(at), registrationOpensAt: at(5), registrationClosesAt: at(61) },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('RAFFLE_CLOSES_AFTER_ROUND_OPENS');
    // No more winners than the round's 10 packs: the 11th would be told they won a round with nothing left to buy.
    const tooMany = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin.accessToken),
      payload: { ...settings(at), registrationOpensAt: at(5), places: 11 },
    });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([422, 'RAFFLE_PLACES_OVER_PACKS']);
    const asMany = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(admin.accessToken),
      payload: { ...settings(at), registrationOpensAt: at(5), places: 10 },
    });
    expect(asMany.json().data.places).toBe(10);
  });

  // Review: only places > packs was refused, but a place lets its winner buy the round's limit: 10 places on 10 packs
  // at 3 each sold out to the first four winners, and the other six paid their entry to find the round sold out.
  it('gives no more places than the packs serve at the per-person limit each', async () => {
    const inFiveMinutes = new Date(t.clock.now().getTime() + 5 * MINUTE_MS).toISOString();
    const { dropId, at } = await insertRaffleRound(t, admin.accessToken, {
      registrationOpensAt: inFiveMinutes,
      packCount: 10,
      perPersonLimit: 3,
    });
    const put = (places: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/v1/console/drops/${dropId}/rounds/1/raffle`,
        headers: bearer(admin.accessToken),
        payload: { ...settings(at), registrationOpensAt: at(5), places },
      });
    // 3 + 3 + 3 + 1: the fourth place has the one pack left; a fifth would have none.
    const tooMany = await put(5);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({
      code: 'RAFFLE_PLACES_OVER_WINNER_SHARES',
      message:
        'Each winner may buy up to the round’s per-person limit, so there can be no more places than it takes to share out the round’s packs that way.',
    });
    expect((await put(10)).json().code).toBe('RAFFLE_PLACES_OVER_WINNER_SHARES');
    const asMany = await put(4);
    expect(asMany.statusCode, asMany.body).toBe(200);
    expect(asMany.json().data.places).toBe(4);
  });

  it('gives the second draw no more places than the unclaimed packs serve, so a raffle saved with too many places does not sell its winners nothing', async () => {
    const { dropId, roundId } = await insertRaffleRound(t, admin.accessToken, { packCount: 10, perPersonLimit: 2 });
    // Saved before the console refused it: 8 places of 2 packs on 10 packs.
    await db().execute(sql`update raffle_rounds set places = 8 where policy_id = ${roundId}`);
    const userIds = await Promise.all(Array.from({ length: 12 }, () => insertTestUser(db(), t.clock.now())));
    const handleOf = new Map<string, string>();
    for (const userId of userIds) {
      handleOf.set((await enterRaffle({ db: db(), clock: t.clock }, userId, roundId)).entry.handle, userId);
    }
    t.clock.advance(31 * MINUTE_MS);
    expect(await drawRaffle(drawDeps(t), roundId, t.clock.now())).toBe(true);
    t.clock.advance(30 * MINUTE_MS);
    const firstWinners = (await publicRecord(roundId)).winners!;
    expect(firstWinners).toHaveLength(8);
    const buyTwo = async (userId: string) => {
      await depositForTest(db(), { userId, source: 'crypto', amount: 100_000 });
      return t.app.inject({
        method: 'POST',
        url: '/v1/orders',
        headers: { ...bearer(await freshAccessToken(t, userId)), 'idempotency-key': newId() },
        payload: { dropId, quantity: 2, paymentMethod: 'BALANCE' },
      });
    };
    for (const handle of firstWinners.slice(0, 2)) {
      const bought = await buyTwo(handleOf.get(handle)!);
      expect(bought.statusCode, bought.body).toBe(201);
    }

    // Six first winners bought nothing, but the 6 packs left serve three winners of 2 packs: three places, not six.
    t.clock.advance(61 * MINUTE_MS);
    const second = await publicRecord(roundId);
    expect(second.secondDraw).toMatchObject({ places: 3 });
    expect(second.secondDraw!.winners).toHaveLength(3);
    expect(verifyRaffleRecord(second)).toEqual({ firstDraw: { ok: true }, secondDraw: { ok: true } });
    // Every second-draw winner buys their whole share.
    for (const handle of second.secondDraw!.winners) {
      const bought = await buyTwo(handleOf.get(handle)!);
      expect(bought.statusCode, bought.body).toBe(201);
    }
  });

  // Review: a pack held for a card payment still pending at the second draw was counted as taken; the payment failed
  // afterwards and its pack came back with no place given for it, while entrants were left undrawn.
  it('holds the second draw until every card hold is paid for or released, and then gives the released packs places too', async () => {
    const { dropId, roundId } = await insertRaffleRound(t, admin.accessToken, { places: 3, packCount: 3 });
    const userIds = await Promise.all(Array.from({ length: 8 }, () => insertTestUser(db(), t.clock.now())));
    const handleOf = new Map<string, string>();
    for (const userId of userIds) {
      handleOf.set((await enterRaffle({ db: db(), clock: t.clock }, userId, roundId)).entry.handle, userId);
    }
    t.clock.advance(31 * MINUTE_MS);
    expect(await drawRaffle(drawDeps(t), roundId, t.clock.now())).toBe(true);
    const [balanceBuyer, cardBuyer] = (await publicRecord(roundId)).winners!.map((handle) => handleOf.get(handle)!);
    // The round opens; one winner buys from their balance, another by card five minutes before the window ends (a hold
    // of 10 minutes, pending past the window), the third buys nothing.
    t.clock.advance(30 * MINUTE_MS);
    await depositForTest(db(), { userId: balanceBuyer!, source: 'crypto', amount: 100_000 });
    expect((await buy(await freshAccessToken(t, balanceBuyer!), dropId)).statusCode).toBe(201);
    t.clock.advance(55 * MINUTE_MS);
    const card = await t.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(await freshAccessToken(t, cardBuyer!)), 'idempotency-key': newId() },
      payload: { dropId, quantity: 1, paymentMethod: 'CARD' },
    });
    expect([card.statusCode, card.json().data?.status], card.body).toEqual([201, 'PENDING']);

    // The window ends with the card's pack held: no second draw yet, neither by a reader nor by the job's call.
    t.clock.advance(6 * MINUTE_MS);
    expect((await publicRecord(roundId)).secondDraw).toBeNull();
    expect(await drawSecondChance(drawDeps(t), roundId, t.clock.now())).toBe(false);

    // The card is never paid: the hold times out, its pack comes back and its winner's place goes to the waiting list
    // with the idle winner's, two places for the two packs left.
    t.clock.advance(5 * MINUTE_MS);
    expect(await timeOutOrders(db(), t.clock.now(), 10)).toBe(1);
    expect(await drawSecondChance(drawDeps(t), roundId, t.clock.now())).toBe(true);
    const second = await publicRecord(roundId);
    expect(second.secondDraw).toMatchObject({ places: 2 });
    expect(verifyRaffleRecord(second)).toEqual({ firstDraw: { ok: true }, secondDraw: { ok: true } });
    for (const handle of second.secondDraw!.winners) {
      const userId = handleOf.get(handle)!;
      await depositForTest(db(), { userId, source: 'crypto', amount: 100_000 });
      const bought = await buy(await freshAccessToken(t, userId), dropId);
      expect(bought.statusCode, bought.body).toBe(201);
    }
    const [left] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from packs where policy_id = ${roundId} and order_id is null`,
    );
    expect(left!.n).toBe(0);
  });

  // Review: a purchase window longer than the round was saved, and the second draw's winners were told to buy "from"
  // the window's end "until" the round's, a time before it.
  it('refuses a purchase window that ends after the round; one saved before ends with the round, and its second draw gives no places', async () => {
    const inFiveMinutes = new Date(t.clock.now().getTime() + 5 * MINUTE_MS).toISOString();
    const { dropId, at } = await insertRaffleRound(t, admin.accessToken, { registrationOpensAt: inFiveMinutes });
    // The round opens in an hour and sells for 23 hours.
    const put = (purchaseWindowMinutes: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/v1/console/drops/${dropId}/rounds/1/raffle`,
        headers: bearer(admin.accessToken),
        payload: { ...settings(at), registrationOpensAt: at(5), purchaseWindowMinutes },
      });
    const tooLong = await put(23 * 60 + 1);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({
      code: 'RAFFLE_WINDOW_AFTER_ROUND_ENDS',
      message: 'The winners’ purchase window must end by the time the round ends.',
    });
    const wholeRound = await put(23 * 60);
    expect(wholeRound.statusCode, wholeRound.body).toBe(200);
    expect(wholeRound.json().data.purchaseWindowMinutes).toBe(23 * 60);

    // A raffle saved before the console refused it: a window of two days on a round of 23 hours.
    const { roundId } = await insertRaffleRound(t, admin.accessToken, { places: 2 });
    await db().execute(
      sql`update raffle_rounds set purchase_window_minutes = ${2 * 24 * 60} where policy_id = ${roundId}`,
    );
    const [round] = await queryRows<{ ends: Date | string; name: string }>(
      db(),
      sql`select p.sale_end_at as ends, d.name from sale_policies p join drops d on d.id = p.drop_id where p.id = ${roundId}`,
    );
    const endsAt = new Date(round!.ends);
    const userIds = await Promise.all(Array.from({ length: 5 }, () => insertTestUser(db(), t.clock.now())));
    for (const userId of userIds) await enterRaffle({ db: db(), clock: t.clock }, userId, roundId);
    t.clock.advance(31 * MINUTE_MS);
    const drawn = await publicRecord(roundId);
    expect(drawn.winners).toHaveLength(2);
    // The first winners buy until the round ends, and are told so.
    expect(drawn.rules!.purchaseWindowEndsAt).toBe(endsAt.toISOString());
    const wins = await queryRows<{ title: string; body: string }>(
      db(),
      sql`select title, body from notifications where user_id = any(${sqlArray(userIds)}::uuid[]) and title like 'You won%'`,
    );
    expect(wins).toHaveLength(2);
    for (const win of wins) expect(win.body.endsWith(` until ${readableUtc(endsAt)}.`)).toBe(true);

    // The round ends with the window: the second draw has no time to give, so it gives no places and tells nobody.
    t.clock.advance(24 * 60 * MINUTE_MS);
    const second = await publicRecord(roundId);
    expect(second.secondDraw).toMatchObject({ places: 0, winners: [] });
    expect(verifyRaffleRecord(second)).toEqual({ firstDraw: { ok: true }, secondDraw: { ok: true } });
    const [told] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications where user_id = any(${sqlArray(userIds)}::uuid[])
          and title = 'You won a place in the second draw'`,
    );
    expect(told!.n).toBe(0);
  });

  // Review: "free for pass holders" on a round open to everyone was accepted, then every entrant was charged.
  it('is free for pass holders only on a round that requires a pass; a raffle flagged earlier on an open round says it charges, and charges', async () => {
    const kind = await insertTicketKind(db());
    const inFiveMinutes = new Date(t.clock.now().getTime() + 5 * MINUTE_MS).toISOString();
    const open = await insertRaffleRound(t, admin.accessToken, {
      registrationOpensAt: inFiveMinutes,
      ticketKindId: kind.id,
    });
    const put = (dropId: string, at: (minutes: number) => string) =>
      t.app.inject({
        method: 'PUT',
        url: `/v1/console/drops/${dropId}/rounds/1/raffle`,
        headers: bearer(admin.accessToken),
        payload: { ...settings(at), registrationOpensAt: at(5), ticketKindId: kind.id, isFreeForPassHolders: true },
      });
    const refused = await put(open.dropId, open.at);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'RAFFLE_FREE_FOR_HOLDERS_WITHOUT_PASS',
      message: 'This round is open to everyone, so its raffle cannot be free for pass holders.',
      details: [
        {
          field: 'isFreeForPassHolders',
          message: 'This round is open to everyone, so its raffle cannot be free for pass holders.',
        },
      ],
    });

    const holder = await fastBuyer(t);
    const pass = await heldPass(t, admin.accessToken, [holder.userId]);
    const forHolders = await insertRaffleRound(t, admin.accessToken, {
      registrationOpensAt: inFiveMinutes,
      ticketKindId: kind.id,
      requiredPassId: pass.id,
    });
    const accepted = await put(forHolders.dropId, forHolders.at);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.isFreeForPassHolders).toBe(true);

    // A raffle set with the flag before it was refused: the record says the ticket is due, as the entry charges it.
    await db().execute(sql`update raffle_rounds set is_free_for_pass_holders = true where policy_id = ${open.roundId}`);
    t.clock.advance(5 * MINUTE_MS);
    expect((await publicRecord(open.roundId)).rules).toMatchObject({
      ticketKind: { id: kind.id },
      isFreeForPassHolders: false,
    });
    const shown = await t.app.inject({
      method: 'GET',
      url: `/v1/console/drops/${open.dropId}/rounds/1/raffle`,
      headers: bearer(await freshAccessToken(t, admin.userId)),
    });
    expect(shown.json().data.isFreeForPassHolders).toBe(false);
    await giveTickets(db(), holder.userId, kind.id, 1);
    const entered = await enter(await freshAccessToken(t, holder.userId), open.roundId);
    expect(entered.json().data).toMatchObject({ hasSpentTicket: true });
    expect(await ticketsHeld(holder.userId, kind.id)).toBe(0);

    // On the holders' round the record names the pass and tells each caller whether they hold it; the holder enters
    // free, an outsider is refused and keeps their ticket.
    const outsider = await fastBuyer(t);
    await giveTickets(db(), outsider.userId, kind.id, 1);
    const rules = { ticketKind: { id: kind.id }, isFreeForPassHolders: true, requiredPass: pass };
    const visitorView = await publicRecord(forHolders.roundId);
    expect(visitorView.rules).toMatchObject(rules);
    expect(visitorView).not.toHaveProperty('holdsRequiredPass');
    const holderToken = await freshAccessToken(t, holder.userId);
    const outsiderToken = await freshAccessToken(t, outsider.userId);
    expect((await publicRecord(forHolders.roundId, holderToken)).holdsRequiredPass).toBe(true);
    expect((await publicRecord(forHolders.roundId, outsiderToken)).holdsRequiredPass).toBe(false);
    expect((await publicRecord(open.roundId, holderToken)).holdsRequiredPass).toBeNull();
    const refusedEntry = await enter(outsiderToken, forHolders.roundId);
    expect([refusedEntry.statusCode, refusedEntry.json().code]).toEqual([403, 'PASS_REQUIRED']);
    expect(await ticketsHeld(outsider.userId, kind.id)).toBe(1);
    expect((await enter(holderToken, forHolders.roundId)).json().data).toMatchObject({ hasSpentTicket: false });
  });

  // Review: the console allowed a raffle and a waiting room on one round, and the drop page invited everyone to queue
  // for a round only the raffle's winners buy in. Both at once on two instances: raffle-access-races.test.ts.
  it('refuses a raffle on a round with a waiting room, and a waiting room on a raffle round', async () => {
    const roomPayload = {
      opensMinutesBefore: 30,
      admitPerMinute: 100,
      tokenTtlSeconds: 300,
      requiresVerifiedPhone: false,
    };
    const roomed = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 10, beginsInMinutes: 60, endsInMinutes: 24 * 60 }],
    });
    const roomUrl = (dropId: string) => `/v1/console/drops/${dropId}/rounds/1/waiting-room`;
    const room = await t.app.inject({
      method: 'PUT',
      url: roomUrl(roomed.dropId),
      headers: bearer(admin.accessToken),
      payload: roomPayload,
    });
    expect(room.statusCode, room.body).toBe(201);
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
    const raffle = await t.app.inject({
      method: 'PUT',
      url: `/v1/console/drops/${roomed.dropId}/rounds/1/raffle`,
      headers: bearer(admin.accessToken),
      payload: settings(at),
    });
    expect(raffle.statusCode).toBe(409);
    expect(raffle.json()).toEqual({
      code: 'RAFFLE_ROUND_HAS_WAITING_ROOM',
      message: 'This round has a waiting room. Remove it first: a raffle round sells only to its winners.',
    });

    const { dropId } = await insertRaffleRound(t, admin.accessToken);
    const refused = await t.app.inject({
      method: 'PUT',
      url: roomUrl(dropId),
      headers: bearer(admin.accessToken),
      payload: roomPayload,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'WAITING_ROOM_ROUND_IS_RAFFLE',
      message: 'This round is a raffle: only its winners buy in it, so it cannot have a waiting room.',
    });
    const [counted] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from waiting_rooms w join sale_policies p on p.id = w.policy_id
          where p.drop_id = ${dropId}`,
    );
    expect(counted!.n).toBe(0);
  });

  // Review: a raffle on a round holding packs back for pass holders gave 4 places on 4 packs, 2 of them held: two
  // winners were told the packs are held for holders, and the holders, not drawn, were refused them.
  it('refuses a raffle on a round that holds packs back for pass holders', async () => {
    const holders = await Promise.all([fastBuyer(t), fastBuyer(t)]);
    const pass = await heldPass(
      t,
      admin.accessToken,
      holders.map((holder) => holder.userId),
    );
    const { dropId } = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [
        {
          packCount: 4,
          perPersonLimit: 1,
          beginsInMinutes: 60,
          endsInMinutes: 24 * 60,
          passGuarantee: { passId: pass.id, packsPerHolder: 1, minutes: 120, packCount: 2 },
        },
      ],
    });
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/v1/console/drops/${dropId}/rounds/1/raffle`,
      headers: bearer(admin.accessToken),
      payload: { ...settings(at), places: 4 },
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      {
        code: 'RAFFLE_ROUND_HAS_PASS_GUARANTEE',
        message:
          'This round holds packs back for pass holders, so it cannot be a raffle: a raffle round sells only to its winners.',
      },
    ]);
    const [saved] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from raffle_rounds where drop_id = ${dropId}`,
    );
    expect(saved!.n).toBe(0);
  });

  it('asks for tickets of the drop’s own brand or the marketplace’s, never another brand’s', async () => {
    const inFiveMinutes = new Date(t.clock.now().getTime() + 5 * MINUTE_MS).toISOString();
    const { dropId, at } = await insertRaffleRound(t, admin.accessToken, { registrationOpensAt: inFiveMinutes });
    const [drop] = await queryRows<{ brandId: string }>(
      db(),
      sql`select brand_id as "brandId" from drops where id = ${dropId}`,
    );
    const put = (ticketKindId: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/v1/console/drops/${dropId}/rounds/1/raffle`,
        headers: bearer(admin.accessToken),
        payload: { ...settings(at), registrationOpensAt: at(5), ticketKindId },
      });
    const otherBrands = await insertTicketKind(db(), { brandId: (await insertBrand(db())).id });
    const refused = await put(otherBrands.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('TICKET_KIND_OF_OTHER_BRAND');
    const own = await insertTicketKind(db(), { brandId: drop!.brandId });
    // Named with its brand, or none for the marketplace's: the console's options tell two kinds of one name apart so.
    expect((await put(own.id)).json().data).toMatchObject({
      ticketKindId: own.id,
      ticketKind: { id: own.id, brand: { id: drop!.brandId } },
    });
    const marketplaces = await insertTicketKind(db());
    expect((await put(marketplaces.id)).json().data).toMatchObject({
      ticketKindId: marketplaces.id,
      ticketKind: { id: marketplaces.id, brand: null },
    });
    expect((await put(newId())).json().code).toBe('TICKET_KIND_NOT_FOUND');
  });

  // Review: the console named a raffle's entry by reading its kind by id, which a brand's manager may not do for the
  // marketplace's kinds (403): their raffle read "One ticket". The raffle's answer names its kind.
  it("names its entry's kind to the drop's brand manager, the marketplace's included", async () => {
    const inFiveMinutes = new Date(t.clock.now().getTime() + 5 * MINUTE_MS).toISOString();
    const { dropId, at } = await insertRaffleRound(t, admin.accessToken, { registrationOpensAt: inFiveMinutes });
    const [drop] = await queryRows<{ brandId: string }>(
      db(),
      sql`select brand_id as "brandId" from drops where id = ${dropId}`,
    );
    const manager = await signUpOperator(t, 'brand_manager', drop!.brandId);
    const house = await insertTicketKind(db(), { name: 'House golden ticket' });
    const url = `/v1/console/drops/${dropId}/rounds/1/raffle`;
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(manager.accessToken),
      payload: { ...settings(at), registrationOpensAt: at(5), ticketKindId: house.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const named = {
      ticketKindId: house.id,
      ticketKind: { id: house.id, name: 'House golden ticket', isActive: true, brand: null },
    };
    expect(saved.json().data).toMatchObject(named);
    const shown = await t.app.inject({ method: 'GET', url, headers: bearer(manager.accessToken) });
    expect(shown.json().data).toMatchObject(named);
    // Made inactive since, it is said so: the console shows "(inactive)" beside a kind no longer sold.
    await db().execute(sql`update ticket_kinds set is_active = false where id = ${house.id}`);
    const retired = await t.app.inject({ method: 'GET', url, headers: bearer(manager.accessToken) });
    expect(retired.json().data.ticketKind).toEqual({
      id: house.id,
      name: 'House golden ticket',
      isActive: false,
      brand: null,
    });
    // What the console cannot do instead: the manager may not read the marketplace's kind by id.
    const byId = await t.app.inject({
      method: 'GET',
      url: `/v1/console/ticket-kinds/${house.id}`,
      headers: bearer(manager.accessToken),
    });
    expect(byId.statusCode).toBe(403);
    const free = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(manager.accessToken),
      payload: { ...settings(at), registrationOpensAt: at(5) },
    });
    expect(free.json().data).toMatchObject({ ticketKindId: null, ticketKind: null });
  });

  it('makes a round a raffle until just before it opens, and then refuses (every instance keeps the answer from then)', async () => {
    const now = t.clock.now();
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1_000).toISOString();
    // A round opening in 10 seconds: too late to turn it into a raffle.
    const drop = await insertLiveDrop(t.database.db, {
      now,
      rounds: [{ packCount: 2, beginsInMinutes: 10 / 60, endsInMinutes: 60 }],
    });
    const payload = {
      places: 1,
      registrationOpensAt: at(-60),
      registrationClosesAt: at(5),
      ticketKindId: null,
      isFreeForPassHolders: false,
      ticketsOnLoss: 'KEPT',
      purchaseWindowMinutes: 30,
    };
    const url = `/v1/console/drops/${drop.dropId}/rounds/1/raffle`;
    const refused = await t.app.inject({ method: 'PUT', url, headers: bearer(admin.accessToken), payload });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'RAFFLE_ROUND_OPENING',
      message: 'This round opens too soon to become a raffle.',
    });

    // Once it is open anyone may buy there: it is no raffle, and never will be.
    t.clock.advance(11_000);
    const buyer = await fastBuyer(t);
    await depositForTest(t.database.db, { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/v2/orders',
      headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
      payload: { dropId: drop.dropId, quantity: 1, paymentMethod: 'BALANCE' },
    });
    expect(bought.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'PUT', url, headers: bearer(admin.accessToken), payload })).json().code).toBe(
      'RAFFLE_ROUND_OPENING',
    );
  });
});
