import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/** The drizzle handle. A transaction handle has the same type, so service code takes `Db` and never knows which. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** For pg-boss on PGlite, which shares this one connection (PGlite serialises every query). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PostgreSQL only: the pool, for work that needs one session of its own (advisory locks). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; without it (and without a URL), an in-memory database. */
  dataDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir);
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // A failing idle client must not crash the process; the next query reports the problem instead.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  return {
    db: drizzleNodePostgres({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    pool,
    executeSql: async (text, values) => pool.query(text, values as unknown[]),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    const pgliteDir = path.join(dataDir, 'pglite');
    fs.mkdirSync(pgliteDir, { recursive: true });
    client = await PGlite.create(pgliteDir);
  } else {
    client = await PGlite.create();
  }
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      // pg-boss sends multi-statement scripts without parameters (schema creation, maintenance); PGlite runs those
      // through exec(), and parameterised single statements through query().
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
    close: () => client.close(),
  };
}
