import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUp, STRONG_PASSWORD, uniqueIp } from '../../testing/auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const phone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const laptop =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function signInFrom(email: string, userAgent: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/users/authentications/login',
    payload: { email, password: STRONG_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: uniqueIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { accessToken: string; refreshToken: string };
}

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, accessToken: string) =>
  t.app.inject({ method, url, headers: bearer(accessToken) });

const me = (accessToken: string) => send('GET', '/v1/users/my', accessToken);

describe('my sign-ins', () => {
  it('lists the ones still going, this one first, each with its device', async () => {
    const person = await signUp(t);
    t.clock.advance(1_000);
    const onPhone = await signInFrom(person.email, phone);
    t.clock.advance(1_000);
    const onLaptop = await signInFrom(person.email, laptop);

    const listed = await send('GET', '/v1/users/sessions', onPhone.accessToken);
    expect(listed.statusCode, listed.body).toBe(200);
    const { items, total } = listed.json().data;
    expect(total).toBe(3);
    expect(items.map((item: { device: string; isCurrent: boolean }) => [item.device, item.isCurrent])).toEqual([
      ['Safari on iPhone', true],
      ['Chrome on macOS', false],
      ['An unknown device', false],
    ]);
    expect(items[1].lastActiveAt).toBe(items[1].signedInAt);

    // Someone else's sign-ins are not among them, nor can they be ended by id.
    const stranger = await signUp(t);
    const theirs = (await send('GET', '/v1/users/sessions', stranger.accessToken)).json().data;
    expect(theirs.total).toBe(1);
    const refused = await send('DELETE', `/v1/users/sessions/${items[1].id}`, stranger.accessToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('SESSION_NOT_FOUND');
    expect((await me(onLaptop.accessToken)).statusCode).toBe(200);
  });

  it('ends one from another device at once: its tokens stop working and it leaves the list', async () => {
    const person = await signUp(t);
    const onPhone = await signInFrom(person.email, phone);
    const lost = await signInFrom(person.email, laptop);
    const lostId = (await send('GET', '/v1/users/sessions', lost.accessToken)).json().data.items[0].id as string;

    const ended = await send('DELETE', `/v1/users/sessions/${lostId}`, onPhone.accessToken);
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await me(lost.accessToken)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/v1/users/authentications/auth-refresh',
      headers: bearer(lost.refreshToken),
    });
    expect(refresh.statusCode).toBe(401);
    const left = (await send('GET', '/v1/users/sessions', onPhone.accessToken)).json().data;
    expect(left.items.map((item: { id: string }) => item.id)).not.toContain(lostId);

    const again = await send('DELETE', `/v1/users/sessions/${lostId}`, onPhone.accessToken);
    expect(again.json()).toEqual({ code: 'SESSION_NOT_FOUND', message: 'This device is already signed out.' });
  });

  it('ends every other one and keeps this one', async () => {
    const person = await signUp(t);
    const others = [await signInFrom(person.email, laptop), await signInFrom(person.email, laptop)];
    const here = await signInFrom(person.email, phone);

    const ended = await send('POST', '/v1/users/sessions/end-others', here.accessToken);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toEqual({ endedCount: 3 });
    for (const other of [person, ...others]) expect((await me(other.accessToken)).statusCode).toBe(401);
    expect((await me(here.accessToken)).statusCode).toBe(200);
    const left = (await send('GET', '/v1/users/sessions', here.accessToken)).json().data;
    expect(left).toMatchObject({ total: 1, items: [{ isCurrent: true, device: 'Safari on iPhone' }] });
    expect((await send('POST', '/v1/users/sessions/end-others', here.accessToken)).json().data).toEqual({
      endedCount: 0,
    });
  });

  it('signs out when the one ended is this one', async () => {
    const person = await signUp(t);
    const list = (await send('GET', '/v1/users/sessions', person.accessToken)).json().data;
    const ended = await send('DELETE', `/v1/users/sessions/${list.items[0].id}`, person.accessToken);
    expect(ended.statusCode).toBe(204);
    expect((await me(person.accessToken)).statusCode).toBe(401);
  });
  it('lists the others by their latest use, and counts only those still going when ending them', async () => {
    const person = await signUp(t);
    t.clock.advance(1_000);
    const older = await signInFrom(person.email, phone);
    t.clock.advance(1_000);
    await signInFrom(person.email, laptop);
    t.clock.advance(1_000);
    // The older sign-in is used again (its token refreshed): it is now the latest active of the others.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/users/authentications/auth-refresh',
      headers: bearer(older.refreshToken),
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const here = await signInFrom(person.email, laptop);
    const listed = (await send('GET', '/v1/users/sessions', here.accessToken)).json().data.items;
    expect(listed.map((item: { device: string }) => item.device)).toEqual([
      'Chrome on macOS',
      'Safari on iPhone',
      'Chrome on macOS',
      'An unknown device',
    ]);
    expect(listed[1].lastActiveAt).not.toBe(listed[1].signedInAt);

    // Past their lifetime, sign-ins are gone from the list and from the count of what was ended.
    const later = await signUp(t);
    t.clock.advance(31 * 24 * 60 * 60_000);
    const now = await signInFrom(later.email, phone);
    expect((await send('GET', '/v1/users/sessions', now.accessToken)).json().data.total).toBe(1);
    expect((await send('POST', '/v1/users/sessions/end-others', now.accessToken)).json().data).toEqual({
      endedCount: 0,
    });
  });
});
