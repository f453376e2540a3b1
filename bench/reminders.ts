// `npm run bench -- reminders`: a drop round that 10,000 people asked to be reminded of opens, and the reminder job
// (sendDueDropReminders, as the every-minute job runs it) tells them all: a notification each and an email each into
// the dev mailbox (the default mail port; SMTP would add the provider's time per email). In process, no HTTP, on a
// database of its own (PostgreSQL with BENCH_DATABASE_URL, else PGlite in a folder, as `npm start` keeps it).
// Reports the time until everyone was told (notified and emailed), the time until the last notification (they are all
// written before the first email), the runs it took (a run stops claiming after 45 s, for its minute), and checks
// afterwards that every person has exactly one notification and one email.
import { sql } from 'drizzle-orm';
import { devMailbox } from '../apps/api/src/adapters/mail/dev-mailbox.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/db/query-rows.ts';
import { sqlArray } from '../apps/api/src/db/sql-arrays.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { newId } from '../apps/api/src/lib/ids.ts';
import { sendDueDropReminders } from '../apps/api/src/modules/drops/reminders/send-due-drop-reminders.ts';
import { insertLiveDrop } from '../apps/api/src/testing/drop-fixtures.ts';
import { benchDatabase, machine, migrated } from './bench-server.ts';
import { measuredCommit, recordResult } from './record-result.ts';

const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);

const database = await benchDatabase('reminders');
const setup = await migrated(database);
// The app's own pool size on PostgreSQL (10), not the HTTP benches' small set-up pool.
const opened = database.env.DATABASE_URL
  ? (await setup.close(), await openDatabase({ databaseUrl: database.env.DATABASE_URL, poolSize: 10 }))
  : setup;
const db = opened.db;

// One round that opened a second ago, and REMINDERS people with verified addresses who asked for it, written set-wise.
const { dropId, policies } = await insertLiveDrop(db, {
  rounds: [{ packCount: 10, beginsInMinutes: 0 }],
  name: 'Bench drop',
});
const policyId = policies[0]!.id;
const now = new Date();
for (let start = 0; start < REMINDERS; start += 1_000) {
  const ids = Array.from({ length: Math.min(1_000, REMINDERS - start) }, () => newId());
  await db.execute(sql`
    insert into users (id, email, status, email_verified_at, created_at, updated_at)
    select id, 'bench.' || id || '@example.com', 'ACTIVE', ${now.toISOString()}::timestamptz,
           ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from unnest(${sqlArray(ids)}::uuid[]) as u(id)`);
  await db.execute(sql`
    insert into drop_reminders (id, user_id, drop_id, policy_id, due_at, created_at)
    select gen_random_uuid(), id, ${dropId}::uuid, ${policyId}::uuid,
           ${new Date(now.getTime() - 1_000).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from unnest(${sqlArray(ids)}::uuid[]) as u(id)`);
}

const deps = {
  db,
  clock: systemClock,
  mailer: devMailbox(db, systemClock),
  brand: { brandName: 'Cypher', publicUrl: 'http://localhost:3000' },
};
const startedAt = performance.now();
const startedAtMs = Date.now();
let runs = 0;
let notified = 0;
let emailed = 0;
while (notified < REMINDERS || emailed < REMINDERS) {
  const run = await sendDueDropReminders(deps);
  runs += 1;
  notified += run.notified;
  emailed += run.emailed;
  if (run.notified === 0 && run.emailed === 0) break;
}
const seconds = (performance.now() - startedAt) / 1000;

const [check] = await queryRows<{
  notices: number;
  people: number;
  emails: number;
  addressees: number;
  left: number;
  lastNotifiedAt: string | Date;
}>(
  db,
  sql`select
        (select count(*)::int from notifications where kind = 'DROP_REMINDER') as notices,
        (select max(created_at) from notifications where kind = 'DROP_REMINDER') as "lastNotifiedAt",
        (select count(distinct user_id)::int from notifications where kind = 'DROP_REMINDER') as people,
        (select count(*)::int from dev_mailbox_messages) as emails,
        (select count(distinct to_address)::int from dev_mailbox_messages) as addressees,
        (select count(*)::int from drop_reminders where emailed_at is null) as left`,
);
await opened.close();
await database.drop();

const isEachOnce =
  check!.notices === REMINDERS &&
  check!.people === REMINDERS &&
  check!.emails === REMINDERS &&
  check!.addressees === REMINDERS &&
  check!.left === 0;
// Every notification is written before the first email goes out: when the last person had theirs in the app.
const notifiedSeconds = (new Date(check!.lastNotifiedAt).getTime() - startedAtMs) / 1000;
const summary = {
  scenario: 'reminders',
  about: `${REMINDERS.toLocaleString('en-US')} reminders due at once: sendDueDropReminders until all are told (notification + dev mailbox email each), in process`,
  database: database.kind,
  reminders: REMINDERS,
  seconds: Number(seconds.toFixed(2)),
  notifiedSeconds: Number(notifiedSeconds.toFixed(2)),
  remindersPerSecond: Math.round(REMINDERS / seconds),
  runs,
  notified,
  emailed,
  isEachOnce,
  machine: machine(),
  commit: measuredCommit(),
  at: new Date().toISOString(),
};
console.log(
  `reminders ${REMINDERS} told in ${summary.seconds} s (${summary.remindersPerSecond}/s, ${runs} run(s); every ` +
    `notification by ${summary.notifiedSeconds} s) on ${database.kind}, ` +
    `each once: ${isEachOnce}`,
);
recordResult(summary);
if (!isEachOnce) {
  console.error(check);
  process.exitCode = 1;
}
