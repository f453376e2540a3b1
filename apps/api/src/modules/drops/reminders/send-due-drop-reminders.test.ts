import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../../adapters/mail/mail.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { pgBossJobQueue } from '../../../jobs/job-queue.ts';
import { startJobScheduler } from '../../../jobs/job-scheduler.ts';
import { MINUTE_MS } from '../../../lib/clock.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { fastBuyer, insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { createTestApp, schedulerDeps, type TestApp } from '../../../testing/test-app.ts';
import { devMailboxMessages } from '../../dev-mailbox/dev-mailbox.tables.ts';
import { notifications } from '../../notifications/notifications.tables.ts';
import { dropReminders } from './drop-reminders.tables.ts';
import { EMAIL_LEASE_MS, SEND_DROP_REMINDERS_AT_OPENING_JOB, sendDueDropReminders } from './send-due-drop-reminders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

const db = () => t.database.db;
const sender = (mailer: Mailer = t.deps.mailer) => ({ db: db(), clock: t.clock, mailer, brand: t.deps.config });

/** `count` people who asked (through the API) to be reminded of round 1 of a new drop, which opens in an hour. */
async function remindedRound(count: number, name = 'Starfall Test') {
  const { dropId, policies } = await insertLiveDrop(db(), {
    now: t.clock.now(),
    name,
    rounds: [{ packCount: 5, beginsInMinutes: 60 }],
  });
  const people = [];
  for (let n = 0; n < count; n += 1) {
    const person = await fastBuyer(t);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/v1/drops/${dropId}/reminders`,
      headers: bearer(person.accessToken),
      payload: {},
    });
    expect(asked.statusCode).toBe(201);
    people.push(person);
  }
  return { dropId, policyId: policies[0]!.id, people, opensAt: new Date(t.clock.now().getTime() + 60 * MINUTE_MS) };
}

/** What each person received: reminder notifications and emails, by person. */
async function receivedBy(people: readonly { userId: string; email: string }[]) {
  return Promise.all(
    people.map(async (person) => ({
      notifications: (
        await db()
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, person.userId), eq(notifications.kind, 'DROP_REMINDER')))
      ).length,
      emails: (await db().select().from(devMailboxMessages).where(eq(devMailboxMessages.to, person.email))).length,
    })),
  );
}
const once = (count: number) => Array.from({ length: count }, () => ({ notifications: 1, emails: 1 }));

/** Runs `work` with the clock at `at`, then puts it back. */
async function at<T>(when: Date, work: () => Promise<T>): Promise<T> {
  const start = t.clock.now();
  t.clock.set(when);
  try {
    return await work();
  } finally {
    t.clock.set(start);
  }
}

/** A promise and the function that settles it. */
function deferredSignal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('sending drop reminders', () => {
  it('tells each person once when the round opens, by a notification and an email, and nothing on later runs', async () => {
    const { dropId, people, opensAt } = await remindedRound(3, 'Starfall Academy');
    expect(await sendDueDropReminders(sender())).toEqual({ notified: 0, emailed: 0 });

    await at(opensAt, async () => {
      expect(await sendDueDropReminders(sender())).toEqual({ notified: 3, emailed: 3 });
      t.clock.advance(EMAIL_LEASE_MS + MINUTE_MS);
      expect(await sendDueDropReminders(sender())).toEqual({ notified: 0, emailed: 0 });
    });
    expect(await receivedBy(people)).toEqual(once(3));

    const [notice] = await db().select().from(notifications).where(eq(notifications.userId, people[0]!.userId));
    expect(notice).toMatchObject({
      kind: 'DROP_REMINDER',
      stage: 'OPENED',
      title: 'Round 1 is open',
      body: 'Round 1 of Starfall Academy is on sale now. You asked us to tell you when it opened.',
      linkPath: `/drops/${dropId}`,
      readAt: null,
    });
    const [email] = await db().select().from(devMailboxMessages).where(eq(devMailboxMessages.to, people[0]!.email));
    expect(email!.subject).toBe('Round 1 of Starfall Academy is open');
    expect(email!.text).toContain(`Go to the drop: http://cypher.test/drops/${dropId}`);
    expect(email!.text).toContain('Packs are limited: they go to whoever buys first.');
  });

  it('sends once when two runs overlap: each email goes out once, whichever run claimed it', async () => {
    const { people, opensAt } = await remindedRound(30);
    // Each run's first email waits until the other run is sending too, or has ended: while both are alive they
    // overlap, each claiming batches (FOR UPDATE SKIP LOCKED) and then sending. How the 30 are shared between them is
    // the scheduler's: on a busy machine one run may claim every batch before the other's first claim (CI, session
    // 35, saw it), and the other then has nothing to send, so waiting for its first email alone could only time out.
    type TRun = 'a' | 'b';
    const isSending = { a: deferredSignal(), b: deferredSignal() };
    const runs = {} as Record<TRun, Promise<unknown>>;
    const overlapping = (run: TRun, other: TRun): Mailer => ({
      async sendEmail(email) {
        isSending[run].resolve();
        await Promise.race([isSending[other].promise, runs[other].catch(() => undefined)]);
        await t.deps.mailer.sendEmail(email);
      },
    });
    const [a, b] = await at(opensAt, () => {
      runs.a = sendDueDropReminders(sender(overlapping('a', 'b')), { batchSize: 5 });
      runs.b = sendDueDropReminders(sender(overlapping('b', 'a')), { batchSize: 5 });
      return Promise.all([runs.a, runs.b]) as Promise<{ notified: number; emailed: number }[]>;
    });
    expect(a!.notified + b!.notified).toBe(30);
    expect(a!.emailed + b!.emailed).toBe(30);
    expect(await receivedBy(people)).toEqual(once(30));
  });

  it('loses none and duplicates none when the process stops in the middle of a batch’s emails', async () => {
    const { people, policyId, opensAt } = await remindedRound(25);
    // The first run's process "stops" while its emails go out (every batch is notified by then): three are handed over
    // and recorded by the mailbox, a fourth is handed over but its answer never comes back, and the rest never leave.
    let calls = 0;
    const stopping: Mailer = {
      async sendEmail(email) {
        calls += 1;
        if (calls <= 4) await t.deps.mailer.sendEmail(email);
        if (calls >= 4) await new Promise(() => undefined);
      },
    };
    await at(opensAt, async () => {
      void sendDueDropReminders(sender(stopping), { batchSize: 10 });
      // Its first chunk of emails (20) has left for the mailer.
      await expect.poll(() => calls).toBe(20);

      // The restarted instance at once: nothing to notify, and the stopped run's emails are still its own (their
      // lease has not passed), so none is sent twice meanwhile.
      expect(await sendDueDropReminders(sender(), { batchSize: 10 })).toEqual({ notified: 0, emailed: 0 });
      const midway = await receivedBy(people);
      expect(midway.every((received) => received.notifications === 1)).toBe(true);
      expect(midway.filter((received) => received.emails === 1)).toHaveLength(4);

      // Once the lease passes, all 25 are sent; the four it handed over are the same messages, kept once.
      t.clock.advance(EMAIL_LEASE_MS + 1);
      expect(await sendDueDropReminders(sender(), { batchSize: 10 })).toEqual({ notified: 0, emailed: 25 });
    });
    expect(await receivedBy(people)).toEqual(once(25));
    const unfinished = await queryRows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from drop_reminders where policy_id = ${policyId} and emailed_at is null`,
    );
    expect(unfinished[0]!.count).toBe(0);
  });

  // Helper's note, session 52: a run whose sending outlasted the lease went on sending what another run had taken
  // over meanwhile, so every email not yet sent went out twice.
  it('stops sending what another run took over once its lease passed: only the chunk in the mailer goes twice', async () => {
    const { people, opensAt } = await remindedRound(45);
    const sentBy = { slow: [] as string[], other: [] as string[] };
    const recording = (run: keyof typeof sentBy): Mailer => ({
      async sendEmail(email) {
        sentBy[run].push(email.messageId!);
        await t.deps.mailer.sendEmail(email);
      },
    });
    let otherRun: Promise<unknown> | undefined;
    const slow: Mailer = {
      async sendEmail(email) {
        await recording('slow').sendEmail(email);
        // The first chunk's last email: by now the relay has taken longer than the lease, and another run starts.
        if (sentBy.slow.length === 20) {
          t.clock.advance(EMAIL_LEASE_MS + 1);
          otherRun = sendDueDropReminders(sender(recording('other')), { batchSize: 50 });
          await otherRun;
        }
      },
    };
    await at(opensAt, () => sendDueDropReminders(sender(slow), { batchSize: 50 }));
    expect(otherRun).toBeDefined();
    expect(sentBy.slow).toHaveLength(20);
    expect(new Set(sentBy.other).size).toBe(45);
    const twice = sentBy.slow.filter((id) => sentBy.other.includes(id));
    expect(twice).toHaveLength(20);
    expect(await receivedBy(people)).toEqual(once(45));
  });

  it('sends nothing to an account without a verified address, and records it done', async () => {
    const { people, policyId, opensAt } = await remindedRound(1);
    await db().execute(sql`update users set email_verified_at = null where id = ${people[0]!.userId}`);
    await at(opensAt, async () => {
      expect(await sendDueDropReminders(sender())).toEqual({ notified: 1, emailed: 0 });
    });
    const [row] = await db().select().from(dropReminders).where(eq(dropReminders.policyId, policyId));
    expect(row!.emailedAt).not.toBeNull();
  });
});

describe('POST /dev/drop-reminders/send', () => {
  it('sends now what is due by the time it is given, outside production; production has no such route', async () => {
    const { people, opensAt } = await remindedRound(2);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/dev/drop-reminders/send',
      payload: { dueBy: opensAt.toISOString() },
    });
    expect(sent.json()).toEqual({ data: { notified: 2, emailed: 2 } });
    expect(await receivedBy(people)).toEqual(once(2));

    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const refused = await production.app.inject({
        method: 'POST',
        url: '/dev/drop-reminders/send',
        payload: { dueBy: opensAt.toISOString() },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('NOT_FOUND');
    } finally {
      await production.close();
    }
  });
});

describe('the job queued for a round’s opening', () => {
  it('is one per round however many ask, and tells them on the second', async () => {
    const q = await createTestApp({ env: { PUBLIC_URL: 'http://cypher.test' }, jobs: pgBossJobQueue });
    const scheduler = await startJobScheduler(schedulerDeps(q), { jobs: [], pollingIntervalSeconds: 0.5 });
    try {
      q.clock.set(new Date());
      const { dropId } = await insertLiveDrop(q.database.db, {
        now: q.clock.now(),
        rounds: [{ packCount: 2, beginsInMinutes: 0.05 }],
      });
      const fans = [await fastBuyer(q), await fastBuyer(q)];
      for (const fan of fans) {
        const asked = await q.app.inject({
          method: 'POST',
          url: `/v1/drops/${dropId}/reminders`,
          headers: bearer(fan.accessToken),
          payload: {},
        });
        expect(asked.statusCode).toBe(201);
      }
      const queued = await queryRows<{ count: number }>(
        q.database.db,
        sql`select count(*)::int as count from pgboss.job where name = ${SEND_DROP_REMINDERS_AT_OPENING_JOB}`,
      );
      expect(queued[0]!.count).toBe(1);
      // The job starts at the opening (pg-boss's clock); from then on the app's clock says the round is open.
      q.clock.advance(3_001);
      await expect
        .poll(
          async () =>
            (await q.database.db.select().from(notifications).where(eq(notifications.kind, 'DROP_REMINDER'))).length,
          { timeout: 20_000, interval: 250 },
        )
        .toBe(2);
    } finally {
      await scheduler.stop();
      await q.close();
    }
  }, 40_000);
});
