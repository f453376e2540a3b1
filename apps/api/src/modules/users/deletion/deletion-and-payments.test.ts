// A payment the person started must never land on their deleted account (review B): an open deposit blocks the
// request and the job.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../lib/clock.ts';
import { activeUser, bearer, logIn, STRONG_PASSWORD } from '../../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { deposits } from '../../wallet/deposits/deposits.tables.ts';
import { users } from '../users.tables.ts';
import { completeAccountDeletions } from './complete-account-deletions.ts';

const WEBHOOK_SECRET = 'whsec_deletion_and_payments_secret';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL: 'http://cypher.test' } });
});
afterAll(() => t.close());

const jobDeps = () => ({ db: t.database.db, clock: t.clock, storage: t.storage, discordRoles: t.discordRoles });

async function person() {
  const user = await activeUser(t);
  const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  return { ...user, userId: me.json().data.id as string };
}

async function startCryptoDeposit(accessToken: string, amount: number) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: bearer(accessToken),
    payload: { method: 'crypto', amount: { amount, currency: 'USD' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { depositId } = created.json().data as { depositId: string };
  const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
  return row!;
}

/** Password confirmed, then the deletion request, as /account/delete does it. */
async function requestDeletion(accessToken: string) {
  await t.app.inject({
    method: 'POST',
    url: '/v1/users/authentications/check-password',
    headers: bearer(accessToken),
    payload: { password: STRONG_PASSWORD },
  });
  return t.app.inject({ method: 'POST', url: '/v1/users/delete-request', headers: bearer(accessToken) });
}

async function signIn(email: string): Promise<string> {
  const response = await logIn(t, email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.accessToken;
}

describe('a payment in progress blocks the deletion', () => {
  it('refuses the request with what is still in progress, in the blockers list', async () => {
    const user = await person();
    await startCryptoDeposit(user.accessToken, 50_000);

    const response = await requestDeletion(user.accessToken);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ACCOUNT_HAS_ASSETS',
      details: [
        {
          field: 'deposits',
          message: 'A payment of $500.00 you started is still in progress. Wait until it completes or expires.',
        },
      ],
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row!.deleteRequestedAt).toBeNull();
  });

  it('leaves a request pending when a payment started during the seven days is still in progress', async () => {
    const user = await person();
    expect((await requestDeletion(user.accessToken)).statusCode).toBe(202);
    t.clock.advance(7 * DAY_MS - 60_000);
    await startCryptoDeposit(await signIn(user.email), 2_000);
    t.clock.advance(2 * 60_000);

    const outcome = await completeAccountDeletions(jobDeps());

    expect(outcome.blocked).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ deletedAt: null, email: user.email });
  });
});
