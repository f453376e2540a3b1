import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../config.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { calendarForToday } from '../../../testing/attendance-fixtures.ts';
import { behindTheDeletionJob, personDueForDeletion } from '../../../testing/deletion-races.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { makeRedeemBatch } from '../../../testing/redeem-fixtures.ts';
import { twoInstancesOnPostgres } from '../../../testing/second-instance.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { balancesOf, ledgerInvariantViolations, noViolations } from '../../../testing/wallet-helpers.ts';
import { users } from '../users.tables.ts';

// A check-in and a code's redemption sent in the moment the deletion job deletes their person, the requests on one
// API instance and the job on another (the review of session 52 found it by reading): both passed their sign-in check
// before the job committed, waited for its lock on the person, then gave their rewards to the account it had just
// erased: a balance nobody can withdraw or be asked about, on an account the job had checked had none. PGlite runs one
// transaction at a time, so there is no race to run there: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());

let first: TestApp;
let second: TestApp;
twoInstancesOnPostgres({}, ({ a, b }) => {
  first = a;
  second = b;
});

describe.runIf(isOnPostgres)('rewards that queued behind the deletion job, on PostgreSQL', () => {
  it('finds the account deleted: the check-in and the code give it nothing', async () => {
    const { userId, headers } = await personDueForDeletion(first);
    // A calendar covering the day the clock has moved to, and a code valid from then.
    const admin = await signUpOperator(first, 'admin');
    await calendarForToday(first, admin.accessToken, {
      name: 'Deletion days',
      dailyReward: { kind: 'CREDIT', amount: 700 },
    });
    const { codes } = await makeRedeemBatch(first, admin.accessToken, {
      grant: { kind: 'CREDIT', amount: 900 },
      codeCount: 1,
    });
    // Each waits on the person's row, behind the job: with the fix at its own lock, before it by its rows' foreign
    // keys, so the interleaving is the same either way.
    const { deletion, answers } = await behindTheDeletionJob(first, userId, () => [
      second.app.inject({ method: 'POST', url: '/v1/attendance', headers }),
      second.app.inject({ method: 'POST', url: '/v1/redeems', headers, payload: { code: codes[0] } }),
    ]);
    expect(deletion).toMatchObject({ deleted: 1 });
    expect(answers.map((answer) => answer.json().code)).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED']);
    const db = first.database.db;
    const [account] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
    expect(account!.deletedAt).not.toBeNull();
    expect(await balancesOf(db, userId)).toEqual({});
    const [left] = await queryRows<{ check_ins: number; uses: number; deliveries: number }>(
      db,
      sql`select (select count(*)::int from attendance_check_ins where user_id = ${userId}) as check_ins,
                 (select count(*)::int from redeem_uses where user_id = ${userId}) as uses,
                 (select count(*)::int from grant_deliveries where user_id = ${userId}) as deliveries`,
    );
    expect(left).toEqual({ check_ins: 0, uses: 0, deliveries: 0 });
    expect(await ledgerInvariantViolations(db)).toEqual(noViolations);
  }, 120_000);
});
