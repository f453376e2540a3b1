import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import { isConnectionLoss, isRefusedValue, isUniqueViolation } from './errors.ts';

/** drizzle's wrapper around a failed statement: its own message, the driver's error as `cause`. */
const drizzleWrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isConnectionLoss: what the error handler answers 503', () => {
  it.each([
    [
      'a terminated session (pg_terminate_backend, 57P01)',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    [
      'a server shutting down after a crash (57P02)',
      pgError('57P02', 'terminating connection because of crash of another server process'),
    ],
    ['a server starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['connections used up (53300)', pgError('53300', 'sorry, too many clients already')],
    ['a connection failure (08006)', pgError('08006', 'connection failure')],
    ['the socket closing under a query', new Error('Connection terminated unexpectedly')],
    [
      'a client used after its connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a closed pool', new Error('Cannot use a pool after calling end on the pool')],
    ['a reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    [
      'any of those wrapped by drizzle',
      drizzleWrapped(pgError('57P01', 'terminating connection due to administrator command')),
    ],
    [
      'a refused connection to a host with several addresses',
      new AggregateError(
        [Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })],
        'connect failed',
      ),
    ],
  ])('%s', (_name, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a unique violation', drizzleWrapped(pgError('23505', 'duplicate key value violates unique constraint'))],
    ['a syntax error (a bug)', drizzleWrapped(pgError('42601', 'syntax error at or near "selec"'))],
    ['a serialization failure', drizzleWrapped(pgError('40001', 'could not serialize access'))],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('not %s', (_name, error) => {
    expect(isConnectionLoss(error)).toBe(false);
    expect(isUniqueViolation(error)).toBe(_name === 'a unique violation');
  });

  it('recognises what node-postgres really throws when nothing listens on the port', async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: 1,
      user: 'nobody',
      database: 'none',
      connectionTimeoutMillis: 2_000,
    });
    const error = await client.connect().catch((failure: unknown) => failure);
    expect(isConnectionLoss(error)).toBe(true);
  });
});

describe('isRefusedValue: what the error handler answers 400 INVALID_REQUEST', () => {
  it('knows the database refusing a value a request carried from a statement that is wrong', async () => {
    const database = await createTestDatabase();
    const failureOf = async (statement: ReturnType<typeof sql>) => {
      try {
        await database.db.execute(statement);
      } catch (error) {
        return error;
      }
      throw new Error('the statement did not fail');
    };
    try {
      const refused = [
        sql`select ${'0000-01-01T00:00:00Z'}::timestamptz`,
        sql`select ${'0000-01-01'}::date`,
        sql`select ${'not-a-uuid'}::uuid`,
        sql`select ${'99999999999'}::int`,
      ];
      for (const statement of refused) expect(isRefusedValue(await failureOf(statement))).toBe(true);
      expect(isRefusedValue(await failureOf(sql`selec 1`))).toBe(false);
    } finally {
      await database.close();
    }
  });
});
