import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobScheduler } from '../../../jobs/job-scheduler.ts';
import { DAY_MS } from '../../../lib/clock.ts';
import { activeUser, bearer, latestMessage, logIn, signUp, STRONG_PASSWORD } from '../../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../../testing/catalog-fixtures.ts';
import { multipartBody } from '../../../testing/multipart.ts';
import { authorizeUrl, createListeningTestApp, pickIdentity } from '../../../testing/oauth-helpers.ts';
import { schedulerDeps, type TestApp } from '../../../testing/test-app.ts';
import { balancesOf, insertTestUser, usWireDetails } from '../../../testing/wallet-helpers.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { makeRedeemBatch } from '../../../testing/redeem-fixtures.ts';
import { calendarForToday } from '../../../testing/attendance-fixtures.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { newId } from '../../../lib/ids.ts';
import { savedCards } from '../../wallet/cards/cards.tables.ts';
import { favorites } from '../../collection/collection.tables.ts';
import { notifications } from '../../notifications/notifications.tables.ts';
import { notify } from '../../notifications/notify.ts';
import { bankAccounts, walletAddresses } from '../../wallet/payout-destinations/payout-destinations.tables.ts';
import { newsletterSubscriptions } from '../newsletter/newsletter.tables.ts';
import { users } from '../users.tables.ts';
import { completeAccountDeletions } from './complete-account-deletions.ts';
import { deletionBlockerChecks, type DeletionBlockerCheck } from './deletion-blockers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(() => t.close());

const jobDeps = () => ({ db: t.database.db, clock: t.clock, storage: t.storage, discordRoles: t.discordRoles });

function post(path: string, accessToken: string, payload?: object) {
  return t.app.inject({ method: 'POST', url: path, headers: bearer(accessToken), ...(payload ? { payload } : {}) });
}
async function signIn(email: string): Promise<string> {
  const response = await logIn(t, email);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().data.accessToken;
}
/** Password confirmed, then the deletion request, as /account/delete does it. */
async function requestDeletion(accessToken: string) {
  await post('/v1/users/authentications/check-password', accessToken, { password: STRONG_PASSWORD });
  return post('/v1/users/delete-request', accessToken);
}
async function myUser(accessToken: string) {
  return (await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) })).json().data;
}
async function withBlocker<T>(check: DeletionBlockerCheck, work: () => Promise<T>): Promise<T> {
  deletionBlockerChecks.push(check);
  try {
    return await work();
  } finally {
    deletionBlockerChecks.splice(deletionBlockerChecks.indexOf(check), 1);
  }
}

describe('POST /v1/users/delete-request', () => {
  it('needs the password confirmed in the last ten minutes', async () => {
    const user = await activeUser(t);
    const response = await post('/v1/users/delete-request', user.accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('REAUTHENTICATION_REQUIRED');
  });

  it('is refused with the list of what remains while the account holds assets', async () => {
    const user = await activeUser(t);
    const balance: DeletionBlockerCheck = async () => ({
      kind: 'balance',
      message: 'Your balance still holds 12.50 USD.',
    });
    const packs: DeletionBlockerCheck = async () => ({ kind: 'packs', message: 'You have 2 unopened packs.' });
    const nothing: DeletionBlockerCheck = async () => null;
    const response = await withBlocker(balance, () =>
      withBlocker(nothing, () => withBlocker(packs, () => requestDeletion(user.accessToken))),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'ACCOUNT_HAS_ASSETS',
      message: 'Your account still holds assets. Empty your balance, packs and NFTs before deleting it.',
      details: [
        { field: 'balance', message: 'Your balance still holds 12.50 USD.' },
        { field: 'packs', message: 'You have 2 unopened packs.' },
      ],
    });
    expect((await myUser(user.accessToken)).isDeleteRequestedAccount).toBe(false);
  });

  it('is accepted when empty: every sign-in ends, a mail says when, and signing in again shows the request', async () => {
    const user = await activeUser(t);
    const requestedAt = t.clock.now();
    const response = await requestDeletion(user.accessToken);
    expect(response.statusCode).toBe(202);
    expect(response.json().data).toEqual({
      deleteRequestedAt: requestedAt.toISOString(),
      deletesAt: new Date(requestedAt.getTime() + 7 * DAY_MS).toISOString(),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) })).statusCode,
    ).toBe(401);
    expect((await latestMessage(t, user.email)).subject).toContain('will be deleted');

    const accessToken = await signIn(user.email);
    // The day the screen names, the same as the answer's and the mail's.
    expect(await myUser(accessToken)).toMatchObject({
      isDeleteRequestedAccount: true,
      deletionScheduledAt: new Date(requestedAt.getTime() + 7 * DAY_MS).toISOString(),
      status: 'ACTIVE',
    });
    const twice = await requestDeletion(accessToken);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ACCOUNT_DELETION_ALREADY_REQUESTED');
  });
});

describe('POST /v1/users/delete-revoke', () => {
  it('cancels within the seven days, and the job then leaves the account alone', async () => {
    const user = await activeUser(t);
    await requestDeletion(user.accessToken);
    t.clock.advance(6 * DAY_MS);
    const accessToken = await signIn(user.email);
    const response = await post('/v1/users/delete-revoke', accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      email: user.email,
      isDeleteRequestedAccount: false,
      deletionScheduledAt: null,
    });
    // Warned by email of the request, the owner is told by email that it is over (session 79's hunt).
    const told = await latestMessage(t, user.email);
    expect(told.subject).toMatch(/account will not be deleted$/);
    expect(told.text).toContain('The request to delete your account was cancelled');

    t.clock.advance(2 * DAY_MS);
    await completeAccountDeletions(jobDeps());
    expect((await myUser(await signIn(user.email))).nickname).toBe(user.nickname);
  });

  it('refuses money and rewards the person asks for while the request runs, and takes them again once it is cancelled', async () => {
    const admin = await signUpOperator(t, 'admin');
    await calendarForToday(t, admin.accessToken, {
      name: 'Closing days',
      dailyReward: { kind: 'CREDIT', amount: 100 },
    });
    const { codes } = await makeRedeemBatch(t, admin.accessToken, {
      grant: { kind: 'CREDIT', amount: 900 },
      codeCount: 1,
    });
    const user = await activeUser(t);
    expect((await requestDeletion(user.accessToken)).statusCode).toBe(202);
    const accessToken = await signIn(user.email);
    const userId: string = (await myUser(accessToken)).id;
    const asks = () =>
      Promise.all([
        t.app.inject({
          method: 'POST',
          url: '/v1/deposits',
          headers: { ...bearer(accessToken), 'idempotency-key': newId() },
          payload: { method: 'crypto', amount: { amount: 1_000, currency: 'USD' } },
        }),
        post('/v1/attendance', accessToken),
        post('/v1/redeems', accessToken, { code: codes[0] }),
      ]);

    // Anything that came in would stop the deletion the screen promises for its day.
    const refused = await asks();
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({
        code: 'ACCOUNT_DELETION_PENDING',
        message: 'Your account is being deleted. Cancel the deletion request to use it again.',
      });
    }
    const [written] = await queryRows<{ deposits: number; check_ins: number; uses: number }>(
      t.database.db,
      sql`select (select count(*)::int from deposits where user_id = ${userId}) as deposits,
                 (select count(*)::int from attendance_check_ins where user_id = ${userId}) as check_ins,
                 (select count(*)::int from redeem_uses where user_id = ${userId}) as uses`,
    );
    expect(written).toEqual({ deposits: 0, check_ins: 0, uses: 0 });
    expect(await balancesOf(t.database.db, userId)).toEqual({});

    expect((await post('/v1/users/delete-revoke', accessToken)).statusCode).toBe(200);
    expect((await asks()).map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
  });

  it('answers ACCOUNT_DELETION_NOT_REQUESTED when there is nothing to cancel', async () => {
    const user = await signUp(t);
    const response = await post('/v1/users/delete-revoke', user.accessToken);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('ACCOUNT_DELETION_NOT_REQUESTED');
  });
});

describe('completing deletions after seven days', () => {
  it('anonymises the account, removes its files, Discord link, favorites and subscription, and frees the email and nickname', async () => {
    const user = await activeUser(t);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#f472b6' } })
      .png()
      .toBuffer();
    const body = multipartBody([{ name: 'file', filename: 'me.png', content: png }]);
    const photoUrl = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/users/media/photo',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(user.accessToken) },
      })
    ).json().data.url;
    await t.app.inject({
      method: 'PATCH',
      url: '/v1/users/profile',
      headers: bearer(user.accessToken),
      payload: { photoUrl },
    });
    const { code, state } = await pickIdentity(t, await authorizeUrl(t, 'discord', user.accessToken), 0);
    expect((await post('/v1/discords/link', user.accessToken, { code, state })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/v1/subscribe', payload: { email: user.email } });
    // Subscribed without signing in: the address waits for its owner's confirmation, and is erased all the same.
    const subscribed = await t.database.db
      .select({ status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, user.email));
    expect(subscribed).toEqual([{ status: 'PENDING' }]);
    const saved = await Promise.all([
      post('/v1/cards', user.accessToken, {
        nameOnCard: 'Ada Lovelace',
        cardNumber: '4242424242424242',
        expMonth: 12,
        expYear: 2039,
      }),
      post('/v1/bank-accounts', user.accessToken, { wire: usWireDetails, isConfirmed: true }),
      post('/v1/wallet-addresses', user.accessToken, { address: '0x52908400098527886E0F7030069857D2E4169EE7' }),
    ]);
    expect(saved.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const product = await insertProduct(t.database.db, (await insertBrand(t.database.db)).id);
    const favorite = await post('/v1/favorites', user.accessToken, { targetType: 'PRODUCT', targetId: product!.id });
    expect(favorite.statusCode).toBe(201);
    const { id } = await myUser(user.accessToken);
    // Until the deletion is carried out (it can still be cancelled), the public profile and its favorites stay.
    expect((await t.app.inject({ method: 'GET', url: `/v1/favorites/others/${id}` })).json().data.total).toBe(1);

    // Something in the feed (a withdrawal refused, with its reason): the person's own story.
    await notify(t.database.db, {
      userId: id,
      kind: 'WITHDRAWAL',
      stage: 'FAILED',
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of $100.00 was rejected: Name does not match.',
      linkPath: '/payment?tab=withdraw',
      referenceId: id,
      now: t.clock.now(),
    });

    await requestDeletion(user.accessToken);
    t.clock.advance(7 * DAY_MS - 60_000);
    expect(await completeAccountDeletions(jobDeps())).toEqual({ deleted: 0, blocked: 0 });
    t.clock.advance(2 * 60_000);
    expect(await completeAccountDeletions(jobDeps())).toEqual({ deleted: 1, blocked: 0 });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: `deleted+${id}@invalid`, nickname: null, photoUrl: null, passwordHash: null });
    expect(row?.deletedAt).toEqual(t.clock.now());
    expect((await logIn(t, user.email)).json().code).toBe('USER_ID_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: `/v1/users/${id}` })).statusCode).toBe(404);
    // The public profile's favorites are gone with the profile, and so are the rows.
    expect((await t.app.inject({ method: 'GET', url: `/v1/favorites/others/${id}` })).json()).toEqual({
      code: 'COLLECTOR_NOT_FOUND',
      message: 'We could not find this collector.',
    });
    expect(await t.database.db.select().from(favorites).where(eq(favorites.userId, id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(404);
    expect(t.discordRoles.resets).toContain('880000000000000001');
    // Saved cards and payout destinations are conveniences of a person who is gone.
    for (const table of [savedCards, bankAccounts, walletAddresses]) {
      expect(await t.database.db.select().from(table).where(eq(table.userId, id))).toEqual([]);
    }
    const subscriptions = await t.database.db.select().from(newsletterSubscriptions);
    expect(subscriptions.map((subscription) => subscription.email)).not.toContain(user.email);
    // The feed goes with the person (session 79: it stayed, with its reasons and amounts).
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, id))).toEqual([]);

    const newcomer = await signUp(t, user.email);
    expect((await myUser(newcomer.accessToken)).id).not.toBe(id);
    expect((await activeUser(t, user.nickname)).nickname).toBe(user.nickname);
  });

  it('leaves a request pending while assets arrived during the seven days', async () => {
    const user = await activeUser(t);
    await requestDeletion(user.accessToken);
    t.clock.advance(8 * DAY_MS);
    const nft: DeletionBlockerCheck = async () => ({ kind: 'nfts', message: 'You still own 1 NFT.' });
    const outcome = await withBlocker(nft, () => completeAccountDeletions(jobDeps()));
    expect(outcome.blocked).toBeGreaterThanOrEqual(1);
    expect(await myUser(await signIn(user.email))).toMatchObject({ isDeleteRequestedAccount: true, email: user.email });
  });

  it('carries out a due request however many blocked requests came before it', async () => {
    // More blocked requests than one read of the job takes, all due before the one that can be carried out.
    const requestedAt = new Date(t.clock.now().getTime() - 30 * DAY_MS);
    const blockedIds = await Promise.all(Array.from({ length: 120 }, () => insertTestUser(t.database.db)));
    await t.database.db.update(users).set({ deleteRequestedAt: requestedAt }).where(inArray(users.id, blockedIds));
    const user = await activeUser(t);
    await requestDeletion(user.accessToken);
    t.clock.advance(7 * DAY_MS + 60_000);
    const blocked = new Set(blockedIds);
    const stillHolding: DeletionBlockerCheck = async (_tx, userId) =>
      blocked.has(userId) ? { kind: 'nfts', message: 'You still own 1 NFT.' } : null;

    const outcome = await withBlocker(stillHolding, () => completeAccountDeletions(jobDeps()));

    // Earlier tests' requests may be carried out in the same run; only these 120 are blocked.
    expect(outcome.blocked).toBe(120);
    expect((await logIn(t, user.email)).json().code).toBe('USER_ID_NOT_FOUND');
  });

  it('runs as the hourly job through the scheduler', async () => {
    const user = await activeUser(t);
    await requestDeletion(user.accessToken);
    t.clock.advance(7 * DAY_MS + 60_000);

    const scheduler = await startJobScheduler(
      { ...schedulerDeps(t), database: t.database },
      { pollingIntervalSeconds: 0.5 },
    );
    try {
      const jobId = await scheduler.runNow('complete-account-deletions');
      const deadline = Date.now() + 20_000;
      let state: string | undefined;
      while (Date.now() < deadline && state !== 'completed' && state !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 200));
        state = (await scheduler.boss.getJobById('complete-account-deletions', jobId!))?.state;
      }
      expect(state).toBe('completed');
    } finally {
      await scheduler.stop();
    }
    expect((await logIn(t, user.email)).json().code).toBe('USER_ID_NOT_FOUND');
  });
});
