import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, REDEEM_CODE_LENGTH, redeemMessages, type TGrantRequest } from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { bearer, signUp, uniqueIp } from '../../testing/auth-helpers.ts';
import { insertBrand } from '../../testing/catalog-fixtures.ts';
import { fastBuyer, freshAccessToken } from '../../testing/drop-fixtures.ts';
import { grantables, noticesOf, ticketCountOf } from '../../testing/grant-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balancesOf, ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';
import { deriveRedeemCode, isWellFormedRedeemCode, redeemCodeHash } from './redeem-codes.ts';
import { redeemRateLimits } from './redeem-code.ts';
import { readableUtc } from '../../lib/readable-utc.ts';

let t: TestApp;
let admin: { accessToken: string; userId: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();

async function makeBatch(fields: { grant: TGrantRequest } & Record<string, unknown>) {
  const made = await t.app.inject({
    method: 'POST',
    url: '/v1/console/redeem-batches',
    headers: bearer(admin.accessToken),
    payload: { name: 'Launch codes', codeCount: 3, validFrom: iso(-1), validUntil: iso(60), ...fields },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().data as { id: string; codeCount: number; createdAt: string };
}

/** The batch's codes as the console exports them (`number,code` lines after a header). */
async function exportedCodes(batchId: string, accessToken = admin.accessToken) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/v1/console/redeem-batches/${batchId}/codes.csv`,
    headers: bearer(accessToken),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const [header, ...lines] = answer.body.trim().split('\n');
  expect(header).toBe('number,code');
  return { answer, codes: lines.map((line) => line.split(',')[1]!) };
}

const redeem = (accessToken: string, code: string, ip = uniqueIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/redeems',
    headers: { ...bearer(accessToken), ...headers },
    payload: { code },
    remoteAddress: ip,
  });

describe('redeem batches in the console', () => {
  it('makes random codes stored only as hashes, exported again identically as CSV, every export audited', async () => {
    const batch = await makeBatch({ grant: { kind: 'CREDIT', amount: 500 }, codeCount: 5 });
    expect(batch).toMatchObject({
      codeCount: 5,
      usesPerCode: 1,
      usesPerPerson: 1,
      useCount: 0,
      usedCodeCount: 0,
      grant: { kind: 'CREDIT', description: '5.00 CYP' },
      createdBy: { id: admin.userId },
    });
    const first = await exportedCodes(batch.id);
    expect(first.answer.headers['content-type']).toContain('text/csv');
    expect(first.answer.headers['content-disposition']).toBe(
      `attachment; filename="redeem-codes-launch-codes-${batch.createdAt.slice(0, 10)}.csv"`,
    );
    expect(first.codes).toHaveLength(5);
    for (const code of first.codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(new Set(first.codes).size).toBe(5);
    expect((await exportedCodes(batch.id)).codes).toEqual(first.codes);

    // The database holds hashes only: no column of any code row contains a code.
    const rows = await queryRows<Record<string, unknown>>(
      db(),
      sql`select * from redeem_codes where batch_id = ${batch.id} order by number`,
    );
    const stored = JSON.stringify(rows);
    for (const code of first.codes) expect(stored).not.toContain(code.replaceAll('-', ''));
    expect(rows.map((row) => row.code_hash)).toEqual(
      first.codes.map((code) => redeemCodeHash(code.replaceAll('-', ''))),
    );
    const audit = await queryRows<{ action: string }>(
      db(),
      sql`select action from audit_log where entity_type = 'redeem_batch' and entity_id = ${batch.id}
          order by created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual(['create', 'export', 'export']);
  });

  // Tester's finding: every file was `redeem-codes-<batch uuid>.csv`, so operators could not tell batches apart.
  it('names the exported file after the batch and the day it was made, in characters safe in the header', async () => {
    const fileNameOf = async (name: string) => {
      const batch = await makeBatch({ name, grant: { kind: 'CREDIT', amount: 100 }, codeCount: 1 });
      const { answer } = await exportedCodes(batch.id);
      const disposition = answer.headers['content-disposition'] as string;
      // Plain ASCII with no quote, backslash or semicolon of the name's: nothing a header or a file system minds.
      expect(disposition).toMatch(/^attachment; filename="redeem-codes-[a-z0-9-]+\.csv"$/);
      const day = batch.createdAt.slice(0, 10);
      return { fileName: /filename="(.*)"/.exec(disposition)![1], day, id: batch.id };
    };

    const spring = await fileNameOf('Spring Launch');
    expect(spring.fileName).toBe(`redeem-codes-spring-launch-${spring.day}.csv`);
    const accented = await fileNameOf('Été "VIP"; naïve\\codes ✨');
    expect(accented.fileName).toBe(`redeem-codes-ete-vip-naive-codes-${accented.day}.csv`);
    // A name with no Latin letter or digit is told by the random end of the batch's id.
    const unlatin = await fileNameOf('春のローンチ');
    expect(unlatin.fileName).toBe(`redeem-codes-${unlatin.id.slice(-8)}-${unlatin.day}.csv`);
  });

  it('refuses bad batches in the contract’s words, and another brand’s manager', async () => {
    const post = (payload: object, accessToken = admin.accessToken) =>
      t.app.inject({ method: 'POST', url: '/v1/console/redeem-batches', headers: bearer(accessToken), payload });
    const base = {
      name: 'Bad',
      grant: { kind: 'CREDIT', amount: 1 },
      codeCount: 1,
      validFrom: iso(0),
      validUntil: iso(60),
    };
    const cases: [object, { field: string; message: string }][] = [
      [
        { ...base, codeCount: 0 },
        { field: 'codeCount', message: 'A batch holds from 1 to 100,000 codes.' },
      ],
      [
        { ...base, codeCount: 100_001 },
        { field: 'codeCount', message: 'A batch holds from 1 to 100,000 codes.' },
      ],
      [
        { ...base, usesPerCode: 2, usesPerPerson: 3 },
        {
          field: 'usesPerPerson',
          message: 'A person can use a code at least once, and not more often than the code can be used.',
        },
      ],
      [
        { ...base, validUntil: iso(-5) },
        { field: 'validUntil', message: 'A batch must become valid before it expires.' },
      ],
      [
        { ...base, grant: { kind: 'GOLD', amount: 1 } },
        { field: 'grant.kind', message: expect.any(String) },
      ],
      // ISO 8601 writes a year 0000 and PostgreSQL has none: refused here, not by the database (a 500 once).
      [
        { ...base, validFrom: '0000-01-01T00:00:00Z' },
        { field: 'validFrom', message: 'Pick a date between the years 1970 and 9999.' },
      ],
    ];
    for (const [payload, detail] of cases) {
      const refused = await post(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().code).toBe('INVALID_REQUEST');
      expect(refused.json().details).toContainEqual(detail);
    }
    const { grants } = await grantables(t, admin);
    const manager = await signUpOperator(t, 'brand_manager', (await insertBrand(db())).id);
    expect((await post({ ...base, grant: grants.tickets(1) }, manager.accessToken)).statusCode).toBe(403);
    // Credit is the marketplace's own: admins only.
    expect((await post(base, manager.accessToken)).statusCode).toBe(403);
    const theirs = await makeBatch({ grant: grants.pass() });
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/console/redeem-batches/${theirs.id}/codes.csv`,
      headers: bearer(manager.accessToken),
    });
    expect(read.statusCode).toBe(403);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/console/redeem-batches',
      headers: bearer(manager.accessToken),
    });
    expect(listed.json().data).toMatchObject({ items: [], total: 0 });
  });

  // How long it takes is the bench's to say, not a test's (house rule: tests never assert wall-clock times).
  it('makes and exports 100,000 distinct codes, the last of which redeems', async () => {
    const batch = await makeBatch({ grant: { kind: 'CREDIT', amount: 1 }, codeCount: 100_000 });
    const { codes } = await exportedCodes(batch.id);
    expect(codes).toHaveLength(100_000);
    expect(new Set(codes).size).toBe(100_000);
    const [count] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from redeem_codes where batch_id = ${batch.id}`,
    );
    expect(count!.n).toBe(100_000);
    // The last code redeems: the export and the stored hashes agree to the end.
    const person = await fastBuyer(t);
    expect((await redeem(person.accessToken, codes.at(-1)!)).statusCode).toBe(201);
  }, 120_000);
});

describe('redeeming a code', () => {
  it('grants credit in any spelling of the code, tells the person, and lists it with the code masked', async () => {
    const batch = await makeBatch({ name: 'Welcome', grant: { kind: 'CREDIT', amount: 2_500 } });
    const [code] = (await exportedCodes(batch.id)).codes;
    const person = await fastBuyer(t);
    // Lower case, spaces for dashes, and O and I where the code has 0 and 1.
    const typed = ` ${code!.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o').replaceAll('1', 'i')} `;
    const redeemed = await redeem(person.accessToken, typed);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const redemption = redeemed.json().data;
    expect(redemption).toMatchObject({
      maskedCode: `••••-••••-••••-${code!.slice(-4)}`,
      batchName: 'Welcome',
      delivery: { status: 'DELIVERED', grant: { kind: 'CREDIT', description: '25.00 CYP' } },
    });
    expect(await balancesOf(db(), person.userId, 'CYP')).toEqual({ non_withdrawable: 2_500 });
    expect(await noticesOf(t, person.accessToken, 'REDEEM')).toEqual([
      { title: 'Code redeemed', body: 'Your code gave you 25.00 CYP.', linkPath: '/payment' },
    ]);
    const mine = await t.app.inject({ method: 'GET', url: '/v1/redeems', headers: bearer(person.accessToken) });
    expect(mine.json().data).toMatchObject({ items: [redemption], total: 1 });
    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/console/redeem-batches/${batch.id}`,
      headers: bearer(admin.accessToken),
    });
    expect(read.json().data).toMatchObject({ useCount: 1, usedCodeCount: 1 });
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });

  it('tells an unknown, a not yet valid, an expired and a used-up code apart, each in its own words', async () => {
    const person = await fastBuyer(t);
    const refusal = async (code: string) => {
      const answer = await redeem(person.accessToken, code);
      return { status: answer.statusCode, body: answer.json() };
    };
    const words = (code: keyof typeof errorCatalogue) => ({ code, message: errorCatalogue[code].message });
    expect(await refusal('ABCD-EFGH-JKMN-PQRS')).toEqual({ status: 404, body: words('REDEEM_CODE_NOT_FOUND') });
    expect(await refusal('too short')).toEqual({ status: 404, body: words('REDEEM_CODE_NOT_FOUND') });
    expect(await refusal('UUUU-UUUU-UUUU-UUUU')).toEqual({ status: 404, body: words('REDEEM_CODE_NOT_FOUND') });

    const later = await makeBatch({ grant: { kind: 'CREDIT', amount: 1 }, validFrom: iso(30), validUntil: iso(90) });
    const opensAt = new Date(iso(30));
    // Not "try again later" alone: when (review of session 33), in words and as a time the web can read.
    expect(await refusal((await exportedCodes(later.id)).codes[0]!)).toEqual({
      status: 409,
      body: {
        code: 'REDEEM_CODE_NOT_YET_VALID',
        message: `This code can be used from ${readableUtc(opensAt)}. Please try again then.`,
        details: [{ field: 'validFrom', message: opensAt.toISOString() }],
      },
    });
    // A batch cannot be made expired already: this one expires a minute from now, and then the clock moves on.
    const expired = await t.app.inject({
      method: 'POST',
      url: '/v1/console/redeem-batches',
      headers: bearer(admin.accessToken),
      payload: {
        name: 'Too late',
        codeCount: 1,
        grant: { kind: 'CREDIT', amount: 1 },
        validFrom: iso(-90),
        validUntil: iso(-30),
      },
    });
    expect(expired.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'validUntil', message: redeemMessages.expired }],
    });
    const past = await makeBatch({ grant: { kind: 'CREDIT', amount: 1 }, validFrom: iso(-90), validUntil: iso(1) });
    t.clock.advance(2 * MINUTE_MS);
    expect(await refusal((await exportedCodes(past.id)).codes[0]!)).toEqual({
      status: 409,
      body: words('REDEEM_CODE_EXPIRED'),
    });

    const single = await makeBatch({ grant: { kind: 'CREDIT', amount: 1 } });
    const [code] = (await exportedCodes(single.id)).codes;
    expect((await redeem(person.accessToken, code!)).statusCode).toBe(201);
    expect(await refusal(code!)).toEqual({ status: 409, body: words('REDEEM_CODE_ALREADY_REDEEMED') });
    const other = await fastBuyer(t);
    const usedUp = await redeem(other.accessToken, code!);
    expect({ status: usedUp.statusCode, body: usedUp.json() }).toEqual({
      status: 409,
      body: words('REDEEM_CODE_USED_UP'),
    });

    // Nothing typed, or separators alone: no code, so not an attempt at one.
    for (const typed of ['   ', '----']) {
      const empty = await t.app.inject({
        method: 'POST',
        url: '/v1/redeems',
        headers: bearer(person.accessToken),
        payload: { code: typed },
      });
      expect(empty.json(), typed).toMatchObject({
        code: 'INVALID_REQUEST',
        details: [{ field: 'code', message: 'Enter the code you received.' }],
      });
    }
    expect((await t.app.inject({ method: 'POST', url: '/v1/redeems', payload: { code: 'X' } })).statusCode).toBe(401);
    const unverified = await signUp(t);
    expect((await redeem(unverified.accessToken, code!)).json().code).toBe('EMAIL_VERIFICATION_REQUIRED');
  });

  it('lets a person use a shared code as often as allowed per person, and the code as often as allowed in all', async () => {
    const { grants, kind } = await grantables(t, admin);
    const batch = await makeBatch({ grant: grants.tickets(1), codeCount: 1, usesPerCode: 3, usesPerPerson: 2 });
    const [code] = (await exportedCodes(batch.id)).codes;
    const [ana, ben] = [await fastBuyer(t), await fastBuyer(t)];
    expect((await redeem(ana.accessToken, code!)).statusCode).toBe(201);
    expect((await redeem(ana.accessToken, code!)).statusCode).toBe(201);
    expect((await redeem(ana.accessToken, code!)).json().code).toBe('REDEEM_CODE_ALREADY_REDEEMED');
    expect((await redeem(ben.accessToken, code!)).statusCode).toBe(201);
    expect((await redeem(ben.accessToken, code!)).json().code).toBe('REDEEM_CODE_USED_UP');
    expect(await ticketCountOf(db(), ana.userId, kind.id)).toBe(2);
    expect(await ticketCountOf(db(), ben.userId, kind.id)).toBe(1);
    expect(await noticesOf(t, ana.accessToken, 'TICKET')).toEqual([]);
    expect(await noticesOf(t, ana.accessToken, 'REDEEM')).toHaveLength(2);
  });

  it('gives editions and passes from their supply, and refuses with the use kept when it has run out', async () => {
    const { grants, poolId } = await grantables(t, admin, { poolSize: 1, passSupply: 1 });
    const editions = await makeBatch({ grant: grants.edition(), codeCount: 2 });
    const [first, second] = (await exportedCodes(editions.id)).codes;
    const person = await fastBuyer(t);
    const given = await redeem(person.accessToken, first!);
    expect(given.json().data.delivery).toMatchObject({
      status: 'DELIVERED',
      grant: { kind: 'EDITION', editionPool: { id: poolId } },
      edition: { serialNumber: 1 },
    });
    const [history] = await queryRows<{ kind: string }>(
      db(),
      sql`select kind from product_activities where edition_id = ${given.json().data.delivery.edition.id}
          order by created_at desc limit 1`,
    );
    expect(history!.kind).toBe('REDEEMED');
    const gone = await redeem(person.accessToken, second!);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('REDEEM_REWARD_OUT_OF_STOCK');
    const [unused] = await queryRows<{ use_count: number }>(
      db(),
      sql`select use_count from redeem_codes where batch_id = ${editions.id} and number = 2`,
    );
    expect(unused!.use_count).toBe(0);

    const passes = await makeBatch({ grant: grants.pass(), codeCount: 1 });
    const passAnswer = await redeem(person.accessToken, (await exportedCodes(passes.id)).codes[0]!);
    expect(passAnswer.json().data.delivery).toMatchObject({ status: 'DELIVERED', grant: { kind: 'PASS' } });
    const myPasses = await t.app.inject({ method: 'GET', url: '/v1/passes/my', headers: bearer(person.accessToken) });
    // Held, not bought: a pass given is not counted against what one person may buy.
    expect(myPasses.json().data.items).toMatchObject([{ held: 1, bought: 0, remaining: 0 }]);
  });

  it('replays a redemption answered before though its code has expired since', async () => {
    const batch = await makeBatch({ grant: { kind: 'CREDIT', amount: 100 }, codeCount: 1, validUntil: iso(1) });
    const [code] = (await exportedCodes(batch.id)).codes;
    const person = await fastBuyer(t);
    const key = newId();
    const first = await redeem(person.accessToken, code!, uniqueIp(), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    t.clock.advance(2 * MINUTE_MS);
    const token = await freshAccessToken(t, person.userId);
    const retried = await redeem(token, code!, uniqueIp(), { 'idempotency-key': key });
    expect([retried.statusCode, retried.json()]).toEqual([201, first.json()]);
    expect((await redeem(token, code!)).json().code).toBe('REDEEM_CODE_EXPIRED');
    expect(await balancesOf(db(), person.userId, 'CYP')).toEqual({ non_withdrawable: 100 });
  });

  it('replays an Idempotency-Key, and limits attempts per person and per address with REQUEST_MAXIMUN', async () => {
    const batch = await makeBatch({ grant: { kind: 'CREDIT', amount: 100 }, codeCount: 1 });
    const [code] = (await exportedCodes(batch.id)).codes;
    const person = await fastBuyer(t);
    const key = newId();
    const first = await redeem(person.accessToken, code!, uniqueIp(), { 'idempotency-key': key });
    const again = await redeem(person.accessToken, code!, uniqueIp(), { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await balancesOf(db(), person.userId, 'CYP')).toEqual({ non_withdrawable: 100 });

    const guesser = await fastBuyer(t);
    const perPerson = redeemRateLimits.attemptsPerAccount.limit;
    for (let n = 0; n < perPerson; n += 1) {
      expect((await redeem(guesser.accessToken, `WRONG${n}`)).json().code).toBe('REDEEM_CODE_NOT_FOUND');
    }
    // A retry of the first person's redemption is answered as before even when their attempts are used up.
    for (let n = 0; n < perPerson; n += 1) await redeem(person.accessToken, `WRONG${n}`);
    const retried = await redeem(person.accessToken, code!, uniqueIp(), { 'idempotency-key': key });
    expect([retried.statusCode, retried.json()]).toEqual([201, first.json()]);
    const limited = await redeem(guesser.accessToken, code!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'REQUEST_MAXIMUN',
      message: 'You have exceeded the maximum number of requests.',
    });
    expect(limited.headers['retry-after']).toBeDefined();

    const address = uniqueIp();
    for (let n = 0; n < redeemRateLimits.attemptsPerIp.limit; n += 1) {
      await redeem((await fastBuyer(t)).accessToken, `WRONG${n}`, address);
    }
    expect((await redeem((await fastBuyer(t)).accessToken, code!, address)).json().code).toBe('REQUEST_MAXIMUN');
  }, 60_000);
});

describe('revoking a batch', () => {
  const revoke = (batchId: string, accessToken = admin.accessToken) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/console/redeem-batches/${batchId}/revoke`,
      headers: bearer(accessToken),
    });
  const words = (code: keyof typeof errorCatalogue) => ({ code, message: errorCatalogue[code].message });

  it('withdraws every code at once, audited, shown in the list and the batch, and refuses a second revoke', async () => {
    const batch = await makeBatch({ name: 'Leaked', grant: { kind: 'CREDIT', amount: 700 }, codeCount: 3 });
    const [used, unused] = (await exportedCodes(batch.id)).codes;
    const early = await fastBuyer(t);
    expect((await redeem(early.accessToken, used!)).statusCode).toBe(201);

    const revoked = await revoke(batch.id);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const revokedAt = t.clock.now().toISOString();
    expect(revoked.json().data).toMatchObject({ id: batch.id, revokedAt, useCount: 1, usedCodeCount: 1 });

    // Nothing granted after the revoke: the code's count, the uses and the person's balance stay as they were.
    const late = await fastBuyer(t);
    for (const code of [unused!, used!]) {
      const refused = await redeem(late.accessToken, code);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 409,
        body: words('REDEEM_CODE_REVOKED'),
      });
    }
    expect(await balancesOf(db(), late.userId, 'CYP')).toEqual({});
    expect(await balancesOf(db(), early.userId, 'CYP')).toEqual({ non_withdrawable: 700 });
    const [counts] = await queryRows<{ use_count: number; uses: number }>(
      db(),
      sql`select (select sum(use_count)::int from redeem_codes where batch_id = ${batch.id}) as use_count,
                 (select count(*)::int from redeem_uses u join redeem_codes c on c.id = u.code_id
                  where c.batch_id = ${batch.id}) as uses`,
    );
    expect(counts).toEqual({ use_count: 1, uses: 1 });

    const again = await revoke(batch.id);
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 409,
      body: words('REDEEM_BATCH_ALREADY_REVOKED'),
    });

    const read = await t.app.inject({
      method: 'GET',
      url: `/v1/console/redeem-batches/${batch.id}`,
      headers: bearer(admin.accessToken),
    });
    expect(read.json().data).toMatchObject({ revokedAt });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/console/redeem-batches?size=100',
      headers: bearer(admin.accessToken),
    });
    const items = listed.json().data.items as { id: string; revokedAt: string | null }[];
    expect(items.find((item) => item.id === batch.id)?.revokedAt).toBe(revokedAt);
    expect(items.filter((item) => item.id !== batch.id).every((item) => item.revokedAt === null)).toBe(true);

    const audit = await queryRows<{ action: string; actor_user_id: string; after: unknown }>(
      db(),
      sql`select action, actor_user_id, after from audit_log
          where entity_type = 'redeem_batch' and entity_id = ${batch.id} order by created_at, action`,
    );
    expect(audit.filter((row) => row.action === 'revoke')).toEqual([
      { action: 'revoke', actor_user_id: admin.userId, after: { revokedAt } },
    ]);
  });

  it('refuses a revoked code in those words before its window or its uses say anything', async () => {
    const later = await makeBatch({ grant: { kind: 'CREDIT', amount: 1 }, validFrom: iso(30), validUntil: iso(90) });
    const [code] = (await exportedCodes(later.id)).codes;
    expect((await revoke(later.id)).statusCode).toBe(200);
    const person = await fastBuyer(t);
    expect((await redeem(person.accessToken, code!)).json()).toEqual(words('REDEEM_CODE_REVOKED'));
  });

  it('lets a brand manager revoke their brand’s batches only, as they read them; an unknown batch is not found', async () => {
    const { grants, brand } = await grantables(t, admin);
    const theirs = await makeBatch({ grant: grants.pass() });
    const other = await signUpOperator(t, 'brand_manager', (await insertBrand(db())).id);
    expect((await revoke(theirs.id, other.accessToken)).statusCode).toBe(403);
    const credit = await makeBatch({ grant: { kind: 'CREDIT', amount: 1 } });
    // The marketplace's own batches (credit) are admins' only, as reading them is.
    expect((await revoke(credit.id, other.accessToken)).statusCode).toBe(403);
    const [stillOpen] = await queryRows<{ revoked_at: Date | null }>(
      db(),
      sql`select revoked_at from redeem_batches where id = ${theirs.id}`,
    );
    expect(stillOpen!.revoked_at).toBeNull();

    const own = await signUpOperator(t, 'brand_manager', brand.id);
    const byOwn = await revoke(theirs.id, own.accessToken);
    expect(byOwn.statusCode, byOwn.body).toBe(200);
    expect(byOwn.json().data.revokedAt).toEqual(expect.any(String));
    // The admin who made the batch is named to the manager by id and nickname, never by address (hunt, session 74).
    expect(byOwn.json().data.createdBy).toEqual({ id: admin.userId, email: null, nickname: null });
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/v1/console/redeem-batches/${theirs.id}`,
      headers: bearer(admin.accessToken),
    });
    expect(asAdmin.json().data.createdBy).toEqual({ id: admin.userId, email: admin.email, nickname: null });

    const unknown = await revoke(newId());
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 404,
      body: words('REDEEM_BATCH_NOT_FOUND'),
    });
    expect((await revoke('not-an-id')).statusCode).toBe(400);
  });
});

describe('redeem codes themselves', () => {
  it('are 16 characters of the alphabet, the same for the same secret and batch, different otherwise', () => {
    const key = Buffer.from('k'.repeat(32));
    const batchId = newId();
    const code = deriveRedeemCode(key, batchId, 1);
    expect(code).toHaveLength(REDEEM_CODE_LENGTH);
    expect(isWellFormedRedeemCode(code)).toBe(true);
    expect(deriveRedeemCode(key, batchId, 1)).toBe(code);
    expect(deriveRedeemCode(key, batchId, 2)).not.toBe(code);
    expect(deriveRedeemCode(key, newId(), 1)).not.toBe(code);
    expect(deriveRedeemCode(Buffer.from('x'.repeat(32)), batchId, 1)).not.toBe(code);
  });
});
