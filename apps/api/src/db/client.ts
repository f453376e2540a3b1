import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pipelinedTransactions, type TTransactionRunner } from './pipelined-transaction.ts';
import { PreparingClient } from './preparing-client.ts';
import * as schema from './schema.ts';

/** The drizzle handle. A transaction handle has the same type, so service code takes `Db` and never knows which. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** For pg-boss on PGlite, which shares this one connection (PGlite serialises every query). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PostgreSQL only: the pool, for work that needs one session of its own (advisory locks). */
  pool?: pg.Pool;
  /**
   * Transactions whose statements may be sent several at once (pipelined-transaction.ts, decision record 44): on
   * PostgreSQL BEGIN and any statements sent without awaiting go out together; on PGlite, which runs one statement at a
   * time in this process, a plain transaction.
   */
  pipelined: TTransactionRunner;
  /**
   * The same database, through handles (`db`, `pipelined`) that report every statement they send: for tests that
   * count what a page costs (a collection's first page takes a fixed number of queries, however many editions it
   * holds) or watch what an instance sends.
   */
  observed(onQuery: (sql: string, params: unknown[]) => void): Database;
  /**
   * LISTENs on `channel` on a connection of its own, outside the pool and its transactions (PostgreSQL), or in process
   * (PGlite, whose one connection delivers its own NOTIFYs). `onEnd` is told once if the connection is lost: what was
   * notified meanwhile is gone, and the caller listens again.
   */
  listen(channel: string, onPayload: (payload: string) => void, onEnd: (error?: Error) => void): Promise<TListening>;
  close(): Promise<void>;
}

/**
 * A LISTEN in place: `ping` answers through its own connection (a lost one rejects), `notify` sends on the channel
 * through it too (outside any transaction, and without taking a connection of the pool), `close` ends it.
 */
export interface TListening {
  ping(): Promise<void>;
  notify(payload: string): Promise<void>;
  /**
   * Takes the advisory lock (`lockClass`, hashtext(`key`)) for this connection's session if no other session holds it:
   * held until `unlock`, or until the connection ends (so a process that dies lets go of what it held).
   */
  tryLock(lockClass: number, key: string): Promise<boolean>;
  unlock(lockClass: number, key: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; without it (and without a URL), an in-memory database. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** A PGlite already started (the test suites boot theirs from an image of a migrated database); close() closes it. */
  pglite?: PGlite;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return wrapPglite(options.pglite ?? (await startPglite(options.dataDir)));
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, Client: PreparingClient });
  // A failing idle client must not crash the process; the next query reports the problem instead.
  pool.on('error', () => undefined);
  returnBrokenClients(pool);
  await pool.query('select 1');
  const database = (logger?: Logger): Database => {
    /** This handle's listening connections' names end with it (listenOnPostgres). */
    const listenerTag = randomBytes(8).toString('hex');
    const db = drizzleNodePostgres({ client: pool, schema, logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      pipelined: pipelinedTransactions(pool, db, logger),
      observed: (onQuery) => database(observer(onQuery)),
      executeSql: async (text, values) => pool.query(text, values as unknown[]),
      listen: (channel, onPayload, onEnd) =>
        listenOnPostgres(connectionString, `${channel}:${listenerTag}`.slice(0, 63), channel, onPayload, onEnd),
      close: () => pool.end(),
    };
  };
  return database();
}

const observer = (onQuery: (sql: string, params: unknown[]) => void): Logger => ({
  logQuery: (query, params) => onQuery(query, params),
});

/**
 * A listening connection goes by a name of this process and channel, the same each time it is opened again: opened
 * again after a loss, it ends the sessions of that name it left behind. Such a session may live on in PostgreSQL for
 * hours after a half-open connection (until the server's TCP keepalive gives up), holding its advisory locks (a drop's
 * live publisher, drop-signals.ts) from every other instance.
 */
async function listenOnPostgres(
  connectionString: string,
  sessionName: string,
  channel: string,
  onPayload: (payload: string) => void,
  onEnd: (error?: Error) => void,
): Promise<TListening> {
  const client = new pg.Client({ connectionString, keepAlive: true, application_name: sessionName });
  let isEnded = false;
  const end = (error?: Error) => {
    if (isEnded) return;
    isEnded = true;
    client.end().catch(() => undefined);
    onEnd(error);
  };
  client.on('notification', (message) => {
    if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
  });
  client.on('error', end);
  client.on('end', () => end());
  try {
    await client.connect();
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [sessionName],
    );
    await client.query(`listen ${client.escapeIdentifier(channel)}`);
  } catch (error) {
    isEnded = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  // Drops' signals, the ping and the publishers' locks share this one connection and may be asked for at once: each
  // waits for the one before, as node-postgres's own queue for a busy client is deprecated (an error from pg 9 on).
  let lastQuery: Promise<unknown> = Promise.resolve();
  const query = <TRow extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const answer = lastQuery.then(() => client.query<TRow>(text, values));
    lastQuery = answer.catch(() => undefined);
    return answer;
  };
  return {
    ping: async () => {
      await query('select 1');
    },
    notify: async (payload) => {
      await query('select pg_notify($1, $2)', [channel, payload]);
    },
    tryLock: async (lockClass, key) => {
      const result = await query<{ locked: boolean }>('select pg_try_advisory_lock($1::int, hashtext($2)) as locked', [
        lockClass,
        key,
      ]);
      return result.rows[0]?.locked === true;
    },
    unlock: async (lockClass, key) => {
      await query('select pg_advisory_unlock($1::int, hashtext($2))', [lockClass, key]);
    },
    close: async () => {
      isEnded = true;
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * A client that loses its connection while lent out (PostgreSQL restarted, pg_terminate_backend, a network cut) goes
 * back to the pool at once, which drops it. Two things would go wrong otherwise:
 * - node-postgres emits 'error' on the client, and an 'error' event nobody listens to ends the process;
 * - drizzle (0.45) sends a transaction's BEGIN before the try/finally that releases its client, so a connection lost
 *   during BEGIN leaves the client lent out for ever: each outage shrinks the pool by a client or more until every
 *   request waits for a connection and the process has to be restarted (database-outage.test.ts ran into it).
 * The holder's own query fails anyway (the error handler answers 503), and its later release() does nothing.
 */
function returnBrokenClients(pool: pg.Pool): void {
  const lentOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => lentOut.add(client));
  pool.on('release', (_error, client) => lentOut.delete(client as pg.PoolClient));
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      const lent = client as pg.PoolClient;
      if (!lentOut.delete(lent)) return;
      const release = lent.release;
      lent.release = () => undefined;
      release(error);
    }),
  );
}

function startPglite(dataDir: string | undefined): Promise<PGlite> {
  if (!dataDir) return PGlite.create();
  const pgliteDir = path.join(dataDir, 'pglite');
  fs.mkdirSync(pgliteDir, { recursive: true });
  return PGlite.create(pgliteDir);
}

function wrapPglite(client: PGlite, logger?: Logger): Database {
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pipelined: (work) => db.transaction((tx) => work(tx as unknown as Db)),
    observed: (onQuery) => wrapPglite(client, observer(onQuery)),
    executeSql: async (text, values) => {
      // pg-boss sends multi-statement scripts without parameters (schema creation, maintenance); PGlite runs those
      // through exec(), and parameterised single statements through query().
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return {
        ping: async () => undefined,
        notify: async (payload) => {
          await client.query('select pg_notify($1, $2)', [channel, payload]);
        },
        // One process, one session: nobody else could hold the lock (and a session's locks stack, so each take is
        // paired with its release by the caller).
        tryLock: async (lockClass, key) => {
          const result = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock($1::int, hashtext($2)) as locked',
            [lockClass, key],
          );
          return result.rows[0]?.locked === true;
        },
        unlock: async (lockClass, key) => {
          await client.query('select pg_advisory_unlock($1::int, hashtext($2))', [lockClass, key]);
        },
        close: () => unlisten(),
      };
    },
    close: () => client.close(),
  };
}
