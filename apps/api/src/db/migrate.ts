import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { apiFolder } from '../lib/api-folder.ts';
import { syncActivityKinds } from '../modules/catalog/sync-activity-kinds.ts';
import type { Database } from './client.ts';
import { advisoryLockKeys } from './advisory-locks.ts';

export const migrationsFolder = path.join(apiFolder, 'src/db/migrations');

/**
 * Brings the schema up to date, then the vocabularies the database takes from the contract (activity kinds). Another
 * `folder` is an upgrade test's copy that stops at an earlier migration, before those vocabularies' tables exist. On PostgreSQL several API instances may start at once, so the migration runs under a
 * session advisory lock: the first instance migrates, the others wait and then find nothing left to do.
 */
export async function runMigrations(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    if (folder === migrationsFolder) await syncActivityKinds(database.db);
    return;
  }
  // A session lock needs one connection for lock, migration and unlock, so take a client out of the pool.
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [advisoryLockKeys.migration]);
    await migrateNodePostgres(drizzleNodePostgres({ client }), { migrationsFolder: folder });
    if (folder === migrationsFolder)
      await syncActivityKinds(drizzleNodePostgres({ client }) as unknown as Database['db']);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [advisoryLockKeys.migration]).catch(() => undefined);
    client.release();
  }
}
