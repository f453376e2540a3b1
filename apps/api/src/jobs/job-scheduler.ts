import PgBoss from 'pg-boss';
import type { DiscordRoleSync } from '../adapters/discord-roles/discord-roles.ts';
import type { FileStorage } from '../adapters/storage/storage.ts';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { purgeIdempotencyKeys } from '../http/idempotency.ts';
import type { Clock } from '../lib/clock.ts';
import { purgeExpiredAuthRecords } from '../modules/auth/purge-expired-auth-records.ts';
import { purgeMailboxMessages } from '../modules/dev-mailbox/purge-mailbox-messages.ts';
import { completeAccountDeletions } from '../modules/users/deletion/complete-account-deletions.ts';
import { retryPendingRoleResets } from '../modules/users/discord/role-resets.ts';
import { expireAbandonedDeposits } from '../modules/wallet/deposits/expire-abandoned-deposits.ts';
import { settleDeposits } from '../modules/wallet/settle-deposits.ts';

/**
 * A recurring job: a queue name, a cron expression (UTC) and the work. Modules add theirs to `recurringJobs`;
 * pg-boss keeps the schedule in the database, so with many API instances each run happens once.
 */
export interface RecurringJob {
  name: string;
  cron: string;
  run(deps: JobDeps): Promise<unknown>;
}

export interface JobDeps {
  config: TConfig;
  database: Database;
  clock: Clock;
  storage: FileStorage;
  discordRoles: DiscordRoleSync;
}

export const recurringJobs: RecurringJob[] = [
  {
    name: 'purge-expired-sessions',
    cron: '7 * * * *',
    run: ({ database, clock }) => purgeExpiredAuthRecords(database.db, clock.now()),
  },
  { name: 'purge-dev-mailbox', cron: '17 3 * * *', run: ({ database, clock }) => purgeMailboxMessages(database.db, clock.now()) },
  {
    // Spec section 4: deletions whose seven days have passed; hourly, so none waits much past its date.
    name: 'complete-account-deletions',
    cron: '23 * * * *',
    run: ({ database, ...deps }) => completeAccountDeletions({ db: database.db, ...deps }),
  },
  {
    // Discord role resets that failed when the account was disconnected (Discord down, rate limited).
    name: 'retry-discord-role-resets',
    cron: '41 * * * *',
    run: ({ database, ...deps }) => retryPendingRoleResets({ db: database.db, ...deps }),
  },
  {
    // The withdrawability rule: card and Tilia funds past the settlement delay become withdrawable.
    name: 'settle-deposits',
    cron: '*/10 * * * *',
    run: ({ database, clock, config }) => settleDeposits(database.db, clock.now(), config.wallet.cardSettlementDays),
  },
  {
    // Checkouts the person walked away from: pending past their expiry become expired (a late payment still credits).
    name: 'expire-abandoned-deposits',
    cron: '*/5 * * * *',
    run: ({ database, clock }) => expireAbandonedDeposits(database.db, clock.now()),
  },
  { name: 'purge-idempotency-keys', cron: '37 * * * *', run: ({ database, clock }) => purgeIdempotencyKeys(database.db, clock.now()) },
];

export interface JobScheduler {
  boss: PgBoss;
  /** Queues one run of a job now (operators, tests); the worker picks it up like a scheduled run. */
  runNow(name: string): Promise<string | null>;
  stop(): Promise<void>;
}

export async function startJobScheduler(
  deps: JobDeps,
  options: { jobs?: RecurringJob[]; pollingIntervalSeconds?: number; onError?: (error: Error) => void } = {},
): Promise<JobScheduler> {
  const jobs = options.jobs ?? recurringJobs;
  // pg-boss talks to the database through our connection: on PGlite there is only one, on PostgreSQL the pool.
  const boss = new PgBoss({ db: { executeSql: deps.database.executeSql }, schema: 'pgboss' });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async () => {
      await job.run(deps);
    });
  }
  return {
    boss,
    runNow: (name) => boss.send(name, {}),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
