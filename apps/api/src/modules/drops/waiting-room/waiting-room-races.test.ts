import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../config.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { fastBuyer } from '../../../testing/drop-fixtures.ts';
import { raceThroughGate } from '../../../testing/lock-barrier.ts';
import { twoInstancesOnPostgres } from '../../../testing/second-instance.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { callWaitingRoom, insertRoundWithWaitingRoom } from '../../../testing/waiting-room-fixtures.ts';
import { assignWaitingRoomPlaces } from './assign-waiting-room-places.ts';

// Races between two API instances on one PostgreSQL, as purchase-races.test.ts runs them: two apps, each with its own
// pool, on the same database. On PGlite (one connection, one transaction at a time) there is no race to run: these run
// in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;

twoInstancesOnPostgres({}, (made) => ({ a, b } = made));

const connectionString = () => a.database.pool!.options.connectionString!;
const instanceOf = (index: number) => (index % 2 === 0 ? a : b);

/** A room whose round opens in ten minutes, joined by `count` people through both instances; the clock at its opening. */
async function openedRoomJoinedBy(count: number, admitPerMinute = 600) {
  const room = await insertRoundWithWaitingRoom(a, { opensInMinutes: 10, admitPerMinute });
  const crowd = [];
  for (let n = 0; n < count; n += 1) {
    const person = await fastBuyer(a);
    expect((await callWaitingRoom(instanceOf(n), 'POST', room.dropId, person.accessToken)).status).toBe(201);
    crowd.push(person);
  }
  a.clock.set(room.opensAt);
  return { ...room, crowd };
}

async function placesOf(policyId: string) {
  return queryRows<{ place: number | null; admit_at: Date | string | null }>(
    a.database.db,
    sql`select place, admit_at from waiting_room_entries where policy_id = ${policyId} order by place nulls last`,
  );
}

/** The round's row locked by the gate: an assigner holding the advisory lock waits on it to mark the draw. */
const roomRowLock = (policyId: string) => ({
  text: 'select 1 from waiting_rooms where policy_id = $1 for update',
  values: [policyId],
});

describe('the waiting room on two instances at once', () => {
  it.runIf(isOnPostgres)(
    'draws the places exactly once when both instances open the room at the same moment, four runs at once',
    async () => {
      const { policyId, opensAt } = await openedRoomJoinedBy(300);
      // Four assigner runs, two per instance, all started before any can finish: one takes the round's advisory lock
      // and waits at the gate to mark the draw, the other three wait for the advisory lock.
      const results = await raceThroughGate(connectionString(), [roomRowLock(policyId)], 4, () =>
        Promise.all(
          [a, b, a, b].map((instance) => assignWaitingRoomPlaces(instance.database.db, policyId, a.clock.now())),
        ),
      );
      expect(results.filter((result) => result.hasDrawn)).toHaveLength(1);
      expect(results.reduce((sum, result) => sum + result.placed, 0)).toBe(300);
      const rows = await placesOf(policyId);
      expect(rows.map((row) => row.place)).toEqual(Array.from({ length: 300 }, (_, index) => index + 1));
      expect(rows.map((row) => new Date(row.admit_at!).getTime() - opensAt.getTime())).toEqual(
        rows.map((row) => (row.place! - 1) * 100),
      );
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    'places everyone when the first polls after the opening reach both instances at once, then late arrivals on both get consecutive places',
    async () => {
      const { dropId, policyId, crowd } = await openedRoomJoinedBy(40, 60);
      // The first two polls after the opening, one per instance, each finding its caller without a place.
      const first = await raceThroughGate(connectionString(), [roomRowLock(policyId)], 2, () =>
        Promise.all(
          crowd
            .slice(0, 2)
            .map((person, index) => callWaitingRoom(instanceOf(index), 'GET', dropId, person.accessToken)),
        ),
      );
      expect(first.map((answer) => answer.status)).toEqual([200, 200]);
      expect(first.every((answer) => answer.data.viewer!.place !== null)).toBe(true);
      expect((await placesOf(policyId)).map((row) => row.place)).toEqual(
        Array.from({ length: 40 }, (_, index) => index + 1),
      );

      // Thirty later arrivals at once, split across the instances: thirty consecutive places after the forty, one
      // admission a second after the last of the forty, whichever instance placed them.
      const late = [];
      for (let n = 0; n < 30; n += 1) late.push(await fastBuyer(a));
      const joined = await Promise.all(
        late.map((person, index) => callWaitingRoom(instanceOf(index), 'POST', dropId, person.accessToken)),
      );
      expect(joined.map((answer) => answer.status)).toEqual(Array<number>(30).fill(201));
      const rows = await placesOf(policyId);
      expect(rows.map((row) => row.place)).toEqual(Array.from({ length: 70 }, (_, index) => index + 1));
      const admitTimes = rows.map((row) => new Date(row.admit_at!).getTime());
      expect(admitTimes.slice(1).map((time, index) => time - admitTimes[index]!)).toEqual(
        Array<number>(69).fill(1_000),
      );
      // Each join answered with the caller's own place: the instance waited for a run that could see it.
      expect(joined.every((answer) => answer.data.viewer!.place! > 40)).toBe(true);
    },
    180_000,
  );

  it.runIf(isOnPostgres)(
    'keeps one entry per person when twenty joins of one person reach both instances at once',
    async () => {
      const room = await insertRoundWithWaitingRoom(a, { opensInMinutes: 10 });
      const person = await fastBuyer(a);
      // The joins queue behind a lock on the person's row, which each insert's foreign key check needs, and then run
      // into each other: the overlap is seen, not hoped for.
      const answers = await raceThroughGate(
        connectionString(),
        [{ text: 'select 1 from users where id = $1 for update', values: [person.userId] }],
        10,
        () =>
          Promise.all(
            Array.from({ length: 20 }, (_, index) =>
              callWaitingRoom(instanceOf(index), 'POST', room.dropId, person.accessToken),
            ),
          ),
      );
      expect(answers.map((answer) => answer.status).sort((x, y) => x - y)).toEqual([
        ...Array<number>(19).fill(200),
        201,
      ]);
      const entries = await queryRows<{ count: number }>(
        a.database.db,
        sql`select count(*)::int as count from waiting_room_entries where policy_id = ${room.policyId}`,
      );
      expect(entries[0]!.count).toBe(1);
    },
  );
});
