import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { controllableClock, DAY_MS } from '../lib/clock.ts';
import { localDiscordRoleSync } from '../adapters/discord-roles/discord-roles.ts';
import { devMailbox } from '../adapters/mail/dev-mailbox.ts';
import { localFileStorage } from '../adapters/storage/local-file-storage.ts';
import { listMailboxMessages } from '../modules/dev-mailbox/list-mailbox-messages.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { pgBossJobQueue } from './job-queue.ts';
import { recurringJobs, startJobScheduler, type JobScheduler } from './job-scheduler.ts';

let database: Database;
let scheduler: JobScheduler;
const clock = controllableClock('2026-11-01T12:00:00.000Z');

beforeAll(async () => {
  database = await createTestDatabase();
  const deps = {
    config: testConfig(),
    database,
    clock,
    storage: localFileStorage('/nonexistent-uploads'),
    discordRoles: localDiscordRoleSync(),
    mailer: devMailbox(database.db, clock),
  };
  scheduler = await startJobScheduler(deps, { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await scheduler.stop();
  await database.close();
});

async function waitForCompletion(queue: string, jobId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = await scheduler.boss.getJobById(queue, jobId);
    if (job?.state === 'completed' || job?.state === 'failed') return job.state;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`job ${jobId} did not finish in ${timeoutMs} ms`);
}

describe('job scheduler', () => {
  it('keeps a daily schedule for every recurring job in the database', async () => {
    const schedules = await scheduler.boss.getSchedules();
    expect(schedules.map((schedule) => schedule.name).sort()).toEqual(recurringJobs.map((job) => job.name).sort());
  });

  it('runs the mailbox purge through the queue: week-old messages go, recent ones stay', async () => {
    const mailbox = devMailbox(database.db, clock);
    await mailbox.sendEmail({ to: 'old@example.com', subject: 'Old', text: 'from last month' });
    clock.advance(8 * DAY_MS);
    await mailbox.sendEmail({ to: 'new@example.com', subject: 'New', text: 'from today' });

    const jobId = await scheduler.runNow('purge-dev-mailbox');
    expect(jobId).toEqual(expect.any(String));
    expect(await waitForCompletion('purge-dev-mailbox', jobId!)).toBe('completed');

    const remaining = await listMailboxMessages(database.db, undefined);
    expect(remaining.map((message) => message.to)).toEqual(['new@example.com']);
  });

  it('takes work sent by an instance that runs no workers (JOBS_ENABLED=false), and sends nowhere without a queue', async () => {
    // Not started: only pg-boss's insert, on the same database the workers poll.
    const queue = pgBossJobQueue(database);
    const jobId = await queue.send('purge-dev-mailbox', {});
    expect(jobId).toEqual(expect.any(String));
    expect(await waitForCompletion('purge-dev-mailbox', jobId!)).toBe('completed');
    expect(await queue.send('no-such-queue', {})).toBeNull();

    // A database where pg-boss never started: nothing to join, and the caller's own sweep sends it later.
    const fresh = await createTestDatabase();
    try {
      expect(
        await pgBossJobQueue(fresh).send('publish-drop', { dropId: '0190d6a2-7a3b-7c4d-8e5f-00000000beef' }),
      ).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});
