import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseUrl } from '../config.ts';
import { openDatabase, type Database } from './client.ts';

// PostgreSQL only: PGlite's listening runs in process, with no connection of node-postgres.
const databaseUrl = testDatabaseUrl();
let database: Database;

beforeAll(async () => {
  if (!databaseUrl) return;
  database = await openDatabase({ databaseUrl, poolSize: 2 });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await database?.close();
});

// Closing review, session 55: the listening connection's ping, signals and locks could be asked for at once, and
// node-postgres queued them itself (deprecated: a warning, and an error from pg 9 on).
describe.skipIf(!databaseUrl)('a listening connection asked for several things at once', () => {
  it('sends each once the one before has answered, and answers each', async () => {
    const heard: string[] = [];
    const listening = await database.listen!(
      'listening_test',
      (payload) => heard.push(payload),
      () => undefined,
    );
    /** Queries asked for while node-postgres still held one waiting for the connection: its deprecated queue. */
    let queuedByPg = 0;
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const waiting = (this as unknown as { _queryQueue: unknown[] })._queryQueue;
      if (waiting.length > 0) queuedByPg += 1;
      return (query as (...all: unknown[]) => never).apply(this, args);
    });
    try {
      const [, , locked, , lockedAgain] = await Promise.all([
        listening.ping(),
        listening.notify('one'),
        listening.tryLock(7, 'listening-test'),
        listening.notify('two'),
        listening.tryLock(7, 'listening-test'),
      ]);
      expect(queuedByPg).toBe(0);
      // Advisory locks are held per session and taken again by the same one.
      expect([locked, lockedAgain]).toEqual([true, true]);
      await listening.unlock(7, 'listening-test');
      await listening.unlock(7, 'listening-test');
      await expect.poll(() => heard).toEqual(['one', 'two']);
    } finally {
      vi.restoreAllMocks();
      await listening.close();
    }
  });
});
