import PgBoss from 'pg-boss';
import type { DiscordRoleSync } from '../adapters/discord-roles/discord-roles.ts';
import type { Mailer } from '../adapters/mail/mail.ts';
import type { FileStorage } from '../adapters/storage/storage.ts';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { purgeIdempotencyKeys } from '../http/idempotency.ts';
import type { Clock } from '../lib/clock.ts';
import { purgeExpiredAuthRecords } from '../modules/auth/purge-expired-auth-records.ts';
import { purgeMailboxMessages } from '../modules/dev-mailbox/purge-mailbox-messages.ts';
import { completeAccountDeletions } from '../modules/users/deletion/complete-account-deletions.ts';
import { retryPendingRoleResets } from '../modules/users/discord/role-resets.ts';
import { purgeUnconfirmedSubscriptions } from '../modules/users/newsletter/purge-unconfirmed-subscriptions.ts';
import { depositListenersFor } from '../app-context.ts';
import { expireAbandonedDeposits } from '../modules/wallet/deposits/expire-abandoned-deposits.ts';
import { settleDeposits } from '../modules/wallet/settle-deposits.ts';
import { timeOutOrders } from '../modules/orders/time-out-orders.ts';
import { sealClaimLogs } from '../modules/drops/claim-log/seal-claim-log.ts';
import { revealEndedDrops } from '../modules/drops/reveal-drop.ts';
import { PUBLISH_DROP_JOB, resumeDropPublications, runPublishDropJob } from '../modules/drops/drop-publication-jobs.ts';
import { provenanceSeedKey } from '../modules/drops/provenance-seed-cipher.ts';
import { configuredChain } from '../adapters/chain/configured-chain.ts';
import {
  SEND_CHAIN_TRANSACTIONS_JOB,
  sendChainTransactions,
} from '../modules/collection/chain-transactions/send-chain-transactions.ts';
import {
  SEND_DROP_REMINDERS_AT_OPENING_JOB,
  SEND_DROP_REMINDERS_JOB,
  sendDueDropReminders,
} from '../modules/drops/reminders/send-due-drop-reminders.ts';
import { drawDueRaffles } from '../modules/raffles/draw-due-raffles.ts';
import {
  DRAW_WAITING_ROOM_AT_OPENING_JOB,
  DRAW_WAITING_ROOMS_JOB,
  drawOpenedWaitingRooms,
} from '../modules/drops/waiting-room/assign-waiting-room-places.ts';
import {
  DELIVER_AIRDROP_JOB,
  RESUME_AIRDROPS_JOB,
  resumeAirdrops,
  runDeliverAirdropJob,
} from '../modules/airdrops/deliver-airdrop.ts';
import { JOB_SCHEMA, type JobQueue } from './job-queue.ts';
import { advisoryLockKeys } from '../db/advisory-locks.ts';

/**
 * A recurring job: a queue name, a cron expression (UTC) and the work. Modules add theirs to `recurringJobs`;
 * pg-boss keeps the schedule in the database, so with many API instances each run happens once.
 */
export interface RecurringJob {
  name: string;
  cron: string;
  run(deps: JobContext): Promise<unknown>;
  /** Also run once as the scheduler starts: work a stopped process left half done should not wait for the cron. */
  runAtStartUp?: (deps: JobContext) => Promise<unknown>;
}

/**
 * A job sent with data when something asks for it (JobQueue.send), run by whichever instance's worker takes it first.
 * Its handler must be safe to run twice or side by side: pg-boss retries a job whose worker died.
 */
export interface QueuedJob {
  name: string;
  run(deps: JobContext, data: unknown): Promise<unknown>;
  /** How long one run may take before pg-boss counts it as failed and retries it. */
  expireInSeconds: number;
  /** pg-boss's `short`: one waiting job per singletonKey, so many sends for the same thing queue one run. */
  policy?: 'short';
}

export interface JobDeps {
  config: TConfig;
  database: Database;
  clock: Clock;
  /** Emails jobs send after their commit (drop reminders). */
  mailer: Mailer;
  storage: FileStorage;
  discordRoles: DiscordRoleSync;
}

/** What a job's work gets: the process's dependencies and the queue, to hand further work on. */
type JobContext = JobDeps & { jobs: JobQueue };

/** Drop reminders (issue 22): who asked to be told a round opened, told once each; batches that survive a restart. */
const sendDropReminders = ({ database, clock, mailer, config }: JobContext) =>
  sendDueDropReminders({ db: database.db, clock, mailer, brand: config });

const queuedJobs: QueuedJob[] = [
  {
    // Sent when a reminder is set, to start at its round's opening: one waiting job per round (policy short, keyed by
    // the round), so people are told on the second rather than within the minute.
    name: SEND_DROP_REMINDERS_AT_OPENING_JOB,
    expireInSeconds: 15 * 60,
    policy: 'short',
    run: (deps) => sendDropReminders(deps),
  },
  {
    // Sent when a round's waiting room is set, to start at its opening: the places are drawn on the second, before the
    // first poll asks (one waiting job per round; a poll would draw them itself).
    name: DRAW_WAITING_ROOM_AT_OPENING_JOB,
    expireInSeconds: 15 * 60,
    policy: 'short',
    run: ({ database, clock }) => drawOpenedWaitingRooms(database.db, clock.now()),
  },
  {
    // A large drop's packs, written in batches (decision record 0022); 2,000,000 editions take a minute or two.
    name: PUBLISH_DROP_JOB,
    expireInSeconds: 60 * 60,
    run: ({ database, clock, config, jobs }, data) =>
      runPublishDropJob(
        {
          db: database.db,
          clock,
          seedKey: provenanceSeedKey(config),
          jobs,
          chain: configuredChain(config),
          publication: config.drops.publication,
        },
        data,
      ),
  },
  {
    // An airdrop's recipients, in batches that survive a restart (deliver-airdrop.ts); 10,000 take a minute or so.
    name: DELIVER_AIRDROP_JOB,
    expireInSeconds: 60 * 60,
    run: ({ database, clock, config }, data) => runDeliverAirdropJob({ db: database.db, clock, config }, data),
  },
];

export const recurringJobs: RecurringJob[] = [
  {
    name: 'purge-expired-sessions',
    cron: '7 * * * *',
    run: ({ database, clock }) => purgeExpiredAuthRecords(database.db, clock.now()),
  },
  {
    name: 'purge-dev-mailbox',
    cron: '17 3 * * *',
    run: ({ database, clock }) => purgeMailboxMessages(database.db, clock.now()),
  },
  {
    // Newsletter addresses nobody confirmed within their link's seven days (decision record 46).
    name: 'purge-unconfirmed-newsletter-subscriptions',
    cron: '29 * * * *',
    run: ({ database, clock }) => purgeUnconfirmedSubscriptions(database.db, clock.now()),
  },
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
    // An order whose checkout expired is released with it (its listener), not held until its own hold ends.
    run: ({ database, clock, config }) =>
      expireAbandonedDeposits(database.db, clock.now(), depositListenersFor(config)),
  },
  {
    // Card and Tilia orders whose hold passed without a payment: their packs go back on sale.
    name: 'time-out-orders',
    cron: '* * * * *',
    run: ({ database, clock, config }) => timeOutOrders(database.db, clock.now(), config.orders.holdMinutes),
  },
  {
    // Drops past their end whose last order has been decided: the seed, contents and claim log become public.
    name: 'reveal-ended-drops',
    cron: '* * * * *',
    run: ({ database, clock }) => revealEndedDrops(database.db, clock.now()),
  },
  {
    // Each drop's claim log is chained up to its newest claim, so the published head is at most a minute behind.
    name: 'seal-claim-logs',
    cron: '* * * * *',
    run: ({ database }) => sealClaimLogs(database.db),
  },
  {
    // Every round that opened: its reminders' notifications and emails, once each (send-due-drop-reminders.ts). Also
    // what finishes a batch a stopped process left: its emails' lease runs out and this run sends them.
    name: SEND_DROP_REMINDERS_JOB,
    cron: '* * * * *',
    run: sendDropReminders,
  },
  {
    // Raffle rounds whose registration closed get their draw, and those whose purchase window ended their second draw
    // (decision record 26): at the close, without anyone pressing a button. Each draw happens once across instances.
    name: 'draw-raffles',
    cron: '* * * * *',
    run: ({ database, clock, config }) =>
      drawDueRaffles({ db: database.db, seedKey: provenanceSeedKey(config) }, clock.now()),
  },
  {
    // Waiting rooms whose round opened with nobody asking since and no job at its opening (a restart): drawn now.
    name: DRAW_WAITING_ROOMS_JOB,
    cron: '* * * * *',
    run: ({ database, clock }) => drawOpenedWaitingRooms(database.db, clock.now()),
  },
  {
    name: 'purge-idempotency-keys',
    cron: '37 * * * *',
    run: ({ database, clock }) => purgeIdempotencyKeys(database.db, clock.now()),
  },
  {
    // Drops left PUBLISHING by a worker that stopped: sent to the queue again (every one of them at start-up).
    name: 'resume-drop-publications',
    cron: '* * * * *',
    run: ({ database, clock, jobs }) => resumeDropPublications({ db: database.db, clock, jobs }),
    runAtStartUp: ({ database, clock, jobs }) =>
      resumeDropPublications({ db: database.db, clock, jobs }, { stalledAfterMs: 0 }),
  },
  {
    // Airdrops left unfinished by a worker that stopped (or whose job was never sent): sent to the queue again, every
    // one of them at start-up.
    name: RESUME_AIRDROPS_JOB,
    cron: '* * * * *',
    run: ({ database, clock, jobs }) => resumeAirdrops({ db: database.db, clock, jobs }),
    runAtStartUp: ({ database, clock, jobs }) =>
      resumeAirdrops({ db: database.db, clock, jobs }, { stalledAfterMs: 0 }),
  },
  {
    // Editions' mints and exports' transfers on the EVM chain, when configured (decision record 25); also sent at once
    // after a publication or an export. Each run ends inside its minute; what a stopped process left signed and
    // unsent is sent again by the next one. With the custodial registry a run does nothing.
    name: SEND_CHAIN_TRANSACTIONS_JOB,
    cron: '* * * * *',
    run: ({ database, clock, config }) =>
      sendChainTransactions({ db: database.db, clock, chain: configuredChain(config), publicUrl: config.publicUrl }),
  },
];

export interface JobScheduler {
  boss: PgBoss;
  /** Sends through this scheduler's pg-boss. */
  jobs: JobQueue;
  /** Queues one run of a job now (operators, tests); the worker picks it up like a scheduled run. */
  runNow(name: string): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * Every instance runs the workers and the schedules; pg-boss sees to it that each scheduled run happens once: one
 * instance a cron interval evaluates the schedules (a conditional update of its `cron_on` time), and the run it sends
 * is a singleton per job and minute, taken by one worker (SKIP LOCKED). See job-scheduler.test.ts.
 */
export async function startJobScheduler(
  deps: JobDeps,
  options: {
    jobs?: RecurringJob[];
    queued?: QueuedJob[];
    pollingIntervalSeconds?: number;
    /** How often each instance offers to evaluate the schedules (pg-boss: 30 s); tests make it 1 s. */
    cronMonitorIntervalSeconds?: number;
    onError?: (error: Error) => void;
  } = {},
): Promise<JobScheduler> {
  const jobs = options.jobs ?? recurringJobs;
  const queued = options.queued ?? queuedJobs;
  // pg-boss talks to the database through our connection: on PGlite there is only one, on PostgreSQL the pool.
  const boss = new PgBoss({
    db: { executeSql: deps.database.executeSql },
    schema: JOB_SCHEMA,
    ...(options.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds } : {}),
  });
  boss.on('error', (error) => options.onError?.(error));
  await oneInstanceAtATime(deps.database, async () => {
    await boss.start();
    for (const job of jobs) {
      await boss.createQueue(job.name);
      await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    }
    for (const job of queued) {
      // createQueue leaves an existing queue as it is: a changed expiry reaches the database through updateQueue.
      const queue = {
        name: job.name,
        expireInSeconds: job.expireInSeconds,
        ...(job.policy ? { policy: job.policy } : {}),
      };
      await boss.createQueue(job.name, queue);
      await boss.updateQueue(job.name, queue);
    }
  });
  const queue: JobQueue = { send: (name, data, sendOptions) => boss.send(name, data, sendOptions ?? {}) };
  const context: JobContext = { ...deps, jobs: queue };
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  for (const job of jobs) {
    await boss.work(job.name, { pollingIntervalSeconds }, async () => {
      await job.run(context);
    });
  }
  for (const job of queued) {
    await boss.work(job.name, { pollingIntervalSeconds }, async ([sent]) => {
      await job.run(context, sent?.data);
    });
  }
  for (const job of jobs) {
    if (!job.runAtStartUp) continue;
    // A failure here must not stop the process: the cron runs the same work again within its interval.
    await job.runAtStartUp(context).catch((error: Error) => options.onError?.(error));
  }
  return {
    boss,
    jobs: queue,
    runNow: (name) => boss.send(name, {}),
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

/**
 * Instances that start together on a fresh database would create the same queues at once, and pg-boss's create_queue
 * (a partition per queue, with foreign keys to its queue table) deadlocks against itself: one instance died at
 * start-up when the cluster first ran. Setting up under a session advisory lock makes the others wait, then find the
 * queues there. PGlite is one process, so it needs no lock.
 */
async function oneInstanceAtATime(database: Database, work: () => Promise<void>): Promise<void> {
  if (!database.pool) return work();
  // A session lock needs one connection for lock and unlock; pg-boss works through the rest of the pool meanwhile.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [advisoryLockKeys.jobSetup]);
    await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [advisoryLockKeys.jobSetup]).catch(() => undefined);
    client.release();
  }
}
