import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { raceThroughGate } from '../../testing/lock-barrier.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';

// A raffle and a waiting room set on one round at the same moment, through two API instances on one PostgreSQL: each
// console refuses the other (RAFFLE_ROUND_HAS_WAITING_ROOM, WAITING_ROOM_ROUND_IS_RAFFLE), and this proves the two
// checks cannot both pass by reading before either commits. On PGlite there is no race to run: this runs in CI's
// PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;
let admin: { accessToken: string };

twoInstancesOnPostgres({}, (made) => ({ a, b, admin } = made));

/** A raffle of 3 places whose registration opens in 5 minutes and closes in 30, before the round opens. */
const raffleSettings = (at: (minutes: number) => string) => ({
  places: 3,
  registrationOpensAt: at(5),
  registrationClosesAt: at(30),
  ticketKindId: null,
  isFreeForPassHolders: false,
  ticketsOnLoss: 'KEPT',
  purchaseWindowMinutes: 60,
});

describe('a round’s raffle and waiting room set at once', () => {
  it.runIf(isOnPostgres)(
    'saves one of them and refuses the other, whichever queued first',
    async () => {
      const now = a.clock.now();
      const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS).toISOString();
      const drop = await insertLiveDrop(a.database.db, {
        now,
        rounds: [{ packCount: 10, beginsInMinutes: 60, endsInMinutes: 24 * 60 }],
      });
      const policyId = drop.policies[0]!.id;
      const base = `/v1/console/drops/${drop.dropId}/rounds/1`;
      // The gate holds the round's row, which both consoles lock before they look for the other: both queue behind it,
      // then run into each other. Without those locks both would read "none", and both would be saved.
      const [raffle, room] = await raceThroughGate(
        a.database.pool!.options.connectionString!,
        [{ text: 'select 1 from sale_policies where id = $1 for update', values: [policyId] }],
        2,
        () =>
          Promise.all([
            a.app.inject({
              method: 'PUT',
              url: `${base}/raffle`,
              headers: bearer(admin.accessToken),
              payload: raffleSettings(at),
            }),
            b.app.inject({
              method: 'PUT',
              url: `${base}/waiting-room`,
              headers: bearer(admin.accessToken),
              payload: {
                opensMinutesBefore: 30,
                admitPerMinute: 100,
                tokenTtlSeconds: 300,
                requiresVerifiedPhone: false,
              },
            }),
          ]),
      );
      const outcomes = [
        raffle.statusCode === 200 ? 'RAFFLE' : (raffle.json().code as string),
        room.statusCode === 201 ? 'ROOM' : (room.json().code as string),
      ];
      expect([
        ['RAFFLE', 'WAITING_ROOM_ROUND_IS_RAFFLE'],
        ['RAFFLE_ROUND_HAS_WAITING_ROOM', 'ROOM'],
      ]).toContainEqual(outcomes);
      const [saved] = await queryRows<{ raffles: number; rooms: number }>(
        a.database.db,
        sql`select (select count(*)::int from raffle_rounds where policy_id = ${policyId}) as raffles,
                   (select count(*)::int from waiting_rooms where policy_id = ${policyId}) as rooms`,
      );
      expect(saved!.raffles + saved!.rooms).toBe(1);
    },
    120_000,
  );
});
