import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDrop } from '@cypher/contract';
import { testDatabaseUrl } from '../../../config.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { MINUTE_MS } from '../../../lib/clock.ts';
import { readableUtc } from '../../../lib/readable-utc.ts';
import { bearer, signUp } from '../../../testing/auth-helpers.ts';
import { fastBuyer, freshAccessToken, insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { raceThroughGate } from '../../../testing/lock-barrier.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { drawDeps, insertRaffleRound } from '../../../testing/raffle-fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { drawDueRaffles } from '../../raffles/draw-due-raffles.ts';
import { enterRaffle } from '../../raffles/enter-raffle.ts';
import { devMailboxMessages } from '../../dev-mailbox/dev-mailbox.tables.ts';
import { dropReminders } from './drop-reminders.tables.ts';
import { sendDueDropReminders } from './send-due-drop-reminders.ts';
import { eraseDropReminders } from './erase-drop-reminders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const remind = (accessToken: string | null, dropId: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/drops/${dropId}/reminders`,
    headers: accessToken ? bearer(accessToken) : {},
    payload,
  });
const cancel = (accessToken: string, dropId: string, policyId?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/v1/drops/${dropId}/reminders${policyId ? `?policyId=${policyId}` : ''}`,
    headers: bearer(accessToken),
  });
const viewerOf = async (accessToken: string, dropId: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `/v1/drops/${dropId}`, headers: bearer(accessToken) })).json()
      .data as TDrop
  ).viewer!;
const remindersOf = (userId: string) => db().select().from(dropReminders).where(eq(dropReminders.userId, userId));

/**
 * A drop on sale since an hour ago whose rounds are all still to come: round 1 (everyone) in an hour, round 2 (its
 * whitelist) in two, round 3 (everyone) in three.
 */
async function dropOfRoundsToCome(whitelistEmails: string[] = []) {
  return insertLiveDrop(db(), {
    now: t.clock.now(),
    rounds: [
      { packCount: 2, beginsInMinutes: 60, endsInMinutes: 119 },
      { packCount: 2, beginsInMinutes: 120, endsInMinutes: 179, whitelistEmails },
      { packCount: 2, beginsInMinutes: 180, endsInMinutes: 240 },
    ],
  });
}

describe('POST and DELETE /v1/drops/{id}/reminders', () => {
  it('sets a reminder of the next round, shows it in the viewer part, finds it on a repeat, and cancels it', async () => {
    const fan = await fastBuyer(t);
    const { dropId, policies } = await dropOfRoundsToCome();
    const [round1, , round3] = policies;
    expect((await viewerOf(fan.accessToken, dropId)).reminder).toMatchObject({
      policyId: round1!.id,
      round: 1,
      isSet: false,
    });

    const set = await remind(fan.accessToken, dropId);
    expect(set.statusCode).toBe(201);
    expect(set.json().data).toEqual({
      policyId: round1!.id,
      round: 1,
      saleBeginAt: new Date(t.clock.now().getTime() + 60 * 60_000).toISOString(),
      isSet: true,
    });
    expect((await remind(fan.accessToken, dropId, { policyId: round1!.id })).statusCode).toBe(200);
    // No body at all is the same as an empty one.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/v1/drops/${dropId}/reminders`,
      headers: bearer(fan.accessToken),
    });
    expect(bare.statusCode).toBe(200);
    expect((await viewerOf(fan.accessToken, dropId)).reminder).toMatchObject({ policyId: round1!.id, isSet: true });

    // A later round too: the viewer shows the earliest one set.
    expect((await remind(fan.accessToken, dropId, { policyId: round3!.id })).statusCode).toBe(201);
    expect(await remindersOf(fan.userId)).toHaveLength(2);
    expect((await cancel(fan.accessToken, dropId, round1!.id)).statusCode).toBe(204);
    expect((await viewerOf(fan.accessToken, dropId)).reminder).toMatchObject({ policyId: round3!.id, isSet: true });
    // Without a round, every reminder of the drop; again is fine.
    expect((await cancel(fan.accessToken, dropId)).statusCode).toBe(204);
    expect((await cancel(fan.accessToken, dropId)).statusCode).toBe(204);
    expect(await remindersOf(fan.userId)).toEqual([]);
    expect((await viewerOf(fan.accessToken, dropId)).reminder).toMatchObject({ policyId: round1!.id, isSet: false });
  });

  it('refuses what it cannot remind of, each with its own code', async () => {
    const fan = await fastBuyer(t);
    const { dropId, policies } = await dropOfRoundsToCome();
    expect((await remind(null, dropId)).statusCode).toBe(401);
    expect((await remind(fan.accessToken, '0190a0a0-0000-7000-8000-000000000000')).json().code).toBe('DROP_NOT_FOUND');
    const other = await dropOfRoundsToCome();
    expect((await remind(fan.accessToken, dropId, { policyId: other.policies[0]!.id })).json()).toMatchObject({
      code: 'ROUND_NOT_FOUND',
    });
    expect((await remind(fan.accessToken, dropId, { unknown: true })).statusCode).toBe(400);
    // The address a reminder is emailed to must be verified.
    const unverified = await signUp(t);
    expect((await remind(unverified.accessToken, dropId)).json()).toMatchObject({
      code: 'EMAIL_VERIFICATION_REQUIRED',
    });

    // Once round 1 has opened it is past reminding; later rounds still take one; after the last, nothing does.
    const start = t.clock.now();
    t.clock.advance(60 * 60_000);
    try {
      let token = await freshAccessToken(t, fan.userId);
      const opened = await remind(token, dropId, { policyId: policies[0]!.id });
      expect(opened.statusCode).toBe(409);
      expect(opened.json().code).toBe('REMINDER_ROUND_NOT_UPCOMING');
      // Round 2 is its whitelist's: the next round for this fan is round 3.
      expect((await remind(token, dropId)).json().data).toMatchObject({ round: 3 });
      t.clock.advance(3 * 60 * 60_000);
      token = await freshAccessToken(t, fan.userId);
      expect((await remind(token, dropId)).json().code).toBe('REMINDER_ROUND_NOT_UPCOMING');
      expect((await viewerOf(token, dropId)).reminder).toBeNull();
    } finally {
      t.clock.set(start);
    }
  });

  it('reminds of a whitelist round only people whose verified address is on its list', async () => {
    const listed = await fastBuyer(t);
    const stranger = await fastBuyer(t);
    const { dropId, policies } = await dropOfRoundsToCome([listed.email]);
    const round2 = policies[1]!.id;
    const refused = await remind(stranger.accessToken, dropId, { policyId: round2 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'REMINDER_NOT_WHITELISTED',
      message: 'This round is only open to people on its whitelist, so we cannot remind you of it.',
    });
    expect(await remindersOf(stranger.userId)).toEqual([]);
    expect((await remind(listed.accessToken, dropId, { policyId: round2 })).statusCode).toBe(201);

    // A drop whose only round to come is a whitelist's: the stranger has no round to be reminded of.
    const onlyListed = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 2, beginsInMinutes: 60, whitelistEmails: [listed.email] }],
    });
    expect((await remind(stranger.accessToken, onlyListed.dropId)).json().code).toBe('REMINDER_NOT_WHITELISTED');
    expect((await viewerOf(stranger.accessToken, onlyListed.dropId)).reminder).toBeNull();
    expect((await viewerOf(listed.accessToken, onlyListed.dropId)).reminder).toMatchObject({ round: 1, isSet: false });
  });

  it('reminds of a raffle round those who may still win it, and once it is drawn only its winners (RAFFLE_NOT_A_WINNER)', async () => {
    const operator = await signUpOperator(t, 'admin');
    // One round, opening in an hour; its raffle takes entries for 30 minutes and draws one winner.
    const { dropId, roundId } = await insertRaffleRound(t, operator.accessToken, { places: 1 });
    const pair = [await fastBuyer(t), await fastBuyer(t)];
    const absent = await fastBuyer(t);
    for (const fan of pair) await enterRaffle({ db: db(), clock: t.clock }, fan.userId, roundId);
    // Before the draw anyone may still win (and enter, while registration is open), and all three ask to be reminded.
    for (const fan of [...pair, absent]) {
      expect((await viewerOf(fan.accessToken, dropId)).reminder).toMatchObject({ policyId: roundId, isSet: false });
      expect((await remind(fan.accessToken, dropId, { policyId: roundId })).statusCode).toBe(201);
    }

    const start = t.clock.now();
    t.clock.advance(31 * 60_000);
    try {
      expect(await drawDueRaffles(drawDeps(t), t.clock.now())).toEqual({ drawn: 1 });
      const tokens = await Promise.all(pair.map((fan) => freshAccessToken(t, fan.userId)));
      const wonIn = async (accessToken: string) =>
        (await t.app.inject({ method: 'GET', url: `/v1/raffles/${roundId}`, headers: bearer(accessToken) })).json().data
          .mine.wonIn as number | null;
      const isFirstTheWinner = (await wonIn(tokens[0]!)) === 1;
      const [winner, loser] = isFirstTheWinner ? tokens : [tokens[1]!, tokens[0]!];
      expect(await wonIn(loser!)).toBeNull();

      // The draw kept the winner's reminder only: the others would be called to a sale they cannot buy in.
      const kept = await db().select().from(dropReminders).where(eq(dropReminders.policyId, roundId));
      expect(kept.map((reminder) => reminder.userId)).toEqual([pair[isFirstTheWinner ? 0 : 1]!.userId]);

      // Not drawn: no reminder offered, and none taken, for a round only the winners buy in when it opens.
      expect((await viewerOf(loser!, dropId)).reminder).toBeNull();
      for (const payload of [{ policyId: roundId }, {}]) {
        const refused = await remind(loser!, dropId, payload);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({
          code: 'RAFFLE_NOT_A_WINNER',
          message: 'Only the raffle winners can buy in this round right now.',
        });
      }
      const absentToken = await freshAccessToken(t, absent.userId);
      expect((await viewerOf(absentToken, dropId)).reminder).toBeNull();
      expect((await remind(absentToken, dropId)).json().code).toBe('RAFFLE_NOT_A_WINNER');

      expect((await viewerOf(winner!, dropId)).reminder).toMatchObject({ policyId: roundId, isSet: true });

      // At the opening the winner's email says their packs are kept until the window ends, not that they go to
      // whoever buys first (session 71's drop-day hunt). The round opens an hour after the start; the window is an hour.
      t.clock.set(new Date(start.getTime() + 60 * MINUTE_MS));
      const mailer = t.deps.mailer;
      expect(await sendDueDropReminders({ db: db(), clock: t.clock, mailer, brand: t.deps.config })).toMatchObject({
        emailed: 1,
      });
      const winnerEmail = pair[isFirstTheWinner ? 0 : 1]!.email;
      const [email] = await db().select().from(devMailboxMessages).where(eq(devMailboxMessages.to, winnerEmail));
      expect(email!.text).toContain(
        `You won a place in its raffle: your packs are kept for you until ${readableUtc(new Date(start.getTime() + 120 * MINUTE_MS))}.`,
      );
      expect(email!.text).not.toContain('whoever buys first');
    } finally {
      t.clock.set(start);
    }
  });

  it('keeps one reminder per person and round when 20 requests arrive at once: one made it, 19 found it', async () => {
    const fan = await fastBuyer(t);
    const { dropId, policies } = await dropOfRoundsToCome();
    const twenty = () => Promise.all(Array.from({ length: 20 }, () => remind(fan.accessToken, dropId)));
    const connectionString = testDatabaseUrl() ? t.database.pool!.options.connectionString! : null;
    // On PostgreSQL the requests queue behind a lock on the round's row, which each insert's foreign key check needs,
    // and run into each other once it goes: the overlap is seen, not hoped for. PGlite runs one statement at a time.
    const answers = connectionString
      ? await raceThroughGate(
          connectionString,
          [{ text: 'select 1 from sale_policies where id = $1 for update', values: [policies[0]!.id] }],
          10,
          twenty,
        )
      : await twenty();
    expect(answers.map((answer) => answer.statusCode).sort((a, b) => a - b)).toEqual([
      ...Array<number>(19).fill(200),
      201,
    ]);
    expect(answers.every((answer) => answer.json().data.policyId === policies[0]!.id)).toBe(true);
    expect(await remindersOf(fan.userId)).toHaveLength(1);
  });

  it('go with a deleted account', async () => {
    const fan = await fastBuyer(t);
    const { dropId } = await dropOfRoundsToCome();
    await remind(fan.accessToken, dropId);
    await inTransaction(db(), (tx) => eraseDropReminders(tx, fan.userId));
    expect(await remindersOf(fan.userId)).toEqual([]);
  });
});
