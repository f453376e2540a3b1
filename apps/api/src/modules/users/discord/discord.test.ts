import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, logIn, signUp, verifiedUser } from '../../../testing/auth-helpers.ts';
import { authorizeUrl, createListeningTestApp, pickIdentity } from '../../../testing/oauth-helpers.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { DAY_MS } from '../../../lib/clock.ts';
import { readableUtc } from '../../../lib/readable-utc.ts';
import { discordRoleResets } from './discord.tables.ts';
import { retryPendingRoleResets } from './role-resets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(() => t.close());

const LINK = '/v1/discords/link';
const identities = { pixel: 0, neon: 1, fusion: 2 } as const;

async function connect(accessToken: string, identity: number) {
  const { code, state } = await pickIdentity(t, await authorizeUrl(t, 'discord', accessToken), identity);
  return t.app.inject({ method: 'POST', url: LINK, headers: bearer(accessToken), payload: { code, state } });
}
function disconnect(accessToken: string) {
  return t.app.inject({ method: 'DELETE', url: LINK, headers: bearer(accessToken) });
}
function startConnecting(accessToken?: string) {
  const headers = accessToken ? bearer(accessToken) : {};
  return t.app.inject({ method: 'GET', url: '/v1/users/authentications/oauth/discord', headers });
}
async function myUser(accessToken: string) {
  return (await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) })).json().data;
}

describe('Discord connect', () => {
  it('asks Discord for identify and email, for signed-in users only', async () => {
    expect((await startConnecting()).json().code).toBe('UNAUTHORIZED');
    const user = await verifiedUser(t);
    const url = new URL((await startConnecting(user.accessToken)).json().data.url);
    expect(url.pathname).toBe('/dev/oauth/discord/authorize');
    expect(url.searchParams.get('scope')).toBe('identify email');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.deps.config.publicUrl}/oauth/discord/callback`);
  });

  // Auth hunt of session 64: an account whose email was never verified could start connecting Discord, where it
  // could not check in, redeem or add a second factor.
  it('asks for a verified email first, as checking in and redeeming do', async () => {
    const unverified = await signUp(t);
    const response = await startConnecting(unverified.accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'EMAIL_VERIFICATION_REQUIRED', message: 'Please verify your email.' });
  });

  it('links the Discord account and shows it on the user record', async () => {
    const user = await verifiedUser(t);
    const response = await connect(user.accessToken, identities.pixel);
    expect(response.statusCode).toBe(200);
    const link = { username: 'pixelcollector', linkedAt: t.clock.now().toISOString() };
    expect(response.json().data).toEqual(link);
    expect((await myUser(user.accessToken)).discord).toEqual(link);

    expect((await startConnecting(user.accessToken)).json().code).toBe('DISCORD_ALREADY_CONNECTED');
    const other = await verifiedUser(t);
    const taken = await connect(other.accessToken, identities.pixel);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('DISCORD_LINKED_TO_ANOTHER_ACCOUNT');
  });

  it('refuses a callback carried into another person’s session', async () => {
    const starter = await verifiedUser(t);
    const { code, state } = await pickIdentity(
      t,
      await authorizeUrl(t, 'discord', starter.accessToken),
      identities.neon,
    );
    const intruder = await verifiedUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: LINK,
      headers: bearer(intruder.accessToken),
      payload: { code, state },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('OAUTH_STATE_INVALID');
  });
});

describe('Discord disconnect', () => {
  it('resets the DAO roles, and refuses to reconnect for 14 days, naming when it becomes possible', async () => {
    const user = await verifiedUser(t);
    await connect(user.accessToken, identities.fusion);
    const disconnectedAt = t.clock.now();
    const response = await disconnect(user.accessToken);
    expect(response.statusCode).toBe(200);
    const unlocksAt = new Date(disconnectedAt.getTime() + 14 * DAY_MS);
    expect(response.json().data).toEqual({ reconnectAvailableAt: unlocksAt.toISOString() });
    expect(t.discordRoles.resets).toContain('880000000000000003');
    // The account's own record says so too, for the page to show before anyone tries.
    expect(await myUser(user.accessToken)).toMatchObject({
      discord: null,
      discordReconnectAvailableAt: unlocksAt.toISOString(),
    });

    t.clock.advance(14 * DAY_MS - 60_000);
    // Days later the first access token has long expired: sign in again, as the person would.
    const { accessToken } = (await logIn(t, user.email)).json().data;
    const locked = await startConnecting(accessToken);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({
      code: 'DISCORD_RECONNECT_LOCKED',
      message: `You can connect Discord again from ${readableUtc(unlocksAt)}.`,
      details: [{ field: 'reconnectAvailableAt', message: unlocksAt.toISOString() }],
    });

    t.clock.advance(2 * 60_000);
    expect((await myUser(accessToken)).discordReconnectAvailableAt).toBeNull();
    const again = await connect(accessToken, identities.fusion);
    expect(again.statusCode).toBe(200);
    expect((await myUser(accessToken)).discord.username).toBe('fusionfan');
  });

  it('still disconnects when Discord is unreachable, and the hourly job finishes the role reset', async () => {
    const user = await verifiedUser(t);
    await connect(user.accessToken, identities.neon);
    t.discordRoles.isFailing = true;
    expect((await disconnect(user.accessToken)).statusCode).toBe(200);
    const pending = async () =>
      t.database.db.select().from(discordRoleResets).where(eq(discordRoleResets.discordUserId, '880000000000000002'));
    expect(await pending()).toMatchObject([
      { completedAt: null, attempts: 1, lastError: expect.stringContaining('unreachable') },
    ]);
    expect(t.errorReporter.reports.length).toBeGreaterThan(0);

    t.discordRoles.isFailing = false;
    const deps = { db: t.database.db, clock: t.clock, discordRoles: t.discordRoles };
    expect(await retryPendingRoleResets(deps)).toEqual({ pending: 1, done: 1 });
    expect(await pending()).toMatchObject([{ completedAt: expect.any(Date), attempts: 2, lastError: null }]);
  });

  it('answers DISCORD_NOT_CONNECTED when nothing is connected', async () => {
    const user = await verifiedUser(t);
    const response = await disconnect(user.accessToken);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('DISCORD_NOT_CONNECTED');
  });
});
