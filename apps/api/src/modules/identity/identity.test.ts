import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorCatalogue } from '@cypher/contract';
import { identityWebhookSecretFor } from '../../adapters/identity/identity-provider.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../adapters/payments/payment-provider.ts';
import { activeUser, bearer } from '../../testing/auth-helpers.ts';
import { verifyIdentityForTest } from '../../testing/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balancesOf, depositForTest } from '../../testing/wallet-helpers.ts';
import { identityEvents, identityVerifications } from './identity.tables.ts';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp();
  secret = identityWebhookSecretFor(t.deps.config.auth.secret!);
});
afterAll(() => t.close());

const usdcRequest = {
  method: 'usdc',
  amount: { amount: 1000, currency: 'USD' },
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  isConfirmed: true,
};

async function person(withdrawableCents = 0) {
  const user = await activeUser(t);
  const me = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(user.accessToken) });
  const userId = me.json().data.id as string;
  if (withdrawableCents > 0)
    await depositForTest(t.database.db, { userId, source: 'crypto', amount: withdrawableCents });
  return { ...user, userId };
}
const start = (accessToken: string) =>
  t.app.inject({ method: 'POST', url: '/v1/identity-verifications', headers: bearer(accessToken) });
const mine = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/v1/identity-verifications/my', headers: bearer(accessToken) });
const withdraw = (accessToken: string) =>
  t.app.inject({ method: 'POST', url: '/v1/withdrawals', headers: bearer(accessToken), payload: usdcRequest });
const sendWebhook = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/webhooks/identity',
    headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
    payload: body,
  });
const feedOf = async (accessToken: string) =>
  (await t.app.inject({ method: 'GET', url: '/v1/notifications', headers: bearer(accessToken) })).json().data.items as {
    kind: string;
    stage: string;
    title: string;
    body: string;
    linkPath: string;
    isRead: boolean;
  }[];

const referenceOf = (verificationUrl: string) => new URL(verificationUrl).pathname.split('/').at(-1)!;
const event = (
  reference: string,
  type = 'identity.verified',
  id = `evt_${crypto.randomUUID()}`,
  failureReason?: string,
) => JSON.stringify({ id, type, data: { providerReference: reference, ...(failureReason ? { failureReason } : {}) } });
const attemptRow = async (id: string) =>
  (await t.database.db.select().from(identityVerifications).where(eq(identityVerifications.id, id)))[0]!;

describe('POST /v1/identity-verifications', () => {
  it('needs a signed-in person', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/identity-verifications' });
    expect(response.statusCode).toBe(401);
  });

  it('opens a pending attempt with the provider page, and GET /my says none, then pending', async () => {
    const user = await person();
    expect((await mine(user.accessToken)).json().data).toEqual({ status: 'none', verification: null });

    const response = await start(user.accessToken);
    expect(response.statusCode).toBe(201);
    const verification = response.json().data;
    expect(verification).toMatchObject({ status: 'pending', failureReason: null });
    expect(verification.verificationUrl).toMatch(/\/dev\/identity\/idv_sandbox_[0-9a-f]{24}$/);
    expect((await mine(user.accessToken)).json().data).toEqual({ status: 'pending', verification });

    const page = await t.app.inject({ method: 'GET', url: new URL(verification.verificationUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Upload your ID');
    for (const label of ['Verified', 'Failed (document unreadable)', 'Failed (name mismatch)']) {
      expect(page.body).toContain(`>${label}</button>`);
    }
  });

  it('answers the same pending attempt to a replay, and one attempt to 10 concurrent starts', async () => {
    const user = await person();
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(user.accessToken)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(9).fill(200), 201]);
    const ids = new Set(answers.map((answer) => answer.json().data.id));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((answer) => answer.json().data.verificationUrl)).size).toBe(1);
    const replay = await start(user.accessToken);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.id).toBe([...ids][0]);
    const rows = await t.database.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, user.userId));
    expect(rows).toHaveLength(1);
  });
});

describe('withdrawals need a verified identity', () => {
  it('refuses before any attempt and while pending with IDENTITY_VERIFICATION_REQUIRED, moving nothing', async () => {
    const user = await person(50_000);
    const before = await withdraw(user.accessToken);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({
      code: 'IDENTITY_VERIFICATION_REQUIRED',
      message: errorCatalogue.IDENTITY_VERIFICATION_REQUIRED.message,
    });
    await start(user.accessToken);
    expect((await withdraw(user.accessToken)).json().code).toBe('IDENTITY_VERIFICATION_REQUIRED');
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ withdrawable: 50_000 });
  });

  it('allows the withdrawal once the signed webhook says verified, and a verified person stays verified', async () => {
    const user = await person(50_000);
    const id = await verifyIdentityForTest(t, user.accessToken);
    expect((await mine(user.accessToken)).json().data).toMatchObject({ status: 'verified', verification: { id } });
    const response = await withdraw(user.accessToken);
    expect(response.statusCode).toBe(201);
    expect(await balancesOf(t.database.db, user.userId)).toMatchObject({ withdrawable: 49_000, held: 1000 });
    const again = await start(user.accessToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id, status: 'verified', verificationUrl: null });
  });

  it('after a failure answers IDENTITY_VERIFICATION_FAILED with the reason, and a new attempt can verify', async () => {
    const user = await person(50_000);
    const failedId = await verifyIdentityForTest(t, user.accessToken, 'document_unreadable');
    expect((await mine(user.accessToken)).json().data).toMatchObject({
      status: 'failed',
      verification: { id: failedId, status: 'failed', failureReason: 'document_unreadable', verificationUrl: null },
    });
    // The decision, often long after the provider's page was left, is told beside the withdrawals (session 79's hunt).
    expect((await feedOf(user.accessToken))[0]).toMatchObject({
      kind: 'WITHDRAWAL',
      stage: 'FAILED',
      title: 'Identity check failed',
      linkPath: '/payment?tab=withdraw',
      isRead: false,
    });
    const refused = await withdraw(user.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'IDENTITY_VERIFICATION_FAILED',
      message: errorCatalogue.IDENTITY_VERIFICATION_FAILED.message,
    });
    // The closed attempt's page is gone; a resubmission is a new attempt (a new row).
    const closed = await t.app.inject({
      method: 'GET',
      url: `/dev/identity/${(await attemptRow(failedId)).providerReference}`,
    });
    expect(closed.statusCode).toBe(404);
    const resubmitted = await start(user.accessToken);
    expect(resubmitted.statusCode).toBe(201);
    expect(resubmitted.json().data.id).not.toBe(failedId);
    // While the new attempt is pending, the person is asked to finish it, no longer told it failed.
    expect((await withdraw(user.accessToken)).json().code).toBe('IDENTITY_VERIFICATION_REQUIRED');

    await verifyIdentityForTest(t, user.accessToken);
    expect((await feedOf(user.accessToken))[0]).toMatchObject({
      stage: 'SUCCESSFUL',
      title: 'Identity verified',
      body: 'Your identity is verified: you can withdraw from your balance.',
    });
    expect((await withdraw(user.accessToken)).statusCode).toBe(201);
    expect((await attemptRow(failedId)).status).toBe('failed');
  });

  it('sends the browser back to the Withdraw tab with the attempt id', async () => {
    const user = await person();
    const { id, verificationUrl } = (await start(user.accessToken)).json().data;
    const chosen = await t.app.inject({
      method: 'POST',
      url: new URL(verificationUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=name_mismatch',
    });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe(`${t.deps.config.publicUrl}/payment?tab=withdraw&identity=${id}`);
    expect((await mine(user.accessToken)).json().data.verification).toMatchObject({ failureReason: 'name_mismatch' });
  });
});

describe('POST /v1/webhooks/identity', () => {
  it('applies a replayed event once, and 10 concurrent deliveries once', async () => {
    const user = await person();
    const { id, verificationUrl } = (await start(user.accessToken)).json().data;
    const reference = referenceOf(verificationUrl);
    const body = event(reference, 'identity.failed', `evt_replay_${id}`, 'name_mismatch');
    const signature = signWebhook(secret, body, t.clock.now());
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(body, signature)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect((await sendWebhook(body, signature)).json()).toEqual({ data: { received: true } });
    const events = await t.database.db.select().from(identityEvents).where(eq(identityEvents.verificationId, id));
    expect(events).toHaveLength(1);
    expect((await feedOf(user.accessToken)).map((notice) => notice.title)).toEqual(['Identity check failed']);
    expect(await attemptRow(id)).toMatchObject({ status: 'failed', failureReason: 'name_mismatch' });

    // A later, different event cannot move a decided attempt: failed is final (the state table).
    const late = event(reference, 'identity.verified');
    expect((await sendWebhook(late, signWebhook(secret, late, t.clock.now()))).statusCode).toBe(200);
    expect((await attemptRow(id)).status).toBe('failed');
  });

  describe('refuses a forged webhook with 400 WEBHOOK_SIGNATURE_INVALID and changes nothing', () => {
    const refusals: Array<[string, (body: string) => [string, string]]> = [
      [
        'a signature made with another secret',
        (body) => [body, signWebhook('someone-else-entirely', body, t.clock.now())],
      ],
      [
        'the payments webhook secret',
        (body) => [body, signWebhook(t.deps.config.payments.webhookSecret ?? 'derived-elsewhere', body, t.clock.now())],
      ],
      [
        'a timestamp older than five minutes',
        (body) => [body, signWebhook(secret, body, new Date(t.clock.now().getTime() - 301_000))],
      ],
      [
        'a body with one byte changed',
        (body) => [body.replace('identity.failed', 'identity.verified'), signWebhook(secret, body, t.clock.now())],
      ],
      ['no signature', (body) => [body, '']],
    ];
    it.each(refusals)('%s', async (_name, tamper) => {
      const user = await person(10_000);
      const { id, verificationUrl } = (await start(user.accessToken)).json().data;
      const [body, signature] = tamper(
        event(referenceOf(verificationUrl), 'identity.failed', undefined, 'name_mismatch'),
      );
      const response = await sendWebhook(body, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
      expect((await attemptRow(id)).status).toBe('pending');
      expect((await withdraw(user.accessToken)).json().code).toBe('IDENTITY_VERIFICATION_REQUIRED');
    });
  });
});

describe('a signed identity event whose text cannot be stored', () => {
  it('is refused in validation with the field named (a NUL character in its id), and changes nothing', async () => {
    const user = await person(10_000);
    const { id, verificationUrl } = (await start(user.accessToken)).json().data;
    const body = event(referenceOf(verificationUrl), 'identity.verified', 'evt_\u0000nul');
    const response = await sendWebhook(body, signWebhook(secret, body, t.clock.now()));
    expect([response.statusCode, response.json()]).toEqual([
      400,
      {
        code: 'INVALID_REQUEST',
        message: errorCatalogue.INVALID_REQUEST.message,
        details: [{ field: 'id', message: expect.stringContaining('NUL character') }],
      },
    ]);
    expect((await attemptRow(id)).status).toBe('pending');
  });
});

describe('without an identity provider (production, no real adapter yet)', () => {
  it('answers IDENTITY_PROVIDER_UNAVAILABLE (502) and records nothing', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const user = await activeUser(production);
      const response = await production.app.inject({
        method: 'POST',
        url: '/v1/identity-verifications',
        headers: bearer(user.accessToken),
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        code: 'IDENTITY_PROVIDER_UNAVAILABLE',
        message: errorCatalogue.IDENTITY_PROVIDER_UNAVAILABLE.message,
      });
      expect(await production.database.db.select().from(identityVerifications)).toHaveLength(0);
      const page = await production.app.inject({ method: 'GET', url: '/dev/identity/idv_sandbox_x' });
      expect(page.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
