import type { FastifyInstance } from 'fastify';
import { recordingErrorReporter } from '../adapters/error-reporter/error-reporter.ts';
import { devMailbox } from '../adapters/mail/dev-mailbox.ts';
import { buildApp, type AppDeps } from '../app.ts';
import { testConfig, type TEnvironment } from '../config.ts';
import type { Database } from '../db/client.ts';
import { memoryRateLimiter } from '../http/rate-limit/memory-rate-limiter.ts';
import type { RateLimiter } from '../http/rate-limit/rate-limiter.ts';
import { controllableClock, type ControllableClock } from '../lib/clock.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ControllableClock;
  errorReporter: ReturnType<typeof recordingErrorReporter>;
  deps: AppDeps;
  close(): Promise<void>;
}

/** The real app on a fresh database, with a clock the test moves and an error reporter it can read. */
export async function createTestApp(
  options: {
    env?: TEnvironment;
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
    rateLimiter?: (clock: ControllableClock) => RateLimiter;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = controllableClock(new Date());
  const errorReporter = recordingErrorReporter();
  const mailbox = devMailbox(database.db, clock);
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent-web-dist', ...options.env });
  const rateLimiter = options.rateLimiter?.(clock) ?? memoryRateLimiter(clock);
  const deps: AppDeps = { config, database, clock, errorReporter, mailer: mailbox, sms: mailbox, rateLimiter };
  const app = await buildApp(deps);
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    clock,
    errorReporter,
    deps,
    async close() {
      await app.close();
      await rateLimiter.close();
      await database.close();
    },
  };
}
