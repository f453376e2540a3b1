import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../config.ts';
import { openDatabase, type Database, type Db } from './client.ts';
import { executeNow, queryRows } from './query-rows.ts';
import { sqlArray } from './sql-arrays.ts';

// What pipelining changes is only on PostgreSQL (PGlite's runner is a plain transaction); each test uses its own table.
const isOnPostgres = Boolean(testDatabaseUrl());
let database: Database;

beforeAll(async () => {
  if (!isOnPostgres) return;
  database = await openDatabase({ databaseUrl: testDatabaseUrl()!, poolSize: 1 });
  await database.pool!.query('drop table if exists pipelined_probe; create table pipelined_probe (id int primary key)');
});
afterAll(async () => {
  if (!isOnPostgres) return;
  await database.pool!.query('drop table if exists pipelined_probe');
  await database.close();
});

/** The error codes along an error's causes (drizzle wraps node-postgres's error). */
const codesOf = (error: unknown): unknown[] => {
  const codes = [];
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    codes.push((current as { code?: unknown }).code);
  }
  return codes;
};

const idsInTable = async () =>
  (await database.pool!.query<{ id: number }>('select id from pipelined_probe order by id')).rows.map((row) => row.id);

describe.runIf(isOnPostgres)('pipelined transactions on PostgreSQL', () => {
  it('sends statements in the order of the calls, in one transaction, before any answer is awaited', async () => {
    const answers = await database.pipelined(async (tx) => {
      const [, seen, count] = await Promise.all([
        executeNow(tx, sql`insert into pipelined_probe (id) values (1), (2)`),
        // Behind the insert: it sees its rows, as the next statement of the same transaction.
        queryRows<{ id: number }>(
          tx,
          sql`select id from pipelined_probe where id = any(${sqlArray([1, 2])}::int[]) for update`,
        ),
        queryRows<{ n: number }>(tx, sql`select count(*)::int as n from pipelined_probe where ${1} = 1`),
      ]);
      return { seen: seen.map((row) => row.id), count: count[0]!.n };
    });
    expect(answers).toEqual({ seen: [1, 2], count: 2 });
    expect(await idsInTable()).toEqual([1, 2]);
  });

  it('rolls back every statement when one of them fails, and the failure reaches the caller', async () => {
    const failing = database.pipelined(async (tx) => {
      await Promise.all([
        executeNow(tx, sql`insert into pipelined_probe (id) values (3)`),
        executeNow(tx, sql`insert into pipelined_probe (id) values (${1})`), // already there
        executeNow(tx, sql`insert into pipelined_probe (id) values (4)`),
      ]);
    });
    await expect(failing).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await idsInTable()).toEqual([1, 2]);
  });

  it('rolls back when the work refuses on an answer, after its statements were sent', async () => {
    const refused = database.pipelined(async (tx) => {
      const [rows] = await Promise.all([
        queryRows<{ id: number }>(tx, sql`insert into pipelined_probe (id) values (5) returning id`),
        executeNow(tx, sql`insert into pipelined_probe (id) values (6)`),
      ]);
      if (rows.length === 1) throw new Error('refused after reading the answer');
    });
    await expect(refused).rejects.toThrow('refused after reading the answer');
    expect(await idsInTable()).toEqual([1, 2]);
  });

  it('writes BEGIN and the statements asked for in the same turn to the socket at once', async () => {
    // The pool holds one connection: count the writes its socket makes during one transaction.
    const client = await database.pool!.connect();
    const stream = (client as unknown as { connection: { stream: Record<string, (...args: unknown[]) => unknown> } })
      .connection.stream;
    client.release();
    let writes = 0;
    const counted = (name: '_write' | '_writev') => {
      const original = stream[name]!;
      stream[name] = (...args: unknown[]) => {
        writes += 1;
        return original.apply(stream, args);
      };
      return () => {
        stream[name] = original;
      };
    };
    const restore = [counted('_write'), counted('_writev')];
    try {
      await database.pipelined(async (tx) => {
        await Promise.all([
          executeNow(tx, sql`insert into pipelined_probe (id) values (8)`),
          executeNow(tx, sql`insert into pipelined_probe (id) values (9)`),
          queryRows(tx, sql`select id from pipelined_probe where id = ${8}`),
        ]);
        expect(writes).toBe(1);
      });
    } finally {
      for (const undo of restore) undo();
    }
    // That one, then COMMIT's.
    expect(writes).toBe(2);
    expect(await idsInTable()).toEqual([1, 2, 8, 9]);
  });

  it('reports a deadlock as the deadlock, not as the aborted statements behind it, so it can be retried', async () => {
    const deadlocks = await openDatabase({ databaseUrl: testDatabaseUrl()!, poolSize: 2 });
    try {
      await deadlocks.pool!.query('insert into pipelined_probe (id) values (101), (102)');
      const lockBoth = (first: number, second: number) =>
        deadlocks.pipelined(async (tx) => {
          await executeNow(tx, sql`update pipelined_probe set id = id where id = ${first}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
          // The lock that deadlocks answers through one more step than the statement behind it, as the ledger's
          // posting does in a purchase batch: Promise.all hears the one behind it (25P02) first.
          await Promise.all([
            queryRows(tx, sql`update pipelined_probe set id = id where id = ${second} returning id`),
            executeNow(tx, sql`select ${1}::int as behind`),
          ]);
        });
      const outcomes = await Promise.allSettled([lockBoth(101, 102), lockBoth(102, 101)]);
      const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
      expect(failures).toHaveLength(1);
      expect(codesOf(failures[0])).toContain('40P01');
    } finally {
      await deadlocks.pool!.query('delete from pipelined_probe where id in (101, 102)');
      await deadlocks.close();
    }
  });

  it('refuses a statement sent after its transaction ended, and writes nothing of it', async () => {
    let kept: Db | null = null;
    await database.pipelined(async (tx) => {
      kept = tx;
      return executeNow(tx, sql`select ${1}::int as inside`);
    });
    await expect(executeNow(kept!, sql`insert into pipelined_probe (id) values (${10})`)).rejects.toMatchObject({
      cause: { message: 'a statement was sent after its pipelined transaction ended' },
    });
    expect(await idsInTable()).not.toContain(10);
  });

  it('gives its connection back out of pipeline mode and outside any transaction', async () => {
    await database.pipelined(async (tx) => executeNow(tx, sql`insert into pipelined_probe (id) values (7)`));
    // The pool holds one connection, so this is the one the transactions used.
    const client = await database.pool!.connect();
    try {
      expect((client as unknown as { pipeline: boolean }).pipeline).toBe(false);
      const { rows } = await client.query<{ state: string }>(
        'select state from pg_stat_activity where pid = pg_backend_pid()',
      );
      expect(rows[0]!.state).toBe('active');
      const { rows: inTransaction } = await client.query<{ open: boolean }>(
        'select now() <> statement_timestamp() as open',
      );
      expect(inTransaction[0]!.open).toBe(false);
    } finally {
      client.release();
    }
    expect(await idsInTable()).toEqual([1, 2, 7, 8, 9]);
  });
});
