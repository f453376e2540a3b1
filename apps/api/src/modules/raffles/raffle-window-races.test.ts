import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TRaffleDraw } from '@cypher/contract';
import { testDatabaseUrl } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { inTransaction } from '../../db/transaction.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { freshAccessToken } from '../../testing/drop-fixtures.ts';
import { drawDeps, insertRaffleRound } from '../../testing/raffle-fixtures.ts';
import { twoInstancesOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { depositForTest, insertTestUser } from '../../testing/wallet-helpers.ts';
import { drawRaffle } from './draw-raffle.ts';
import { drawSecondChance } from './draw-second-chance.ts';
import { enterRaffle } from './enter-raffle.ts';

// A first winner's purchase at the end of the purchase window against the second draw, through two API instances on
// one PostgreSQL (the purchase gate checks the window before the purchase's transaction, so the purchase can wait on a
// lock past the window's end). The invariant: a place is bought or given to the waiting list, never both, so never
// more buyers than places across both draws. On PGlite (one transaction at a time) there is no race to run.
const isOnPostgres = Boolean(testDatabaseUrl());

let a: TestApp;
let b: TestApp;
let admin: { userId: string; accessToken: string };

twoInstancesOnPostgres({}, (made) => ({ a, b, admin } = made));

const db = () => a.database.db;

async function publicRecord(roundId: string): Promise<TRaffleDraw> {
  const answer = await b.app.inject({ method: 'GET', url: `/v1/raffles/${roundId}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

function buy(instance: TestApp, accessToken: string, dropId: string, key = newId()) {
  return instance.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': key },
    payload: { dropId, quantity: 1, paymentMethod: 'BALANCE' },
  });
}

/**
 * A raffle round with no per-person limit (a place is one pack), drawn, its first winners funded and signed in, and
 * the clock one second before their purchase window ends (the round opens an hour after it is set, for a 60-minute
 * window).
 */
async function raffleAtWindowEnd(places: number, entrants: number) {
  admin.accessToken = await freshAccessToken(a, admin.userId);
  const { dropId, roundId } = await insertRaffleRound(a, admin.accessToken, {
    places,
    packCount: 50,
    perPersonLimit: null,
  });
  const userOf = new Map<string, string>();
  for (let n = 0; n < entrants; n += 1) {
    const userId = await insertTestUser(db(), a.clock.now());
    userOf.set((await enterRaffle({ db: db(), clock: a.clock }, userId, roundId)).entry.handle, userId);
  }
  a.clock.advance(31 * MINUTE_MS);
  expect(await drawRaffle(drawDeps(a), roundId, a.clock.now())).toBe(true);
  a.clock.advance(89 * MINUTE_MS - 1_000);
  const winners = (await publicRecord(roundId)).winners!.map((handle) => userOf.get(handle)!);
  const tokens = await Promise.all(
    winners.map(async (userId) => {
      await depositForTest(db(), { userId, source: 'crypto', amount: 100_000 });
      return freshAccessToken(a, userId);
    }),
  );
  return { dropId, roundId, userOf, winners, tokens };
}

/**
 * Every second-draw winner buys too; then the round has at most `places` buyers, and the second draw's places are
 * exactly the places its first winners left.
 */
async function expectNoMoreBuyersThanPlaces(round: Awaited<ReturnType<typeof raffleAtWindowEnd>>, places: number) {
  const record = await publicRecord(round.roundId);
  expect(record.secondDraw).not.toBeNull();
  for (const handle of record.secondDraw!.winners) {
    const userId = round.userOf.get(handle)!;
    await depositForTest(db(), { userId, source: 'crypto', amount: 100_000 });
    const bought = await buy(b, await freshAccessToken(b, userId), round.dropId);
    expect(bought.statusCode, bought.body).toBe(201);
  }
  const buyers = await queryRows<{ user_id: string }>(
    db(),
    sql`select distinct user_id from orders where item_id = ${round.roundId} and status = 'SUCCESSFUL'`,
  );
  const firstBuyers = buyers.filter((row) => round.winners.includes(row.user_id)).length;
  expect(record.secondDraw!.places).toBe(places - firstBuyers);
  expect(buyers.length).toBeLessThanOrEqual(places);
  return { firstBuyers };
}

/** How many backends of this database wait on a lock now. */
async function lockWaiters(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`,
  );
  return row!.n;
}

/** Polls until `count` backends wait on a lock (the overlap the test needs), for up to five seconds. */
async function untilLockWaiters(count: number): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await lockWaiters()) >= count) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** A transaction that runs `hold` and then stays open until released, rolling back: another writer's lock queue. */
function holdOpen(hold: (tx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const done = inTransaction(db(), async (tx) => {
    await hold(tx);
    held();
    await released;
    throw new Error('rolled back on purpose');
  }).catch(() => undefined);
  return { isHeld, release, done };
}

describe.runIf(isOnPostgres)('a raffle winner buying at the end of the window, against the second draw', () => {
  it('a purchase already in its transaction when the window ends: the second draw waits for it and counts the place as bought', async () => {
    const round = await raffleAtWindowEnd(1, 3);
    const [winner] = round.winners;
    // Another posting holds the winner's ledger rows (in a rush any lock queue does this): the purchase, past the
    // gate, waits inside its transaction.
    const holder = holdOpen((tx) =>
      tx.execute(sql`select 1 from ledger_accounts where owner_user_id = ${winner} for update`),
    );
    await holder.isHeld;
    let draw: Promise<boolean> | null = null;
    try {
      const purchase = buy(a, round.tokens[0]!, round.dropId);
      expect(await untilLockWaiters(1)).toBe(true);
      a.clock.advance(2_000);
      draw = drawSecondChance(drawDeps(b), round.roundId, a.clock.now());
      // Both in flight: the purchase on the ledger rows, the draw on the winner's entry the purchase holds.
      expect(await untilLockWaiters(2)).toBe(true);
      holder.release();
      expect((await purchase).statusCode).toBe(201);
      expect(await draw).toBe(true);
    } finally {
      holder.release();
      await holder.done;
      await draw?.catch(() => undefined);
    }
    expect(await expectNoMoreBuyersThanPlaces(round, 1)).toEqual({ firstBuyers: 1 });
  }, 60_000);

  it('a purchase past the gate that reaches the winner’s entry only after the second draw: refused as past the window', async () => {
    const round = await raffleAtWindowEnd(1, 3);
    const [winner] = round.winners;
    // The purchase's first statement claims its Idempotency-Key; a transaction holding the same key uncommitted makes
    // it wait there, before it reaches the winner's entry.
    const key = newId();
    const holder = holdOpen((tx) =>
      tx.execute(sql`insert into idempotency_keys (user_id, key, request_hash, status, created_at)
                     values (${winner}, ${key}, 'held', 'processing', now())`),
    );
    await holder.isHeld;
    let purchase: ReturnType<typeof buy> | null = null;
    try {
      purchase = buy(a, round.tokens[0]!, round.dropId, key);
      expect(await untilLockWaiters(1)).toBe(true);
      a.clock.advance(2_000);
      expect(await drawSecondChance(drawDeps(b), round.roundId, a.clock.now())).toBe(true);
    } finally {
      holder.release();
      await holder.done;
    }
    const refused = await purchase;
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'RAFFLE_WINDOW_ENDED']);
    expect(await expectNoMoreBuyersThanPlaces(round, 1)).toEqual({ firstBuyers: 0 });
  }, 60_000);

  it('20 times: first winners buying on two instances while the window ends and both instances draw; never more buyers than places', async () => {
    const places = 3;
    const outcomes = { bought: 0, refused: 0 };
    for (let run = 0; run < 20; run += 1) {
      const round = await raffleAtWindowEnd(places, 6);
      // Some ledger rows held for a moment, as a rush's lock queues would, so purchases wait inside their transactions.
      const holder = holdOpen((tx) =>
        tx.execute(sql`select 1 from ledger_accounts where owner_user_id = ${round.winners[run % places]} for update`),
      );
      await holder.isHeld;
      const purchases = round.tokens.map((token, n) => buy(n % 2 ? a : b, token, round.dropId));
      // Half the runs end the window once the held winner's purchase waits inside its transaction; all of them after
      // 0 to 40 ms more, so other purchases are before the gate, past it or inside their transactions.
      if (run % 2 === 0) await untilLockWaiters(1);
      await new Promise((resolve) => setTimeout(resolve, (run % 5) * 10));
      a.clock.advance(2_000);
      const draws = Promise.all([
        drawSecondChance(drawDeps(a), round.roundId, a.clock.now()),
        drawSecondChance(drawDeps(b), round.roundId, a.clock.now()),
      ]);
      setTimeout(holder.release, run % 5);
      const answers = await Promise.all(purchases);
      await holder.done;
      expect((await draws).filter(Boolean)).toHaveLength(1);
      for (const answer of answers) {
        if (answer.statusCode === 201) outcomes.bought += 1;
        else {
          expect(answer.json().code, answer.body).toBe('RAFFLE_WINDOW_ENDED');
          outcomes.refused += 1;
        }
      }
      await expectNoMoreBuyersThanPlaces(round, places);
    }
    // Both sides of the window were reached over the runs.
    expect(outcomes.bought).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 300_000);
});
