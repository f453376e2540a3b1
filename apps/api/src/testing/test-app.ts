import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { localDiscordRoleSync } from '../adapters/discord-roles/discord-roles.ts';
import { recordingErrorReporter } from '../adapters/error-reporter/error-reporter.ts';
import { devMailbox } from '../adapters/mail/dev-mailbox.ts';
import { openFileStorage } from '../adapters/storage/open-file-storage.ts';
import type { FileStorage } from '../adapters/storage/storage.ts';
import { buildApp, type AppDeps } from '../app.ts';
import { testConfig, type TEnvironment } from '../config.ts';
import type { Database } from '../db/client.ts';
import { memoryRateLimiter, type RateLimiter } from '../http/rate-limit/rate-limiter.ts';
import { idleJobQueue, type JobQueue } from '../jobs/job-queue.ts';
import type { JobDeps } from '../jobs/job-scheduler.ts';
import { controllableClock, type ControllableClock } from '../lib/clock.ts';
import { FIXTURE_MEDIA, storeMedia } from './fixture-media.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ControllableClock;
  errorReporter: ReturnType<typeof recordingErrorReporter>;
  /** The Discord role-sync stand-in: what was reset, and a switch to make it fail. */
  discordRoles: ReturnType<typeof localDiscordRoleSync>;
  deps: AppDeps;
  storage: FileStorage;
  /** This app's own uploads folder, removed by close(). */
  uploadsDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database (or the one given), with a clock the test moves and an error reporter it can read.
 */
export async function createTestApp(
  options: {
    env?: TEnvironment;
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    rateLimiter?: () => RateLimiter;
    /** Where the app sends jobs; by default nowhere, as tests run no workers unless they start a scheduler. */
    jobs?: (database: Database) => JobQueue;
    /**
     * A second API instance on a database already open (the same one, or a pool of its own on the same PostgreSQL,
     * for races between instances); close() leaves it open for its owner. By default a fresh database, which close()
     * closes.
     */
    database?: Database;
    /** Another instance's clock, so both instances agree on the time. */
    clock?: ControllableClock;
    onPurchaseBatch?: AppDeps['onPurchaseBatch'];
    /** Whether the store starts with the fixtures' pictures (FIXTURE_MEDIA); a test counting what is stored says no. */
    fixtureMedia?: boolean;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const clock = options.clock ?? controllableClock(new Date());
  const errorReporter = recordingErrorReporter();
  const mailbox = devMailbox(database.db, clock);
  const uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cypher-uploads-'));
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent-web-dist', UPLOADS_DIR: uploadsDir, ...options.env });
  // The folder, or a bucket when the test's env names one (S3_BUCKET: testing/s3-test-server.ts).
  const storage = await openFileStorage(config);
  if (options.fixtureMedia !== false) await storeMedia(storage, FIXTURE_MEDIA);
  const rateLimiter = options.rateLimiter?.() ?? memoryRateLimiter();
  const discordRoles = localDiscordRoleSync();
  const deps: AppDeps = {
    config,
    database,
    clock,
    errorReporter,
    mailer: mailbox,
    sms: mailbox,
    rateLimiter,
    storage,
    discordRoles,
    jobs: options.jobs?.(database) ?? idleJobQueue,
    onPurchaseBatch: options.onPurchaseBatch,
  };
  const app = await buildApp(deps);
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    errorReporter,
    discordRoles,
    deps,
    storage,
    uploadsDir,
    async close() {
      await app.close();
      await rateLimiter.close();
      if (!options.database) await database.close();
      storage.close();
      await fs.rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** What a test's job workers get from its app: the same config, clock, storage, Discord stand-in and mailbox. */
export function schedulerDeps(t: TestApp): JobDeps {
  return {
    config: t.deps.config,
    database: t.database,
    clock: t.clock,
    storage: t.storage,
    discordRoles: t.discordRoles,
    mailer: t.deps.mailer,
  };
}
