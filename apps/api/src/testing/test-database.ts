import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testDatabaseUrl } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default; with TEST_DATABASE_URL, a new database
 * created on that server and dropped again by `close()`. Never a mock: the suites run real SQL either way.
 * `migrationsFolder`: migrate from another folder (an upgrade test stops at an earlier migration first).
 */
export async function createTestDatabase(options: { migrationsFolder?: string } = {}): Promise<Database> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    const database = await openDatabase({});
    await runMigrations(database, options.migrationsFolder);
    return database;
  }

  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 12 });
  await runMigrations(database, options.migrationsFolder);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
