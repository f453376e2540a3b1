import { afterAll, describe, expect, it } from 'vitest';
import { localDiscordRoleSync } from '../adapters/discord-roles/discord-roles.ts';
import { devMailbox } from '../adapters/mail/dev-mailbox.ts';
import { localFileStorage } from '../adapters/storage/local-file-storage.ts';
import { testConfig, testDatabaseUrl } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { startJobScheduler, type JobScheduler, type RecurringJob } from './job-scheduler.ts';

// Several API instances are several processes on one PostgreSQL; here each "instance" is a scheduler with a pool of
// its own on the same database. PGlite is one process, so there is nothing to share there.
const isOnPostgres = Boolean(testDatabaseUrl());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const opened: Database[] = [];
const schedulers: JobScheduler[] = [];
afterAll(async () => {
  await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
  // The first database is the test database: closing it last drops it.
  for (const database of opened.reverse()) await database.close();
});

describe('scheduled jobs on several instances', () => {
  it.runIf(isOnPostgres)(
    'instances starting together on a fresh database all start, and each scheduled run happens once across them',
    async () => {
      // Every-minute jobs run once per minute: start early enough in a minute that the whole test stays inside it.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 40_000) await sleep(60_000 - intoMinute + 500);

      const first = await createTestDatabase();
      opened.push(first);
      const url = first.pool!.options.connectionString!;
      const runs = new Map<string, string[]>();
      const jobNames = ['every-minute-a', 'every-minute-b', 'every-minute-c'];
      for (const name of jobNames) runs.set(name, []);
      const jobsOf = (instance: string): RecurringJob[] =>
        jobNames.map((name) => ({
          name,
          cron: '* * * * *',
          run: async () => {
            runs.get(name)!.push(instance);
          },
        }));

      const instances = ['api-1', 'api-2', 'api-3'];
      const started = await Promise.all(
        instances.map(async (instance, index) => {
          const database = index === 0 ? first : await openDatabase({ databaseUrl: url, poolSize: 4 });
          if (index > 0) opened.push(database);
          const deps = {
            config: testConfig(),
            database,
            clock: systemClock,
            storage: localFileStorage('/nonexistent-uploads'),
            discordRoles: localDiscordRoleSync(),
            mailer: devMailbox(database.db, systemClock),
          };
          // Every instance offers to evaluate the schedules every second (30 s in production), so within the test
          // each instance has many chances to send a run that another already sent.
          return startJobScheduler(deps, {
            jobs: jobsOf(instance),
            pollingIntervalSeconds: 0.5,
            cronMonitorIntervalSeconds: 1,
          });
        }),
      );
      schedulers.push(...started);

      const deadline = Date.now() + 30_000;
      while ([...runs.values()].some((ran) => ran.length === 0) && Date.now() < deadline) await sleep(250);
      // Some more seconds of every instance's schedule evaluation, inside the same minute.
      await sleep(5_000);

      for (const name of jobNames) expect({ name, runs: runs.get(name)!.length }).toEqual({ name, runs: 1 });
      expect((await started[0]!.boss.getSchedules()).map((schedule) => schedule.name).sort()).toEqual(jobNames);
    },
    90_000,
  );
});
