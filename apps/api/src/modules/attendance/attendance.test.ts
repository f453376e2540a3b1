import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceMessages, errorCatalogue, type TGrantRequest } from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import { newId } from '../../lib/ids.ts';
import { bearer, signUp } from '../../testing/auth-helpers.ts';
import { insertBrand } from '../../testing/catalog-fixtures.ts';
import { fastBuyer, freshAccessToken, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { grantables, noticesOf, ticketCountOf } from '../../testing/grant-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balancesOf, insertTestUser, ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';
import { localDateOf, startOfLocalDay } from './attendance-days.ts';

// The day turns at midnight in Seoul (UTC+9, no daylight saving) for this app: 15:00 UTC.
let t: TestApp;
let admin: { accessToken: string; userId: string };
beforeAll(async () => {
  t = await createTestApp({ env: { ATTENDANCE_TIME_ZONE: 'Asia/Seoul' } });
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const credit = (amount: number): TGrantRequest => ({ kind: 'CREDIT', amount });

/** Someone who acts: a fresh access token each time, since these tests move the clock by years. */
type TWho = { userId: string };

async function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: TWho, payload?: object) {
  const headers = who ? bearer(await freshAccessToken(t, who.userId)) : {};
  return t.app.inject({ method, url, headers, payload });
}

async function makeCalendar(fields: Record<string, unknown>) {
  const made = await send('POST', '/v1/console/attendance-calendars', admin, {
    name: 'Daily rewards',
    dailyReward: credit(100),
    ...fields,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().data as { id: string };
}

const checkIn = async (who: TWho, headers: Record<string, string> = {}, payload?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/attendance',
    headers: { ...bearer(await freshAccessToken(t, who.userId)), ...headers },
    payload,
  });

describe('the day boundary', () => {
  it('is midnight in the configured zone, daylight saving included', () => {
    // Seoul: one second either side of its midnight, 15:00 UTC.
    expect(localDateOf(new Date('2030-03-09T14:59:59Z'), 'Asia/Seoul')).toBe('2030-03-09');
    expect(localDateOf(new Date('2030-03-09T15:00:01Z'), 'Asia/Seoul')).toBe('2030-03-10');
    expect(startOfLocalDay('2030-03-10', 'Asia/Seoul').toISOString()).toBe('2030-03-09T15:00:00.000Z');
    // Los Angeles on the day its clocks go forward (10 March 2030): midnight is still PST, the next one PDT.
    expect(localDateOf(new Date('2030-03-10T07:59:59Z'), 'America/Los_Angeles')).toBe('2030-03-09');
    expect(localDateOf(new Date('2030-03-10T08:00:01Z'), 'America/Los_Angeles')).toBe('2030-03-10');
    expect(startOfLocalDay('2030-03-10', 'America/Los_Angeles').toISOString()).toBe('2030-03-10T08:00:00.000Z');
    expect(startOfLocalDay('2030-03-11', 'America/Los_Angeles').toISOString()).toBe('2030-03-11T07:00:00.000Z');
  });

  it('makes check-ins one second before and one second after midnight two days, the second a streak of 2', async () => {
    await makeCalendar({ startDate: '2030-03-01', endDate: '2030-03-31' });
    const person = await fastBuyer(t);
    t.clock.set('2030-03-09T14:59:59Z');
    const before = await checkIn(person);
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json().data).toMatchObject({ date: '2030-03-09', streak: 1 });
    t.clock.set('2030-03-09T15:00:01Z');
    const after = await checkIn(person);
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().data).toMatchObject({ date: '2030-03-10', streak: 2 });
    const today = (await send('GET', '/v2/attendance/today', person)).json().data;
    expect(today).toMatchObject({
      date: '2030-03-10',
      isCheckedIn: true,
      streak: 2,
      timeZone: 'Asia/Seoul',
      nextDayStartsAt: '2030-03-10T15:00:00.000Z',
    });
  });
});

describe('checking in', () => {
  beforeAll(async () => {
    await makeCalendar({
      name: 'April rewards',
      startDate: '2030-04-01',
      endDate: '2030-04-30',
      dayRewards: [{ date: '2030-04-15', reward: credit(1_000) }],
    });
  });

  it('shows visitors the calendar without state, and a person their day, streak and reward', async () => {
    t.clock.set('2030-04-15T03:00:00Z');
    const visitor = (await send('GET', '/v2/attendance/rewards')).json().data;
    expect(visitor).toMatchObject({ timeZone: 'Asia/Seoul', today: '2030-04-15', me: null });
    expect(visitor.calendar.days).toHaveLength(30);
    expect(visitor.calendar.days[0]).toMatchObject({
      date: '2030-04-01',
      reward: { kind: 'CREDIT', description: '1.00 CYP', credit: { amount: 100, currency: 'CYP' } },
      state: null,
    });
    expect(visitor.calendar.days[14]).toMatchObject({ date: '2030-04-15', reward: { description: '10.00 CYP' } });

    const person = await fastBuyer(t);
    const mine = (await send('GET', '/v2/attendance/rewards', person)).json().data;
    expect(mine.me).toEqual({ streak: 0, checkedInDays: 0 });
    expect(mine.calendar.days.slice(13, 16).map((day: { state: string }) => day.state)).toEqual([
      'MISSED',
      'TODAY',
      'UPCOMING',
    ]);
    expect((await send('GET', '/v1/attendance/today', person)).json().data).toEqual({
      date: '2030-04-15',
      isCheckedIn: false,
      streak: 0,
      reward: { kind: 'CREDIT', description: '10.00 CYP', credit: { amount: 1_000, currency: 'CYP' } },
      isRewardLeft: true,
    });
  });

  it('leaves the days before someone’s account was made without state: they were nobody’s to miss', async () => {
    t.clock.set('2030-04-15T03:00:00Z');
    // Joined on 12 April in Seoul (21:00 UTC on the 11th).
    const newcomer = { userId: await insertTestUser(db(), new Date('2030-04-11T21:00:00Z')) };
    const mine = (await send('GET', '/v2/attendance/rewards', newcomer)).json().data;
    expect(mine.calendar.days.slice(9, 16).map((day: { date: string; state: string | null }) => day.state)).toEqual([
      null,
      null,
      'MISSED',
      'MISSED',
      'MISSED',
      'TODAY',
      'UPCOMING',
    ]);
    expect(mine.calendar.days[11].date).toBe('2030-04-12');
  });

  it('checks in once a day: the reward lands as non-withdrawable credit with a notice, a second try is refused', async () => {
    t.clock.set('2030-04-16T03:00:00Z');
    const person = await fastBuyer(t);
    const done = await checkIn(person);
    expect(done.statusCode, done.body).toBe(201);
    const made = done.json().data;
    expect(made).toMatchObject({
      date: '2030-04-16',
      streak: 1,
      calendar: { name: 'April rewards', startDate: '2030-04-01', endDate: '2030-04-30' },
      rewards: [{ status: 'DELIVERED', grant: { kind: 'CREDIT', description: '1.00 CYP' }, edition: null }],
    });
    expect(await balancesOf(db(), person.userId, 'CYP')).toEqual({ non_withdrawable: 100 });
    expect(await noticesOf(t, await freshAccessToken(t, person.userId), 'ATTENDANCE')).toEqual([
      { title: 'Check-in reward', body: 'You checked in for the day and received 1.00 CYP.', linkPath: '/payment' },
    ]);

    const again = await checkIn(person);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'ATTENDANCE_ALREADY_CHECKED_IN',
      message: errorCatalogue.ATTENDANCE_ALREADY_CHECKED_IN.message,
    });
    expect(await balancesOf(db(), person.userId, 'CYP')).toEqual({ non_withdrawable: 100 });

    expect((await send('GET', '/v1/attendance/today', person)).json().data).toMatchObject({
      isCheckedIn: true,
      streak: 1,
    });
    const v2 = (await send('GET', '/v2/attendance/today', person)).json().data;
    expect(v2).toMatchObject({ checkIn: made, calendar: { name: 'April rewards' }, nextStreakBonus: null });
    expect((await send('GET', `/v1/attendance/${made.id}`, person)).json().data).toEqual(made);
    const listed = (await send('GET', '/v1/attendance', person)).json().data;
    expect(listed).toMatchObject({ items: [made], total: 1 });
    const page = (await send('GET', '/v2/attendance/rewards', person)).json().data;
    expect(page.me).toEqual({ streak: 1, checkedInDays: 1 });
    expect(page.calendar.days[15]).toMatchObject({ state: 'CHECKED_IN', checkInId: made.id });

    // Someone else's check-in is not found, as an unknown one is.
    const stranger = await fastBuyer(t);
    const theirs = await send('GET', `/v1/attendance/${made.id}`, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('ATTENDANCE_NOT_FOUND');
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('replays an Idempotency-Key’s first answer, and refuses visitors, unverified emails and days with no calendar', async () => {
    t.clock.set('2030-04-17T03:00:00Z');
    const person = await fastBuyer(t);
    const key = newId();
    const first = await checkIn(person, { 'idempotency-key': key });
    const replay = await checkIn(person, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    // A retry that sends `{}` or `null` where the first sent no body is the same request, not the key reused.
    for (const payload of ['{}', 'null']) {
      const retried = await checkIn(person, { 'idempotency-key': key, 'content-type': 'application/json' }, payload);
      expect([retried.statusCode, retried.json()], payload).toEqual([201, first.json()]);
    }

    for (const url of ['/v1/attendance/today', '/v2/attendance/today', '/v1/attendance']) {
      const answer = await send('GET', url);
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().code).toBe('UNAUTHORIZED');
    }
    expect((await send('POST', '/v1/attendance')).statusCode).toBe(401);
    // A check-in asks nothing: an empty object is the same as no body, anything else is refused before it is read.
    const withDay = await send('POST', '/v1/attendance', person, { date: '2030-01-01' });
    expect(withDay.statusCode).toBe(400);
    expect(withDay.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'date', message: 'This field is not taken here.' }],
    });
    const nested = await t.app.inject({
      method: 'POST',
      url: '/v1/attendance',
      headers: {
        ...bearer(await freshAccessToken(t, person.userId)),
        'content-type': 'application/json',
        'idempotency-key': newId(),
      },
      payload: '['.repeat(5_000) + ']'.repeat(5_000),
    });
    expect(nested.statusCode).toBe(400);
    expect((await send('POST', '/v1/attendance', person, {})).json().code).toBe('ATTENDANCE_ALREADY_CHECKED_IN');
    expect((await send('GET', '/v1/attendance/not-an-id', person)).json()).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'id' }],
    });

    const unverified = await signUp(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/attendance',
      headers: bearer(unverified.accessToken),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_VERIFICATION_REQUIRED');

    t.clock.set('2029-01-05T03:00:00Z');
    const closed = await checkIn(person);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ code: 'ATTENDANCE_NOT_OPEN', message: errorCatalogue.ATTENDANCE_NOT_OPEN.message });
    // A retry of the check-in answered before gets its answer, though no calendar covers the day now.
    const retried = await checkIn(person, { 'idempotency-key': key });
    expect([retried.statusCode, retried.json()]).toEqual([201, first.json()]);
    expect((await send('GET', '/v1/attendance/today', person)).json().data).toMatchObject({
      isCheckedIn: false,
      reward: null,
    });
    expect((await send('GET', '/v2/attendance/rewards')).json().data.calendar).toBeNull();
  });
});

describe('streaks', () => {
  it('survive a month’s end into the next calendar, earn its bonus, and break on a day missed', async () => {
    const { grants, kind } = await grantables(t, { accessToken: await freshAccessToken(t, admin.userId) });
    await makeCalendar({ name: 'November', startDate: '2031-11-01', endDate: '2031-11-30' });
    await makeCalendar({
      name: 'December',
      startDate: '2031-12-01',
      endDate: '2031-12-31',
      dayRewards: [{ date: '2031-12-01', reward: credit(300) }],
      streakBonuses: [
        { streakDays: 3, reward: grants.tickets(2) },
        { streakDays: 7, reward: credit(700) },
      ],
    });
    const person = await fastBuyer(t);
    const on = async (date: string) => {
      t.clock.set(`${date}T01:00:00Z`);
      const answer = await checkIn(person);
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().data as { streak: number; rewards: { grant: { description: string } }[] };
    };
    expect((await on('2031-11-29')).streak).toBe(1);
    expect((await on('2031-11-30')).streak).toBe(2);
    const december = await on('2031-12-01');
    expect(december.streak).toBe(3);
    expect(december.rewards.map((reward) => reward.grant.description)).toEqual(['3.00 CYP', '2 Raffle tickets']);
    expect(await ticketCountOf(db(), person.userId, kind.id)).toBe(2);
    expect(await noticesOf(t, await freshAccessToken(t, person.userId), 'ATTENDANCE')).toContainEqual({
      title: '3-day streak bonus',
      body: 'You checked in 3 days in a row and received 2 Raffle tickets.',
      linkPath: '/tickets',
    });
    const dayAfter = (await send('GET', '/v2/attendance/today', person)).json().data;
    expect(dayAfter).toMatchObject({ isCheckedIn: true, streak: 3, nextStreakBonus: { streakDays: 7 } });

    // 2 December missed: on the 3rd the streak from yesterday is gone, and checking in starts again at 1.
    t.clock.set('2031-12-03T01:00:00Z');
    expect((await send('GET', '/v1/attendance/today', person)).json().data.streak).toBe(0);
    expect((await on('2031-12-03')).streak).toBe(1);
    const page = (await send('GET', '/v2/attendance/rewards', person)).json().data;
    expect(page.calendar.days.slice(0, 3).map((day: { state: string }) => day.state)).toEqual([
      'CHECKED_IN',
      'MISSED',
      'CHECKED_IN',
    ]);
    expect(await balancesOf(db(), person.userId, 'CYP')).toEqual({ non_withdrawable: 100 + 100 + 300 + 100 });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('keep the check-in when a day’s edition has run out, recording the reward as out of stock', async () => {
    const { grants } = await grantables(t, { accessToken: await freshAccessToken(t, admin.userId) }, { poolSize: 1 });
    await makeCalendar({
      name: 'Edition days',
      startDate: '2032-05-01',
      endDate: '2032-05-10',
      dailyReward: grants.edition(),
    });
    t.clock.set('2032-05-02T01:00:00Z');
    const [first, second] = [await fastBuyer(t), await fastBuyer(t)];
    const given = (await checkIn(first)).json().data;
    expect(given.rewards[0]).toMatchObject({
      status: 'DELIVERED',
      grant: { kind: 'EDITION', editionPool: { product: { name: 'Golden Cat' } } },
      edition: { id: expect.any(String), serialNumber: 1 },
    });
    const late = await checkIn(second);
    expect(late.statusCode).toBe(201);
    expect(late.json().data.rewards[0]).toMatchObject({ status: 'OUT_OF_STOCK', edition: null });
    const [history] = await queryRows<{ kind: string }>(
      db(),
      sql`select kind from product_activities where edition_id = ${given.rewards[0].edition.id}
          order by created_at desc`,
    );
    expect(history!.kind).toBe('REWARDED');
  });
});

describe('reward calendars in the console', () => {
  it('are made, read, listed and changed by admins, audited, and refused in the contract’s words', async () => {
    const made = await makeCalendar({ name: 'June', startDate: '2033-06-01', endDate: '2033-06-30' });
    const read = (await send('GET', `/v1/console/attendance-calendars/${made.id}`, admin)).json().data;
    expect(read).toMatchObject({
      name: 'June',
      timeZone: 'Asia/Seoul',
      dailyReward: { kind: 'CREDIT', description: '1.00 CYP' },
      dayRewards: [],
      streakBonuses: [],
      checkInCount: 0,
    });
    const listed = (await send('GET', '/v1/console/attendance-calendars?size=100', admin)).json().data;
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(made.id);
    const changed = await send('PUT', `/v1/console/attendance-calendars/${made.id}`, admin, {
      name: 'June, longer',
      startDate: '2033-06-01',
      endDate: '2033-07-05',
      dailyReward: credit(200),
      streakBonuses: [{ streakDays: 5, reward: credit(500) }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'June, longer',
      endDate: '2033-07-05',
      streakBonuses: [{ streakDays: 5 }],
    });
    // The same change again changes nothing: not recorded, and the calendar's version stays.
    const again = await send('PUT', `/v1/console/attendance-calendars/${made.id}`, admin, {
      name: 'June, longer',
      startDate: '2033-06-01',
      endDate: '2033-07-05',
      dailyReward: credit(200),
      streakBonuses: [{ streakDays: 5, reward: credit(500) }],
    });
    expect(again.json().data).toEqual(changed.json().data);
    const audit = await queryRows<{ action: string; before: unknown; after: unknown }>(
      db(),
      sql`select action, before, after from audit_log
          where entity_type = 'attendance_calendar' and entity_id = ${made.id} order by created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
    // Both sides are the calendar as the console shows it, so only what changed reads as changed.
    expect(audit[1]).toMatchObject({ before: read, after: changed.json().data });

    const post = (payload: object) => send('POST', '/v1/console/attendance-calendars', admin, payload);
    const base = { name: 'Bad', startDate: '2034-01-10', endDate: '2034-01-20', dailyReward: credit(1) };
    const cases: [object, { field: string; message: string }][] = [
      [
        { ...base, endDate: '2034-01-09' },
        { field: 'endDate', message: 'A calendar begins on or before the day it ends.' },
      ],
      [
        { ...base, endDate: '2034-06-01' },
        { field: 'endDate', message: 'A calendar covers at most 92 days.' },
      ],
      [
        { ...base, dayRewards: [{ date: '2034-02-01', reward: credit(1) }] },
        { field: 'dayRewards.0.date', message: 'This day is not in the calendar’s period.' },
      ],
      [
        {
          ...base,
          streakBonuses: [
            { streakDays: 3, reward: credit(1) },
            { streakDays: 3, reward: credit(2) },
          ],
        },
        { field: 'streakBonuses.1.streakDays', message: 'Each streak length can have only one bonus.' },
      ],
      [
        { ...base, dailyReward: credit(0) },
        { field: 'dailyReward.amount', message: expect.stringContaining('CYP minor units') },
      ],
      [
        { ...base, startDate: '2034-02-30' },
        { field: 'startDate', message: expect.any(String) },
      ],
    ];
    for (const [payload, detail] of cases) {
      const refused = await post(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.any(String) });
      expect(refused.json().details).toContainEqual(detail);
    }
    // A date that is no day is told so, and only that: read as March 2, it made March 1 "before" it (session 70).
    const noDay = await post({ ...base, startDate: '2034-02-30', endDate: '2034-03-01' });
    expect(noDay.json().details).toEqual([{ field: 'startDate', message: 'This is not a valid date.' }]);
    const unknown = await post({ ...base, dailyReward: { kind: 'TICKETS', ticketKindId: newId(), count: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('GRANT_ITEM_NOT_FOUND');
    const overlapping = await post({ ...base, startDate: '2033-07-01', endDate: '2033-07-10' });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toMatchObject({
      code: 'ATTENDANCE_CALENDAR_OVERLAPS',
      details: [{ field: 'startDate', message: '“June, longer” covers Jun 1, 2033 to Jul 5, 2033.' }],
    });
    // Review of session 69: of two calendars it overlaps, the one first made was named, not the earliest as the
    // console names it. Made later first:
    expect(
      (await post({ ...base, name: 'September', startDate: '2033-09-01', endDate: '2033-09-10' })).statusCode,
    ).toBe(201);
    expect((await post({ ...base, name: 'August', startDate: '2033-08-20', endDate: '2033-08-25' })).statusCode).toBe(
      201,
    );
    const acrossBoth = await post({ ...base, startDate: '2033-08-22', endDate: '2033-09-05' });
    expect(acrossBoth.json().details).toEqual([
      { field: 'startDate', message: '“August” covers Aug 20, 2033 to Aug 25, 2033.' },
    ]);
    // What the console asks before a save: the calendars covering any day of a period, either end open.
    const covering = async (query: string) => {
      const listed = await send('GET', `/v1/console/attendance-calendars?size=100&${query}`, admin);
      expect(listed.statusCode, listed.body).toBe(200);
      const page = listed.json().data as { items: { name: string }[]; total: number };
      expect(page.total).toBe(page.items.length);
      return page.items.map((calendar) => calendar.name);
    };
    expect(await covering('coveringFrom=2033-07-05&coveringTo=2033-07-10')).toEqual(['June, longer']);
    expect(await covering('coveringFrom=2033-07-06&coveringTo=2033-07-10')).toEqual([]);
    expect(await covering('coveringFrom=2033-05-01&coveringTo=2033-06-01')).toEqual(['June, longer']);
    expect(await covering('coveringTo=2033-05-31')).not.toContain('June, longer');
    expect(await covering('coveringFrom=2033-07-05')).toContain('June, longer');
    expect((await send('GET', '/v1/console/attendance-calendars?coveringFrom=July', admin)).json()).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'coveringFrom' }],
    });

    const manager = await signUpOperator(t, 'brand_manager', (await insertBrand(db())).id);
    expect((await send('GET', '/v1/console/attendance-calendars', manager)).statusCode).toBe(403);
    const fan = await fastBuyer(t);
    expect((await send('POST', '/v1/console/attendance-calendars', fan, base)).statusCode).toBe(403);
  });

  it('delete only a calendar not begun, and never drop a day someone checked in on', async () => {
    const future = await makeCalendar({ name: 'Later', startDate: '2040-01-01', endDate: '2040-01-31' });
    const begun = await makeCalendar({ name: 'Now', startDate: '2035-02-01', endDate: '2035-02-28' });
    t.clock.set('2035-02-10T01:00:00Z');
    const person = await fastBuyer(t);
    expect((await checkIn(person)).statusCode).toBe(201);
    const started = await send('DELETE', `/v1/console/attendance-calendars/${begun.id}`, admin);
    expect(started.statusCode).toBe(409);
    expect(started.json().code).toBe('ATTENDANCE_CALENDAR_STARTED');
    const shrunk = await send('PUT', `/v1/console/attendance-calendars/${begun.id}`, admin, {
      name: 'Now',
      startDate: '2035-02-11',
      endDate: '2035-02-28',
      dailyReward: credit(100),
    });
    expect(shrunk.statusCode).toBe(409);
    expect(shrunk.json().code).toBe('ATTENDANCE_CALENDAR_IN_USE');
    expect((await send('DELETE', `/v1/console/attendance-calendars/${future.id}`, admin)).statusCode).toBe(204);
    expect((await send('GET', `/v1/console/attendance-calendars/${future.id}`, admin)).json().code).toBe(
      'ATTENDANCE_CALENDAR_NOT_FOUND',
    );
  });

  it('reach today when made or lengthened, and keep the reward of every day someone checked in on', async () => {
    // 12 March 2036 in Seoul.
    t.clock.set('2036-03-12T01:00:00Z');
    const endDateRefusal = {
      code: 'INVALID_REQUEST',
      details: [{ field: 'endDate', message: attendanceMessages.endsBeforeToday }],
    };
    const past = await send('POST', '/v1/console/attendance-calendars', admin, {
      name: 'Last week',
      startDate: '2036-03-01',
      endDate: '2036-03-11',
      dailyReward: credit(100),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject(endDateRefusal);

    // Begun on the 10th: the 10th was missed by everyone, the 11th and the 12th (today) have check-ins.
    const march = await makeCalendar({
      name: 'March',
      startDate: '2036-03-10',
      endDate: '2036-03-20',
      dayRewards: [{ date: '2036-03-11', reward: credit(300) }],
    });
    const person = await fastBuyer(t);
    t.clock.set('2036-03-11T01:00:00Z');
    expect((await checkIn(person)).statusCode).toBe(201);
    t.clock.set('2036-03-12T01:00:00Z');
    expect((await checkIn(person)).statusCode).toBe(201);
    const change = (fields: object) =>
      send('PUT', `/v1/console/attendance-calendars/${march.id}`, admin, {
        name: 'March',
        startDate: '2036-03-10',
        endDate: '2036-03-20',
        dailyReward: credit(100),
        dayRewards: [{ date: '2036-03-11', reward: credit(300) }],
        ...fields,
      });

    const dearer = await change({
      dailyReward: credit(500),
      dayRewards: [{ date: '2036-03-11', reward: credit(900) }],
    });
    expect(dearer.statusCode).toBe(409);
    expect(dearer.json()).toMatchObject({
      code: 'ATTENDANCE_CALENDAR_REWARD_GIVEN',
      message: errorCatalogue.ATTENDANCE_CALENDAR_REWARD_GIVEN.message,
      details: [
        {
          field: 'dayRewards.0.reward',
          message: 'People have checked in on Mar 11, 2036: its reward stays as it was.',
        },
        { field: 'dailyReward', message: 'People have checked in on Mar 12, 2036: its reward stays as it was.' },
      ],
    });
    // Dropping the 11th's own reward would give it the daily one.
    const dropped = await change({ dayRewards: [] });
    expect(dropped.json().details).toEqual([
      { field: 'dailyReward', message: 'People have checked in on Mar 11, 2036: its reward stays as it was.' },
    ]);
    // Days no one checked in on change freely: the missed 10th, tomorrow, and every day from the 13th through its own.
    const kept = await change({
      dayRewards: [
        { date: '2036-03-10', reward: credit(50) },
        { date: '2036-03-11', reward: credit(300) },
        { date: '2036-03-12', reward: credit(100) },
        { date: '2036-03-13', reward: credit(700) },
      ],
      streakBonuses: [{ streakDays: 3, reward: credit(1_000) }],
    });
    expect(kept.statusCode, kept.body).toBe(200);

    // Ended early: not before a day someone checked in on (the 12th), else as early as wished.
    expect((await change({ endDate: '2036-03-11' })).json().code).toBe('ATTENDANCE_CALENDAR_IN_USE');
    expect((await change({ endDate: '2036-03-12' })).statusCode).toBe(200);
    // A calendar that has ended may be renamed, but not lengthened only into days that have passed.
    const april = await makeCalendar({ name: 'April', startDate: '2036-04-01', endDate: '2036-04-30' });
    t.clock.set('2036-05-10T01:00:00Z');
    const changeApril = (fields: object) =>
      send('PUT', `/v1/console/attendance-calendars/${april.id}`, admin, {
        name: 'April',
        startDate: '2036-04-01',
        endDate: '2036-04-30',
        dailyReward: credit(100),
        ...fields,
      });
    const lengthened = await changeApril({ endDate: '2036-05-05' });
    expect(lengthened.statusCode).toBe(400);
    expect(lengthened.json()).toMatchObject(endDateRefusal);
    const renamed = await changeApril({ name: 'April showers' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});

describe('rewards that run out', () => {
  it('are said to be left until the last is given, then not, before anyone spends a check-in on them', async () => {
    // 10:00 in Seoul on 10 June 2037: a gift round of one pack, and an edition pool of one as a 2-day bonus.
    t.clock.set('2037-06-10T01:00:00Z');
    const drop = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 1, perPersonLimit: null }],
      giftPackCount: 1,
      name: 'Knights Gift Drop',
    });
    const { grants } = await grantables(t, { accessToken: await freshAccessToken(t, admin.userId) }, { poolSize: 1 });
    await makeCalendar({
      name: 'Gift days',
      startDate: '2037-06-10',
      endDate: '2037-06-12',
      dailyReward: credit(100),
      dayRewards: [
        { date: '2037-06-10', reward: { kind: 'PACK', dropId: drop.dropId, giftRoundId: drop.giftRound!.id } },
      ],
      streakBonuses: [{ streakDays: 2, reward: grants.edition() }],
    });
    const [first, second] = [await fastBuyer(t), await fastBuyer(t)];
    const todayOf = async (who: TWho) => (await send('GET', '/v2/attendance/today', who)).json().data;

    expect(await todayOf(second)).toMatchObject({
      reward: { kind: 'PACK', description: 'a pack of Knights Gift Drop' },
      isRewardLeft: true,
      nextStreakBonus: { streakDays: 2, isRewardLeft: true },
    });
    const given = (await checkIn(first)).json().data;
    expect(given.rewards[0]).toMatchObject({ status: 'DELIVERED', grant: { kind: 'PACK' } });
    // The round's one pack is given: the second person is told so before checking in, on both versions.
    expect(await todayOf(second)).toMatchObject({ isCheckedIn: false, isRewardLeft: false });
    expect((await send('GET', '/v1/attendance/today', second)).json().data).toMatchObject({ isRewardLeft: false });
    const late = await checkIn(second);
    expect(late.statusCode).toBe(201);
    expect(late.json().data).toMatchObject({ streak: 1, rewards: [{ status: 'OUT_OF_STOCK' }] });

    // The next day's credit never runs out; the 2-day bonus's one edition does, once the first person takes it.
    t.clock.set('2037-06-11T01:00:00Z');
    expect(await todayOf(second)).toMatchObject({
      reward: { kind: 'CREDIT' },
      isRewardLeft: true,
      nextStreakBonus: { streakDays: 2, isRewardLeft: true },
    });
    const bonus = (await checkIn(first)).json().data;
    expect(bonus.rewards.map((reward: { status: string }) => reward.status)).toEqual(['DELIVERED', 'DELIVERED']);
    expect(await todayOf(second)).toMatchObject({
      isRewardLeft: true,
      nextStreakBonus: { streakDays: 2, isRewardLeft: false },
    });
  });
});
