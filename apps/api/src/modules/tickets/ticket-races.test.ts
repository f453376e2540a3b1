import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';
import { raceThroughGate } from '../../testing/lock-barrier.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { giveTickets, insertTicketKind } from '../../testing/ticket-fixtures.ts';
import { insertTestUser } from '../../testing/wallet-helpers.ts';
import { grantTickets } from './grant-tickets.ts';
import { spendTicket } from './spend-ticket.ts';

// Concurrent spends of one person's tickets (issue 18: "tickets never go negative under 20 concurrent spends"; "50
// concurrent entries by one person: one ticket spent"). PGlite runs one transaction at a time, so there is no race to
// run there: these run in CI's PostgreSQL pass. The racers get a pool of their own, large enough that every one of
// them is inside PostgreSQL at once (the test database's pool has 12 connections).
const isOnPostgres = Boolean(testDatabaseUrl());
const RACER_POOL_SIZE = 25;

let database: Database;
let racers: Database;
beforeAll(async () => {
  if (!isOnPostgres) return;
  database = await createTestDatabase();
  racers = await openDatabase({ databaseUrl: database.pool!.options.connectionString!, poolSize: RACER_POOL_SIZE });
}, 120_000);
afterAll(async () => {
  if (!isOnPostgres) return;
  await racers.close();
  await database.close();
});

type TOutcome = 'SPENT' | 'REPLAY' | string;

/** One spend in a transaction of its own on the racers' pool: what the raffle entry's request would do. */
async function spendOnce(userId: string, ticketKindId: string, referenceId: string): Promise<TOutcome> {
  try {
    const { spent } = await inTransaction(racers.db, (tx) =>
      spendTicket(tx, { userId, ticketKindId, reason: 'RAFFLE_ENTRY', referenceId, now: new Date() }),
    );
    return spent ? 'SPENT' : 'REPLAY';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

/** Starts `references.length` spends at once, all queued behind a lock on the holding row until every one waits. */
function raceSpends(userId: string, ticketKindId: string, references: readonly string[], waiting: number) {
  return raceThroughGate(
    database.pool!.options.connectionString!,
    [
      {
        text: 'select 1 from ticket_holdings where user_id = $1 and ticket_kind_id = $2 for update',
        values: [userId, ticketKindId],
      },
    ],
    waiting,
    () => Promise.all(references.map((referenceId) => spendOnce(userId, ticketKindId, referenceId))),
  );
}

async function ledgerOf(userId: string, ticketKindId: string) {
  const [holding] = await queryRows<{ count: number }>(
    database.db,
    sql`select count from ticket_holdings where user_id = ${userId} and ticket_kind_id = ${ticketKindId}`,
  );
  const movements = await queryRows<{ delta: number; reference_id: string }>(
    database.db,
    sql`select delta, reference_id from ticket_movements
        where user_id = ${userId} and ticket_kind_id = ${ticketKindId} and reason = 'RAFFLE_ENTRY'`,
  );
  const [sum] = await queryRows<{ total: number }>(
    database.db,
    sql`select coalesce(sum(delta), 0)::int as total from ticket_movements
        where user_id = ${userId} and ticket_kind_id = ${ticketKindId}`,
  );
  return { count: holding!.count, spends: movements, sumOfMovements: sum!.total };
}

describe.runIf(isOnPostgres)('concurrent ticket spends on PostgreSQL', () => {
  it('20 spends for 20 entries by one person holding 5: exactly 5 spent, 15 refused, the count 0 and never below', async () => {
    const userId = await insertTestUser(database.db);
    const kind = await insertTicketKind(database.db);
    await giveTickets(database.db, userId, kind.id, 5);
    const references = Array.from({ length: 20 }, () => newId());

    // Every racer is in PostgreSQL at once, waiting on the holding row; then they run into each other.
    const outcomes = await raceSpends(userId, kind.id, references, 20);

    expect(outcomes.filter((outcome) => outcome === 'SPENT')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'NOT_ENOUGH_TICKETS')).toHaveLength(15);
    const after = await ledgerOf(userId, kind.id);
    expect(after.count).toBe(0);
    expect(after.spends).toHaveLength(5);
    expect(after.spends.every((movement) => movement.delta === -1)).toBe(true);
    // The spent references are exactly the racers told SPENT: no movement without its spend, nor the reverse.
    const spentReferences = references.filter((_, index) => outcomes[index] === 'SPENT').sort();
    expect(after.spends.map((movement) => movement.reference_id).sort()).toEqual(spentReferences);
    expect(after.sumOfMovements).toBe(after.count);
  });

  it('50 spends of the same entry by one person holding 3: one spent, 49 replays, one movement', async () => {
    const userId = await insertTestUser(database.db);
    const kind = await insertTicketKind(database.db);
    await giveTickets(database.db, userId, kind.id, 3);
    const entry = newId();

    // The racers' pool lets 25 into PostgreSQL at a time: the gate opens once all 25 wait on the row, and the other
    // 25 start as connections come free, into the tail of the same race.
    const outcomes = await raceSpends(userId, kind.id, Array<string>(50).fill(entry), RACER_POOL_SIZE);

    expect(outcomes.filter((outcome) => outcome === 'SPENT')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'REPLAY')).toHaveLength(49);
    const after = await ledgerOf(userId, kind.id);
    expect(after).toEqual({ count: 2, spends: [{ delta: -1, reference_id: entry }], sumOfMovements: 2 });
  });

  it('a person holding 1, racing 10 spends of one entry: one spent, and the rest see a replay, not a refusal', async () => {
    const userId = await insertTestUser(database.db);
    const kind = await insertTicketKind(database.db);
    await giveTickets(database.db, userId, kind.id, 1);
    const entry = newId();

    const outcomes = await raceSpends(userId, kind.id, Array<string>(10).fill(entry), 10);

    expect(outcomes.sort()).toEqual(['SPENT', ...Array<string>(9).fill('REPLAY')].sort());
    expect(await ledgerOf(userId, kind.id)).toEqual({
      count: 0,
      spends: [{ delta: -1, reference_id: entry }],
      sumOfMovements: 0,
    });
  });

  it('10 concurrent grants of the same reference (a retried webhook racing itself): granted once', async () => {
    const userId = await insertTestUser(database.db);
    const kind = await insertTicketKind(database.db);
    await giveTickets(database.db, userId, kind.id, 1);
    const orderId = newId();
    const grantOnce = () =>
      inTransaction(racers.db, (tx) =>
        grantTickets(tx, [
          { userId, ticketKindId: kind.id, count: 4, reason: 'PURCHASE', referenceId: orderId, now: new Date() },
        ]),
      );

    // The first racer inserts the movement and waits at the gate on the holding row; the others wait on its
    // uncommitted movement in the unique index, and find it there once it commits.
    await raceThroughGate(
      database.pool!.options.connectionString!,
      [
        {
          text: 'select 1 from ticket_holdings where user_id = $1 and ticket_kind_id = $2 for update',
          values: [userId, kind.id],
        },
      ],
      10,
      () => Promise.all(Array.from({ length: 10 }, grantOnce)),
    );

    const [holding] = await queryRows<{ count: number }>(
      database.db,
      sql`select count from ticket_holdings where user_id = ${userId} and ticket_kind_id = ${kind.id}`,
    );
    expect(holding!.count).toBe(5);
    const purchases = await queryRows<{ delta: number }>(
      database.db,
      sql`select delta from ticket_movements where user_id = ${userId} and reason = 'PURCHASE'`,
    );
    expect(purchases).toEqual([{ delta: 4 }]);
  });
});
