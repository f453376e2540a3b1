import { afterAll, beforeAll } from 'vitest';
import { testDatabaseUrl } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { signUpOperator } from './operator-helpers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * A second API instance on the first one's PostgreSQL database, with a connection pool of its own and the same
 * clock: what a race between instances needs (each has its own batcher and caches, and they meet only in PostgreSQL).
 * PostgreSQL only; `first` must have been made with TEST_DATABASE_URL set.
 */
export async function secondInstance(
  first: TestApp,
  options: Omit<Parameters<typeof createTestApp>[0], 'database' | 'clock'> = {},
): Promise<{ app: TestApp; close(): Promise<void> }> {
  const pool = await openDatabase({ databaseUrl: first.database.pool!.options.connectionString!, poolSize: 12 });
  const app = await createTestApp({ ...options, database: pool, clock: first.clock });
  return {
    app,
    async close() {
      await app.close();
      await pool.close();
    },
  };
}

/**
 * A race test file's one instance, made before its tests and closed after them, with an operator signed up on it: `use`
 * receives them once made. For races within one instance (its requests against each other, or against a session or
 * pool the file opens itself). Nothing is made on PGlite, as with twoInstancesOnPostgres below.
 */
export function oneInstanceOnPostgres(
  options: Parameters<typeof createTestApp>[0],
  use: (instance: { t: TestApp; admin: Awaited<ReturnType<typeof signUpOperator>> }) => void,
): void {
  if (!testDatabaseUrl()) return;
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options);
    use({ t, admin: await signUpOperator(t, 'admin') });
  }, 120_000);
  afterAll(() => t?.close());
}

/**
 * A race test file's two instances, made before its tests and closed after them, with an operator signed up on the
 * first: `use` receives them once made. Nothing is made on PGlite, which runs one transaction at a time and has no race
 * to run (those files' tests run in CI's PostgreSQL pass). `options` go to both instances.
 */
export function twoInstancesOnPostgres(
  options: Omit<Parameters<typeof createTestApp>[0], 'database' | 'clock'>,
  use: (instances: { a: TestApp; b: TestApp; admin: Awaited<ReturnType<typeof signUpOperator>> }) => void,
): void {
  if (!testDatabaseUrl()) return;
  let first: TestApp | undefined;
  let second: Awaited<ReturnType<typeof secondInstance>> | undefined;
  beforeAll(async () => {
    first = await createTestApp(options);
    second = await secondInstance(first, options);
    use({ a: first, b: second.app, admin: await signUpOperator(first, 'admin') });
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
}
