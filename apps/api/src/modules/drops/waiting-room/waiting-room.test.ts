import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, type TWaitingRoomViewer } from '@cypher/contract';
import { queryRows } from '../../../db/query-rows.ts';
import { bearer, enableTwoFactor, signUp, uniqueIp, verifiedUser } from '../../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import {
  callWaitingRoom,
  insertRoundWithWaitingRoom,
  insertWaitingRoom,
} from '../../../testing/waiting-room-fixtures.ts';
import { waitingRooms } from './waiting-room.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const join = (accessToken: string | null, dropId: string, ip?: string) =>
  callWaitingRoom(t, 'POST', dropId, accessToken, { ip });
const poll = (accessToken: string | null, dropId: string, ip?: string) =>
  callWaitingRoom(t, 'GET', dropId, accessToken, { ip });
const viewerOf = async (accessToken: string, dropId: string): Promise<TWaitingRoomViewer> =>
  (await poll(accessToken, dropId)).data.viewer!;
const people = async (count: number) => {
  const made = [];
  for (let n = 0; n < count; n += 1) made.push(await fastBuyer(t));
  return made;
};
const iso = (ms: number) => new Date(ms).toISOString();

/** Spearman's rank correlation of two rankings of the same people (both permutations of 1..n, so no ties). */
function spearman(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const squares = a.reduce((sum, rank, index) => sum + (rank - b[index]!) ** 2, 0);
  return 1 - (6 * squares) / (n * (n * n - 1));
}

/** Pearson's chi-square statistic of the 10 x 10 table arrival decile x place decile (expected count n / 100 each). */
function decileChiSquare(arrivals: readonly number[], places: readonly number[]): number {
  const n = arrivals.length;
  const decile = (rank: number) => Math.min(9, Math.floor(((rank - 1) * 10) / n));
  const counts = Array.from({ length: 100 }, () => 0);
  arrivals.forEach((arrival, index) => {
    counts[decile(arrival) * 10 + decile(places[index]!)]! += 1;
  });
  const expected = n / 100;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/**
 * Thresholds: for a uniformly random order of 2,000 people, rho is about normal with sd 1/sqrt(1999) = 0.0224, so
 * |rho| >= 0.12 (5.4 sd) happens with probability below 1e-7; the statistic has 81 degrees of freedom (mean 81, sd 12.7)
 * and exceeds 170 with probability below 1e-7 (Wilson-Hilferty). Arrival order gives rho = 1 and a statistic of 18,000.
 */
const MAX_ABS_RHO = 0.12;
const MAX_CHI_SQUARE = 170;

describe('GET /v1/drops/{dropId}/rounds/{round}/waiting-room', () => {
  it('says whether a round has a waiting room and when it opens; signed in, that the caller has not joined', async () => {
    const { dropId, policyId, opensAt } = await insertRoundWithWaitingRoom(t, {
      opensInMinutes: 45,
      opensMinutesBefore: 20,
      admitPerMinute: 120,
      tokenTtlSeconds: 90,
    });
    const visitor = await poll(null, dropId);
    expect(visitor.status).toBe(200);
    expect(visitor.data).toEqual({
      dropId,
      policyId,
      round: 1,
      hasWaitingRoom: true,
      joinOpensAt: iso(opensAt.getTime() - 20 * 60_000),
      saleBeginAt: opensAt.toISOString(),
      saleEndAt: iso(opensAt.getTime() + 24 * 60 * 60_000),
      isOpenForJoining: false,
      admitPerMinute: 120,
      tokenTtlSeconds: 90,
      requiresVerifiedPhone: false,
      now: t.clock.now().toISOString(),
      viewer: null,
    });
    const [fan] = await people(1);
    expect(await viewerOf(fan!.accessToken, dropId)).toEqual({
      status: 'NOT_JOINED',
      joinedAt: null,
      place: null,
      placesAhead: null,
      estimatedWaitSeconds: null,
      admitAt: null,
      admissionToken: null,
      admissionExpiresAt: null,
      pollAfterSeconds: null,
    });

    // A first-come round without a waiting room says so, to visitors and the signed-in alike.
    const plain = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 2 }] });
    const answer = await poll(fan!.accessToken, plain.dropId);
    expect(answer.data).toMatchObject({
      hasWaitingRoom: false,
      joinOpensAt: null,
      isOpenForJoining: false,
      viewer: null,
    });
  });

  it('answers DROP_NOT_FOUND and ROUND_NOT_FOUND for what does not exist, and 400 for a round that is not a number', async () => {
    const { dropId } = await insertRoundWithWaitingRoom(t);
    expect((await poll(null, '0190a0a0-0000-7000-8000-000000000000')).body.code).toBe('DROP_NOT_FOUND');
    expect((await callWaitingRoom(t, 'GET', dropId, null, { round: 2 })).body.code).toBe('ROUND_NOT_FOUND');
    const bad = await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}/rounds/first/waiting-room` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_REQUEST');
  });
});

describe('POST /v1/drops/{dropId}/rounds/{round}/waiting-room', () => {
  it('joins once per person: 201, then 200 with the same entry; the place is drawn at the opening', async () => {
    const { dropId, opensAt } = await insertRoundWithWaitingRoom(t, { opensInMinutes: 10 });
    const [fan] = await people(1);
    const first = await join(fan!.accessToken, dropId);
    expect(first.status).toBe(201);
    expect(first.data.isOpenForJoining).toBe(true);
    expect(first.data.viewer).toEqual({
      status: 'WAITING',
      joinedAt: t.clock.now().toISOString(),
      place: null,
      placesAhead: null,
      estimatedWaitSeconds: 600,
      admitAt: null,
      admissionToken: null,
      admissionExpiresAt: null,
      pollAfterSeconds: 60,
    });
    const again = await join(fan!.accessToken, dropId);
    expect(again.status).toBe(200);
    expect(again.data.viewer).toEqual(first.data.viewer);
    expect(await viewerOf(fan!.accessToken, dropId)).toEqual(first.data.viewer);

    // Five seconds before the opening, the page is told to ask again at the opening.
    t.clock.set(new Date(opensAt.getTime() - 5_000));
    expect(await viewerOf(fan!.accessToken, dropId)).toMatchObject({ estimatedWaitSeconds: 5, pollAfterSeconds: 5 });
  });

  it('refuses each thing it cannot do with its own code, and lets nothing through unsigned', async () => {
    const { dropId } = await insertRoundWithWaitingRoom(t, { opensInMinutes: 45, opensMinutesBefore: 30 });
    const [fan] = await people(1);
    expect((await join(null, dropId)).status).toBe(401);
    const early = await join(fan!.accessToken, dropId);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'WAITING_ROOM_NOT_OPEN',
      message: errorCatalogue.WAITING_ROOM_NOT_OPEN.message,
    });

    const plain = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 2 }] });
    expect((await join(fan!.accessToken, plain.dropId)).body).toMatchObject({
      code: 'WAITING_ROOM_NOT_FOUND',
      message: 'This round has no waiting room.',
    });

    const open = await insertRoundWithWaitingRoom(t, { opensInMinutes: 5 });
    const unverified = await signUp(t);
    expect((await join(unverified.accessToken, open.dropId)).body.code).toBe('EMAIL_VERIFICATION_REQUIRED');

    // A round that ended has a closed room.
    const ended = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 2, beginsInMinutes: -60, endsInMinutes: -1 }],
    });
    await insertWaitingRoom(db(), ended.policies[0]!.id, {}, t.clock.now());
    expect((await join(fan!.accessToken, ended.dropId)).body).toMatchObject({
      code: 'WAITING_ROOM_CLOSED',
      message: 'This round has ended, so its waiting room is closed.',
    });
  });

  it('takes a whitelist round’s room only for people on its list', async () => {
    const [listed, stranger] = await people(2);
    const { dropId } = await insertRoundWithWaitingRoom(t, { whitelistEmails: [listed!.email] });
    const refused = await join(stranger!.accessToken, dropId);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_WHITELISTED');
    expect((await join(listed!.accessToken, dropId)).status).toBe(201);
  });

  it('asks for a verified phone when the room says so: the phone two-factor sign-in proved by SMS', async () => {
    const { dropId } = await insertRoundWithWaitingRoom(t, { requiresVerifiedPhone: true });
    const [fan] = await people(1);
    const refused = await join(fan!.accessToken, dropId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'PHONE_VERIFICATION_REQUIRED',
      message: errorCatalogue.PHONE_VERIFICATION_REQUIRED.message,
    });
    const visitor = await poll(null, dropId);
    expect(visitor.data.requiresVerifiedPhone).toBe(true);

    const withPhone = await verifiedUser(t);
    await enableTwoFactor(t, withPhone, '+15551239876');
    expect((await join(withPhone.accessToken, dropId)).status).toBe(201);
  });

  it('limits joins and polls per address (REQUEST_MAXIMUN with Retry-After), each person still once', async () => {
    const { dropId } = await insertRoundWithWaitingRoom(t);
    const crowd = await people(31);
    const ip = uniqueIp();
    for (const person of crowd.slice(0, 30)) expect((await join(person.accessToken, dropId, ip)).status).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v1/drops/${dropId}/rounds/1/waiting-room`,
      headers: bearer(crowd[30]!.accessToken),
      remoteAddress: ip,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('REQUEST_MAXIMUN');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // From another address the same person gets in.
    expect((await join(crowd[30]!.accessToken, dropId)).status).toBe(201);

    const pollIp = uniqueIp();
    for (let n = 0; n < 240; n += 1) expect((await poll(crowd[0]!.accessToken, dropId, pollIp)).status).toBe(200);
    const tooMany = await poll(crowd[0]!.accessToken, dropId, pollIp);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.code).toBe('REQUEST_MAXIMUN');
  });
});

describe('places in line', () => {
  it('gives 2,000 people who joined before the opening a uniformly random order: every place 1..2000 once, unrelated to arrival', async () => {
    const { dropId, policyId, opensAt } = await insertRoundWithWaitingRoom(t, {
      opensInMinutes: 10,
      admitPerMinute: 1_000,
    });
    const crowd = await people(2_000);
    // Arrival order is join order: one after another, each from an address of its own.
    for (const person of crowd) expect((await join(person.accessToken, dropId)).status).toBe(201);

    t.clock.set(opensAt);
    const places: number[] = [];
    for (const person of crowd) places.push((await viewerOf(person.accessToken, dropId)).place!);
    const arrivals = crowd.map((_, index) => index + 1);

    expect([...places].sort((a, b) => a - b)).toEqual(arrivals);
    const rho = spearman(arrivals, places);
    const chiSquare = decileChiSquare(arrivals, places);
    expect(Math.abs(rho)).toBeLessThan(MAX_ABS_RHO);
    expect(chiSquare).toBeLessThan(MAX_CHI_SQUARE);
    // The same checks fail decisively for the order people arrived in, and for an order that only half-shuffles it.
    expect(spearman(arrivals, arrivals)).toBe(1);
    expect(decileChiSquare(arrivals, arrivals)).toBe(18_000);
    const halfShuffled = arrivals.map((arrival, index) => (index % 2 === 0 ? arrival : places[index]!));
    const halfRanks = rankOf(halfShuffled);
    expect(
      Math.abs(spearman(arrivals, halfRanks)) > MAX_ABS_RHO || decileChiSquare(arrivals, halfRanks) > MAX_CHI_SQUARE,
    ).toBe(true);

    // Drawn once, by the first poll after the opening; admission times follow the places at the room's rate.
    const [room] = await db().select().from(waitingRooms).where(eq(waitingRooms.policyId, policyId));
    expect(room!.placesDrawnAt).toEqual(opensAt);
    const schedule = await queryRows<{ place: number; admit_at: Date | string }>(
      db(),
      sql`select place, admit_at from waiting_room_entries where policy_id = ${policyId} order by place`,
    );
    expect(schedule.map((row) => new Date(row.admit_at).getTime() - opensAt.getTime())).toEqual(
      schedule.map((row) => (row.place - 1) * 60),
    );
  }, 180_000);

  it('queues people who join after the opening behind everyone who came before, in the order they came', async () => {
    const { dropId, opensAt } = await insertRoundWithWaitingRoom(t, { opensInMinutes: 10, admitPerMinute: 6 });
    const early = await people(20);
    for (const person of early) await join(person.accessToken, dropId);
    t.clock.set(new Date(opensAt.getTime() + 1_000));
    const earlyPlaces = [];
    for (const person of early) earlyPlaces.push((await viewerOf(person.accessToken, dropId)).place!);
    expect([...earlyPlaces].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));

    const late = await people(5);
    const lateViewers = [];
    for (const person of late) {
      t.clock.advance(1_000);
      // Placed at once, in the join's own answer.
      lateViewers.push((await join(person.accessToken, dropId)).data.viewer!);
    }
    expect(lateViewers.map((viewer) => viewer.place)).toEqual([21, 22, 23, 24, 25]);
    // The line still moves (one every 10 s): they continue its schedule.
    expect(lateViewers.map((viewer) => viewer.admitAt)).toEqual(
      [20, 21, 22, 23, 24].map((step) => iso(opensAt.getTime() + step * 10_000)),
    );
    // Of the 24 ahead of the last, place 1 was admitted at the opening: 23 still wait.
    expect(lateViewers[4]).toMatchObject({ status: 'WAITING', placesAhead: 23 });
  });

  it('admits nobody before their time: the token comes at `admitAt` and goes after the admission’s time', async () => {
    const { dropId, opensAt } = await insertRoundWithWaitingRoom(t, {
      opensInMinutes: 10,
      admitPerMinute: 60,
      tokenTtlSeconds: 30,
    });
    const crowd = await people(5);
    for (const person of crowd) await join(person.accessToken, dropId);
    t.clock.set(opensAt);
    const byPlace = new Map<number, (typeof crowd)[number]>();
    for (const person of crowd) byPlace.set((await viewerOf(person.accessToken, dropId)).place!, person);

    // Every half second from the opening to past the last admission's end, everyone's state is what their time says.
    for (let step = 0; step <= 72; step += 1) {
      t.clock.set(new Date(opensAt.getTime() + step * 500));
      const now = t.clock.now().getTime();
      for (const [place, person] of byPlace) {
        const admitAt = opensAt.getTime() + (place - 1) * 1_000;
        const viewer = await viewerOf(person.accessToken, dropId);
        expect(viewer.admitAt).toBe(iso(admitAt));
        if (now < admitAt) {
          expect(viewer).toMatchObject({ status: 'WAITING', admissionToken: null, admissionExpiresAt: null });
          expect(viewer.placesAhead).toBe(Math.ceil((admitAt - now) / 1_000) - 1);
          expect(viewer.estimatedWaitSeconds).toBe(Math.ceil((admitAt - now) / 1_000));
        } else if (now < admitAt + 30_000) {
          expect(viewer).toMatchObject({
            status: 'ADMITTED',
            placesAhead: 0,
            admissionExpiresAt: iso(admitAt + 30_000),
          });
          expect(viewer.admissionToken).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
        } else {
          expect(viewer).toMatchObject({ status: 'EXPIRED', admissionToken: null, pollAfterSeconds: null });
        }
      }
    }
  });

  it('puts someone whose admission passed unused at the back when they join again, and admits a burst after a quiet spell at the room’s rate', async () => {
    const { dropId, opensAt } = await insertRoundWithWaitingRoom(t, {
      opensInMinutes: 10,
      admitPerMinute: 60,
      tokenTtlSeconds: 30,
    });
    const crowd = await people(3);
    for (const person of crowd) await join(person.accessToken, dropId);
    t.clock.set(opensAt);
    const places = [];
    for (const person of crowd) places.push((await viewerOf(person.accessToken, dropId)).place!);
    // The one drawn last: when they join again, place 3 must not be given twice though their entry is gone.
    const first = crowd[places.indexOf(3)]!;

    // A minute later everyone's admission has passed; the line has been empty for a while.
    t.clock.set(new Date(opensAt.getTime() + 60_000));
    expect(await viewerOf(first.accessToken, dropId)).toMatchObject({ status: 'EXPIRED', place: 3 });
    const rejoined = await join(first.accessToken, dropId);
    expect(rejoined.status).toBe(201);
    // At the back, and as nobody waits ahead, admitted now.
    expect(rejoined.data.viewer).toMatchObject({
      status: 'ADMITTED',
      place: 4,
      joinedAt: t.clock.now().toISOString(),
      admitAt: t.clock.now().toISOString(),
    });
    // Four arrive at the same moment: one a second from the one admitted now, never all at once.
    const burst = await people(4);
    const burstViewers = [];
    for (const person of burst) burstViewers.push((await join(person.accessToken, dropId)).data.viewer!);
    expect(burstViewers.map((viewer) => [viewer.place, viewer.status, viewer.admitAt])).toEqual(
      [1, 2, 3, 4].map((step) => [4 + step, 'WAITING', iso(t.clock.now().getTime() + step * 1_000)]),
    );
    // Joining again while admitted changes nothing.
    expect((await join(first.accessToken, dropId)).status).toBe(200);
  });
});

/** The ranks 1..n of values (distinct here), in their order. */
function rankOf(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = Array<number>(values.length);
  order.forEach((entry, rank) => {
    ranks[entry.index] = rank + 1;
  });
  return ranks;
}
