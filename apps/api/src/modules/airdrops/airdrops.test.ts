import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand } from '../../testing/catalog-fixtures.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { grantables, insertPeople, noticesOf, ticketCountOf } from '../../testing/grant-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balancesOf, ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';
import { deliverAirdrop, DELIVER_AIRDROP_JOB, resumeAirdrops } from './deliver-airdrop.ts';

let t: TestApp;
let admin: { accessToken: string; userId: string; email: string };
/** What the app sent to the job queue: the airdrops its creation handed to the workers. */
const sent: { name: string; data: Record<string, unknown> }[] = [];
const recordingQueue: JobQueue = {
  send: async (name, data) => {
    sent.push({ name, data });
    return newId();
  },
};

beforeAll(async () => {
  t = await createTestApp({ jobs: () => recordingQueue });
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const worker = () => ({ db: db(), clock: t.clock, config: t.deps.config });

function post(payload: object, accessToken = admin.accessToken) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/console/airdrops',
    headers: { ...bearer(accessToken), 'idempotency-key': newId() },
    payload,
  });
}

async function progressOf(id: string) {
  const read = await t.app.inject({
    method: 'GET',
    url: `/v1/console/airdrops/${id}`,
    headers: bearer(admin.accessToken),
  });
  return read.json().data as { status: string; progress: Record<string, number>; completedAt: string | null };
}

describe('airdrops', () => {
  it('go to a list of people by email or id, once each, with a notice, queued as a job and shown with progress', async () => {
    const { grants, kind } = await grantables(t, admin);
    const [ana, ben] = [await fastBuyer(t), await fastBuyer(t)];
    const made = await post({
      name: 'Launch party',
      grant: grants.tickets(2),
      // Each named in two spellings: an address in capitals, an id in capitals (as valid as in lower case).
      audience: {
        kind: 'PEOPLE',
        emails: [ana.email.toUpperCase()],
        userIds: [ben.userId.toUpperCase(), ben.userId, ana.userId],
      },
    });
    expect(made.statusCode, made.body).toBe(202);
    const airdrop = made.json().data;
    expect(airdrop).toMatchObject({
      name: 'Launch party',
      status: 'QUEUED',
      grant: { kind: 'TICKETS', description: '2 Raffle tickets' },
      audience: { kind: 'PEOPLE', pass: null },
      progress: { total: 2, delivered: 0, outOfStock: 0, accountDeleted: 0, pending: 2 },
      createdBy: { id: admin.userId },
    });
    expect(sent).toContainEqual({ name: DELIVER_AIRDROP_JOB, data: { airdropId: airdrop.id } });

    expect(await deliverAirdrop(worker(), airdrop.id)).toEqual({ delivered: 2 });
    expect(await progressOf(airdrop.id)).toMatchObject({
      status: 'COMPLETED',
      progress: { total: 2, delivered: 2, outOfStock: 0, accountDeleted: 0, pending: 0 },
      completedAt: t.clock.now().toISOString(),
    });
    expect(await ticketCountOf(db(), ana.userId, kind.id)).toBe(2);
    expect(await noticesOf(t, ana.accessToken, 'AIRDROP')).toEqual([
      { title: 'Airdrop received', body: 'Launch party: you received 2 Raffle tickets.', linkPath: '/tickets' },
    ]);
    // A second run (a job sent twice) finds nothing to do and gives nothing again.
    expect(await deliverAirdrop(worker(), airdrop.id)).toEqual({ delivered: 0 });
    expect(await ticketCountOf(db(), ana.userId, kind.id)).toBe(2);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/console/airdrops',
      headers: bearer(admin.accessToken),
    });
    expect(listed.json().data.items.map((item: { id: string }) => item.id)).toContain(airdrop.id);
  });

  // Helper's note, session 51: recipients were chosen when the airdrop was made, and one deleted before delivery was
  // still credited (money and supply no one could use).
  it('give nothing to an account deleted between the airdrop’s making and its delivery, and say so', async () => {
    const { grants } = await grantables(t, admin);
    const [ana, ben] = [await fastBuyer(t), await fastBuyer(t)];
    const made = await post({
      name: 'Thank you',
      grant: grants.credit(500),
      audience: { kind: 'PEOPLE', emails: [], userIds: [ana.userId, ben.userId] },
    });
    expect(made.statusCode, made.body).toBe(202);
    const airdrop = made.json().data;
    // The deletion job's end state: the account deleted (its blockers were checked when that ran).
    await db().execute(
      sql`update users set deleted_at = ${t.clock.now().toISOString()}::timestamptz where id = ${ben.userId}`,
    );

    expect(await deliverAirdrop(worker(), airdrop.id)).toEqual({ delivered: 2 });
    expect(await progressOf(airdrop.id)).toMatchObject({
      status: 'COMPLETED',
      progress: { total: 2, delivered: 1, outOfStock: 0, accountDeleted: 1, pending: 0 },
    });
    expect(await balancesOf(db(), ana.userId, 'CYP')).toEqual({ non_withdrawable: 500 });
    expect(await balancesOf(db(), ben.userId, 'CYP')).toEqual({});
    const recipients = await t.app.inject({
      method: 'GET',
      url: `/v1/console/airdrops/${airdrop.id}/recipients`,
      headers: bearer(admin.accessToken),
    });
    const statusOf = new Map(
      recipients.json().data.items.map((item: { user: { id: string }; status: string }) => [item.user.id, item.status]),
    );
    expect(statusOf.get(ben.userId)).toBe('ACCOUNT_DELETED');
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('need an Idempotency-Key, made once per key: a second click or a retry answers the airdrop already made', async () => {
    const { grants, kind } = await grantables(t, admin);
    const fan = await fastBuyer(t);
    const payload = {
      name: 'Once only',
      grant: grants.tickets(1),
      audience: { kind: 'PEOPLE', userIds: [fan.userId] },
    };
    const key = newId();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/console/airdrops',
        headers: { ...bearer(admin.accessToken), 'idempotency-key': key },
        payload,
      });
    const [first, second] = await Promise.all([send(), send()]);
    const answers = [first, second].map((answer) => answer.statusCode).sort();
    // Side by side, the later one finds the first in progress (409) or answers it (202); one airdrop either way.
    expect(answers[0]).toBe(202);
    const made = (first.statusCode === 202 ? first : second).json().data;
    const retried = await send();
    expect([retried.statusCode, retried.json().data.id]).toEqual([202, made.id]);
    // Without a key a second click would make a second airdrop, so an operator's airdrop needs one.
    const keyless = await t.app.inject({
      method: 'POST',
      url: '/v1/console/airdrops',
      headers: bearer(admin.accessToken),
      payload,
    });
    expect([keyless.statusCode, keyless.json().code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    const [counted] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from airdrops where name = 'Once only'`,
    );
    expect(counted!.n).toBe(1);
    expect(await deliverAirdrop(worker(), made.id)).toEqual({ delivered: 1 });
    expect(await ticketCountOf(db(), fan.userId, kind.id)).toBe(1);
  });

  it('go to a pass’s holders, and mark those past the supply of what they give as out of stock', async () => {
    const { brand, grants, passId } = await grantables(t, admin, { passSupply: 3, poolSize: 2 });
    const holders = [await fastBuyer(t), await fastBuyer(t), await fastBuyer(t)];
    const gift = await post({
      name: 'Passes for three',
      grant: grants.pass(),
      audience: { kind: 'PEOPLE', userIds: holders.map((holder) => holder.userId) },
    });
    await deliverAirdrop(worker(), gift.json().data.id);
    const made = await post({
      name: 'Holders’ editions',
      grant: grants.edition(),
      audience: { kind: 'PASS_HOLDERS', passId },
    });
    expect(made.statusCode, made.body).toBe(202);
    expect(made.json().data).toMatchObject({
      audience: { kind: 'PASS_HOLDERS', pass: { id: passId, name: 'Gift Pass' } },
    });
    await deliverAirdrop(worker(), made.json().data.id);
    expect((await progressOf(made.json().data.id)).progress).toEqual({
      total: 3,
      delivered: 2,
      outOfStock: 1,
      accountDeleted: 0,
      pending: 0,
    });

    // Who was reached and who was not, in the order they joined; addresses for an admin only.
    const recipients = (query = '', accessToken = admin.accessToken) =>
      t.app.inject({
        method: 'GET',
        url: `/v1/console/airdrops/${made.json().data.id}/recipients${query}`,
        headers: bearer(accessToken),
      });
    const all = (await recipients()).json().data;
    expect(all).toMatchObject({ page: 1, total: 3 });
    expect(all.items.map((item: { user: { id: string } }) => item.user.id)).toEqual(
      holders.map((holder) => holder.userId).sort(),
    );
    expect(all.items.map((item: { status: string }) => item.status).sort()).toEqual([
      'DELIVERED',
      'DELIVERED',
      'OUT_OF_STOCK',
    ]);
    const missed = (await recipients('?status=OUT_OF_STOCK')).json().data;
    expect(missed.total).toBe(1);
    const missedPerson = holders.find((holder) => holder.userId === missed.items[0].user.id)!;
    expect(missed.items[0]).toEqual({
      user: { id: missedPerson.userId, email: missedPerson.email, nickname: null },
      status: 'OUT_OF_STOCK',
      processedAt: t.clock.now().toISOString(),
    });
    const secondPage = (await recipients('?size=2&page=2')).json().data;
    expect(secondPage).toMatchObject({ page: 2, size: 2, total: 3 });
    expect(secondPage.items.map((item: { user: { id: string } }) => item.user.id)).toEqual([all.items[2].user.id]);

    const manager = await signUpOperator(t, 'brand_manager', brand.id);
    const asManager = (await recipients('', manager.accessToken)).json().data;
    expect(asManager.total).toBe(3);
    expect(asManager.items.every((item: { user: { email: string | null } }) => item.user.email === null)).toBe(true);
    // The airdrop itself names the admin who made it by id and nickname alone to the manager (hunt, session 74).
    const read = (accessToken: string) =>
      t.app.inject({ method: 'GET', url: `/v1/console/airdrops/${made.json().data.id}`, headers: bearer(accessToken) });
    expect((await read(admin.accessToken)).json().data.createdBy).toEqual({
      id: admin.userId,
      email: admin.email,
      nickname: null,
    });
    expect((await read(manager.accessToken)).json().data.createdBy).toEqual({
      id: admin.userId,
      email: null,
      nickname: null,
    });
    const listedToManager = await t.app.inject({
      method: 'GET',
      url: '/v1/console/airdrops',
      headers: bearer(manager.accessToken),
    });
    const emailsListed = listedToManager
      .json()
      .data.items.map((item: { createdBy: { email: string | null } }) => item.createdBy.email);
    // Every airdrop of the brand, this one among them, and no address.
    expect(emailsListed.length).toBeGreaterThan(0);
    expect(new Set(emailsListed)).toEqual(new Set([null]));
    const outsider = await signUpOperator(t, 'brand_manager', (await insertBrand(db())).id);
    expect((await recipients('', outsider.accessToken)).statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/v1/console/airdrops/${newId()}/recipients`,
      headers: bearer(admin.accessToken),
    });
    expect(unknown.json().code).toBe('AIRDROP_NOT_FOUND');
    expect((await recipients('?status=LOST')).statusCode).toBe(400);
  });

  it('refuse unknown people by name, a pass nobody holds, and another brand’s manager', async () => {
    const { grants, passId } = await grantables(t, admin);
    const unknown = await post({
      name: 'Typos',
      grant: { kind: 'CREDIT', amount: 1 },
      audience: { kind: 'PEOPLE', emails: ['nobody@example.com'], userIds: [(await fastBuyer(t)).userId] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'AIRDROP_RECIPIENTS_NOT_FOUND',
      details: [{ field: 'audience', message: 'nobody@example.com has no account.' }],
    });
    const nobody = await post({
      name: 'Empty',
      grant: { kind: 'CREDIT', amount: 1 },
      audience: { kind: 'PASS_HOLDERS', passId },
    });
    expect(nobody.json().code).toBe('AIRDROP_NO_RECIPIENTS');
    const empty = await post({ name: 'None', grant: { kind: 'CREDIT', amount: 1 }, audience: { kind: 'PEOPLE' } });
    expect(empty.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'audience.emails', message: 'Name from 1 to 20,000 people, by email address or user id.' }],
    });
    const manager = await signUpOperator(t, 'brand_manager', (await insertBrand(db())).id);
    const foreign = await post(
      { name: 'Not mine', grant: grants.tickets(1), audience: { kind: 'PEOPLE', userIds: [manager.userId] } },
      manager.accessToken,
    );
    expect(foreign.statusCode).toBe(403);
  });

  // Console review, finding 4: a brand's manager listing addresses was told which had no account, nothing written, as
  // often as asked; 20,000 a request answered who has an account here, which only an admin may see.
  it('refuse a brand’s manager a list of addresses the same way whoever they name, writing nothing; an admin’s as before', async () => {
    const { brand, grants, passId } = await grantables(t, admin);
    const manager = await signUpOperator(t, 'brand_manager', brand.id);
    const [member, holder] = [await fastBuyer(t), await fastBuyer(t)];
    const airdropsOf = async () =>
      (
        await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from airdrops where brand_id = ${brand.id}`)
      )[0]!.n;
    const before = await airdropsOf();
    const audiences = [
      { kind: 'PEOPLE', emails: [member.email] },
      { kind: 'PEOPLE', emails: ['nobody-here@example.com'] },
      { kind: 'PEOPLE', emails: ['nobody-here@example.com', member.email], userIds: [holder.userId] },
    ];
    const answers = [];
    for (const audience of audiences) {
      const refused = await post({ name: 'Who is here', grant: grants.tickets(1), audience }, manager.accessToken);
      answers.push({ status: refused.statusCode, body: refused.json() });
    }
    expect(answers).toEqual(
      audiences.map(() => ({
        status: 403,
        body: { code: 'RECIPIENT_EMAIL_ADMIN_ONLY', message: errorCatalogue.RECIPIENT_EMAIL_ADMIN_ONLY.message },
      })),
    );
    expect(await airdropsOf()).toBe(before);

    // By user id, or to the holders of their pass, a brand's manager airdrops as before.
    const byId = await post(
      { name: 'By id', grant: grants.pass(), audience: { kind: 'PEOPLE', userIds: [holder.userId] } },
      manager.accessToken,
    );
    expect(byId.statusCode, byId.body).toBe(202);
    await deliverAirdrop(worker(), byId.json().data.id);
    const toHolders = await post(
      { name: 'Holders', grant: grants.tickets(1), audience: { kind: 'PASS_HOLDERS', passId } },
      manager.accessToken,
    );
    expect([toHolders.statusCode, toHolders.json().data.progress.total]).toEqual([202, 1]);
    await deliverAirdrop(worker(), toHolders.json().data.id);

    // An admin still lists addresses, and is told which have no account.
    const unknown = await post({
      name: 'Typos',
      grant: grants.tickets(1),
      audience: { kind: 'PEOPLE', emails: ['nobody-here@example.com', member.email] },
    });
    expect(unknown.json()).toMatchObject({
      code: 'AIRDROP_RECIPIENTS_NOT_FOUND',
      details: [{ field: 'audience', message: 'nobody-here@example.com has no account.' }],
    });
    const byEmail = await post({
      name: 'By address',
      grant: grants.tickets(1),
      audience: { kind: 'PEOPLE', emails: [member.email] },
    });
    expect([byEmail.statusCode, byEmail.json().data.progress.total]).toEqual([202, 1]);
    expect(await deliverAirdrop(worker(), byEmail.json().data.id)).toEqual({ delivered: 1 });
  });

  it('resume after a worker dies mid-batch: the batch rolls back, the rest is delivered once, the ledger exact', async () => {
    const people = await insertPeople(db(), 230);
    const made = await post({
      name: 'Big drop',
      grant: { kind: 'CREDIT', amount: 300 },
      audience: { kind: 'PEOPLE', userIds: people },
    });
    const airdropId = made.json().data.id as string;
    const crash = new Error('killed');
    await expect(
      deliverAirdrop(worker(), airdropId, {
        batchSize: 50,
        onBatch: (_tx, batch, stage) => {
          if (batch === 3 && stage === 'WRITTEN') throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect((await progressOf(airdropId)).progress).toEqual({
      total: 230,
      delivered: 100,
      outOfStock: 0,
      accountDeleted: 0,
      pending: 130,
    });

    // The sweep sends it again once its row has stood still (at start-up at once), and the next run finishes it.
    sent.length = 0;
    expect(await resumeAirdrops({ db: db(), clock: t.clock, jobs: recordingQueue })).toEqual([]);
    t.clock.advance(3 * MINUTE_MS);
    expect(await resumeAirdrops({ db: db(), clock: t.clock, jobs: recordingQueue })).toEqual([airdropId]);
    expect(sent).toEqual([{ name: DELIVER_AIRDROP_JOB, data: { airdropId } }]);
    await deliverAirdrop(worker(), airdropId, { batchSize: 50 });
    expect(await progressOf(airdropId)).toMatchObject({
      status: 'COMPLETED',
      progress: { delivered: 230, pending: 0 },
    });

    const [given] = await queryRows<{ deliveries: number; people: number; credited: number }>(
      db(),
      sql`select count(*)::int as deliveries, count(distinct user_id)::int as people,
                 (select coalesce(sum(balance), 0)::int from ledger_accounts
                  where owner_user_id in (select user_id from airdrop_recipients where airdrop_id = ${airdropId})
                    and kind = 'non_withdrawable') as credited
          from grant_deliveries where occasion = 'AIRDROP' and reference_id = ${airdropId}`,
    );
    expect(given).toEqual({ deliveries: 230, people: 230, credited: 230 * 300 });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
    expect(await resumeAirdrops({ db: db(), clock: t.clock, jobs: recordingQueue }, { stalledAfterMs: 0 })).toEqual([]);
  });
});
