import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { testDatabaseUrl } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { databaseUrlFor, onServer } from './migrated-template.ts';
import { startPgliteFromImage } from './pglite-test-image.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory by default; with TEST_DATABASE_URL, a new database
 * created on that server and dropped again by `close()`. Never a mock: the suites run real SQL either way. Both start
 * as a copy of the run's migrated template (testing/migrated-template.ts), which is what running the migrations here
 * would give. `migrationsFolder`: migrate from another folder instead (an upgrade test stops at an earlier migration).
 */
export async function createTestDatabase(options: { migrationsFolder?: string } = {}): Promise<Database> {
  // Outside a Vitest run (bench/fuzz.ts) there is no run's template to copy: migrate from scratch.
  const template = options.migrationsFolder || !process.env.VITEST ? undefined : inject('migratedTemplate');
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) {
    if (template?.kind === 'pglite') {
      const image = new Blob([fs.readFileSync(template.imageFile)]);
      return openDatabase({ pglite: await startPgliteFromImage(image) });
    }
    const database = await openDatabase({});
    await runMigrations(database, options.migrationsFolder);
    return database;
  }

  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(
    serverUrl,
    `create database ${name}${template?.kind === 'postgres' ? ` template ${template.databaseName}` : ''}`,
  );
  // A test database is thrown away after its file: a commit need not wait for the disk. Locks, visibility and
  // isolation are unchanged (only a crash of the server could lose the last commits), so every race still races.
  await onServer(serverUrl, `alter database ${name} set synchronous_commit to off`);
  const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name), poolSize: 12 });
  if (template?.kind !== 'postgres') await runMigrations(database, options.migrationsFolder);
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
