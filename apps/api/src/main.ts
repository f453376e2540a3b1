import { APP_VERSION } from '@cypher/contract';
import { discordBotRoleSync } from './adapters/discord-roles/discord-bot-role-sync.ts';
import { localDiscordRoleSync } from './adapters/discord-roles/discord-roles.ts';
import { silentErrorReporter } from './adapters/error-reporter/error-reporter.ts';
import { devMailbox } from './adapters/mail/dev-mailbox.ts';
import type { Mailer, SmsSender } from './adapters/mail/mail.ts';
import { smtpMailer } from './adapters/mail/smtp-mailer.ts';
import { twilioSmsSender } from './adapters/mail/twilio-sms-sender.ts';
import { openFileStorage } from './adapters/storage/open-file-storage.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed/seed-demo.ts';
import { pgBossJobQueue } from './jobs/job-queue.ts';
import { startJobScheduler } from './jobs/job-scheduler.ts';
import { memoryRateLimiter, redisRateLimiter } from './http/rate-limit/rate-limiter.ts';
import { listenOnUnixSocket } from './http/unix-socket-listener.ts';
import { publishBundledTerms } from './modules/catalog/terms/publish-bundled-terms.ts';
import { encryptPlainSeeds } from './modules/drops/encrypt-plain-seeds.ts';
import { provenanceSeedKey } from './modules/drops/provenance-seed-cipher.ts';
import { systemClock } from './lib/clock.ts';
import { withLocalAuthSecret } from './lib/local-secret.ts';

/** Process entry: config -> database -> migrations -> seed -> jobs -> listen; SIGTERM closes in reverse order. */
const config = withLocalAuthSecret(loadConfig());
// Loaded only when configured: Sentry's SDK is the largest import of the process, a second of a restart's start-up
// on a busy machine, and a restarted instance should be back in a few seconds (purchases-survive-sigkill.test.ts).
const errorReporter = config.sentryDsn
  ? (await import('./adapters/error-reporter/sentry-error-reporter.ts')).sentryErrorReporter({
      dsn: config.sentryDsn,
      environment: config.environment,
      release: APP_VERSION,
    })
  : silentErrorReporter;

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
const clock = systemClock;
await publishBundledTerms(database.db, clock.now());
const seedKey = provenanceSeedKey(config);
// Seeds stored in plain text before they were encrypted at rest: encrypted now that the key is known, once.
const encryptedSeeds = await encryptPlainSeeds(database.db, seedKey);
const mailbox = devMailbox(database.db, clock);
const mailer: Mailer = config.mail.smtpUrl
  ? smtpMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from })
  : mailbox;
const sms: SmsSender = config.sms ? twilioSmsSender(config.sms) : mailbox;
const rateLimiter = config.redisUrl ? redisRateLimiter(config.redisUrl) : memoryRateLimiter();
const storage = await openFileStorage(config);
const discordRoles = config.discordBot ? discordBotRoleSync(config.discordBot) : localDiscordRoleSync();
// Sends go through pg-boss's tables whether or not this instance runs workers (JOBS_ENABLED).
const jobQueue = pgBossJobQueue(database);
const deps = {
  config,
  database,
  clock,
  errorReporter,
  mailer,
  sms,
  rateLimiter,
  storage,
  discordRoles,
  jobs: jobQueue,
};
const app = await buildApp(deps);
if (encryptedSeeds > 0)
  app.log.info({ drops: encryptedSeeds }, 'provenance seeds stored in plain text are now encrypted');
if (config.isProduction && (!config.mail.smtpUrl || !config.sms)) {
  app.log.warn('production without SMTP_URL or an SMS provider: messages are only kept in the database');
}
if (config.isProduction && !config.discordBot) {
  app.log.warn('production without DISCORD_BOT_TOKEN and DISCORD_GUILD_ID: Discord roles are not reset on disconnect');
}

if (!config.isProduction) await seedDemoIfEmpty({ database, clock, storage, orders: config.orders, seedKey }, app.log);
const jobs = config.jobsEnabled
  ? await startJobScheduler(
      { config, database, clock, storage, discordRoles, mailer },
      { onError: (error) => app.log.error({ err: error }, 'job error') },
    )
  : null;

await app.listen({ port: config.port, host: config.host });
const socketListener = config.listenSocket ? await listenOnUnixSocket(app.server, config.listenSocket) : null;
const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
const images = config.bucket ? `the bucket ${config.bucket.name}` : config.uploadsDir;
app.log.info(
  `${config.brandName} ${APP_VERSION} is running at ${config.publicUrl} (database: ${where}; images: ${images})`,
);
// People starting it by hand want the address in a plain line, and the rule that decides which address works.
console.log(
  `\n  ${config.brandName} is ready: ${config.publicUrl}\n` +
    `  Pages are served at ${new URL(config.publicUrl).host} only (PUBLIC_URL); other host names are redirected there.\n`,
);

let isShuttingDown = false;
async function shutDown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // Stop taking requests first, then stop the workers, then let go of the database they both use.
  const forceExit = setTimeout(() => process.exit(1), 20_000);
  forceExit.unref();
  try {
    socketListener?.close();
    await app.close();
    await jobs?.stop();
    await rateLimiter.close();
    await database.close();
    storage.close();
    await errorReporter.flush();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));
