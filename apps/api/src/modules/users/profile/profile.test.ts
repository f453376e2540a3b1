import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nicknameMessages } from '@cypher/contract';
import { activeUser, bearer, signUp, uniqueNickname, verifiedUser } from '../../../testing/auth-helpers.ts';
import { multipartBody } from '../../../testing/multipart.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { users } from '../users.tables.ts';

let t: TestApp;
let photo: Buffer;
let background: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#a78bfa' } });
  photo = await solid(80, 80).png().toBuffer();
  background = await solid(1500, 400).jpeg().toBuffer();
});
afterAll(() => t.close());

async function uploaded(accessToken: string, kind: 'photo' | 'background', bytes: Buffer): Promise<string> {
  const body = multipartBody([{ name: 'file', filename: `${kind}.png`, content: bytes }]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/users/media/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(accessToken) },
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().data.url;
}
function createProfile(accessToken: string, payload: object) {
  return t.app.inject({ method: 'POST', url: '/v1/users/profile', headers: bearer(accessToken), payload });
}
function editProfile(accessToken: string, payload: object) {
  return t.app.inject({ method: 'PATCH', url: '/v1/users/profile', headers: bearer(accessToken), payload });
}
async function myUser(accessToken: string) {
  return (await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(accessToken) })).json().data;
}

describe('POST /v1/users/profile', () => {
  it('creates the profile with an uploaded photo and moves the account from EMAIL_VERIFIED to ACTIVE', async () => {
    const user = await verifiedUser(t);
    expect((await myUser(user.accessToken)).status).toBe('EMAIL_VERIFIED');
    const photoUrl = await uploaded(user.accessToken, 'photo', photo);
    const nickname = uniqueNickname('Collector');
    const response = await createProfile(user.accessToken, { nickname, photoUrl, marketingConsent: true });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ nickname, photoUrl, marketingConsent: true, status: 'ACTIVE' });

    const twice = await createProfile(user.accessToken, { nickname: uniqueNickname() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PROFILE_ALREADY_CREATED');
  });

  it('keeps the marketing consent given at sign-up when the creation does not name it, and changes it when it does', async () => {
    const kept = await verifiedUser(t);
    const changed = await verifiedUser(t);
    // As if each had ticked "Send me news" on the sign-up form.
    await t.database.db
      .update(users)
      .set({ marketingConsent: true })
      .where(inArray(users.email, [kept.email, changed.email]));

    expect((await createProfile(kept.accessToken, { nickname: uniqueNickname() })).statusCode).toBe(201);
    expect(await myUser(kept.accessToken)).toMatchObject({ marketingConsent: true, status: 'ACTIVE' });
    const optedOut = await createProfile(changed.accessToken, { nickname: uniqueNickname(), marketingConsent: false });
    expect(optedOut.json().data).toMatchObject({ marketingConsent: false, status: 'ACTIVE' });
  });

  it('is refused before the email is verified', async () => {
    const user = await signUp(t);
    const response = await createProfile(user.accessToken, { nickname: uniqueNickname() });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'EMAIL_VERIFICATION_REQUIRED', message: 'Please verify your email.' });
    expect((await myUser(user.accessToken)).status).toBe('CREATED');
  });

  it('refuses nicknames that are not 3 to 30 letters', async () => {
    const user = await verifiedUser(t);
    const cases: [string, string][] = [
      ['Collector7', nicknameMessages.lettersOnly],
      ['Neo Tokyo', nicknameMessages.lettersOnly],
      ['Zoë', nicknameMessages.lettersOnly],
      ['Al', nicknameMessages.length],
      ['A'.repeat(31), nicknameMessages.length],
    ];
    for (const [nickname, message] of cases) {
      const response = await createProfile(user.accessToken, { nickname });
      expect(response.statusCode, nickname).toBe(400);
      expect(response.json().details, nickname).toContainEqual({ field: 'nickname', message });
    }
    expect((await myUser(user.accessToken)).status).toBe('EMAIL_VERIFIED');
  });

  it('refuses a taken nickname whatever its case, and leaves the account where it was', async () => {
    const first = await activeUser(t, uniqueNickname('Nebula'));
    const second = await verifiedUser(t);
    const response = await createProfile(second.accessToken, { nickname: first.nickname.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'NICKNAME_ALREADY_EXISTS',
      message: 'This nickname already exists. Please choose another one.',
    });
    expect((await myUser(second.accessToken)).status).toBe('EMAIL_VERIFIED');
  });

  it('accepts only the user’s own photo uploads: MEDIA_NOT_FOUND otherwise', async () => {
    const owner = await verifiedUser(t);
    const ownersPhoto = await uploaded(owner.accessToken, 'photo', photo);
    const ownersBackground = await uploaded(owner.accessToken, 'background', background);
    const other = await verifiedUser(t);
    for (const photoUrl of [
      ownersPhoto,
      '/uploads/0123456789abcdef0123456789abcdef.png',
      'https://example.com/me.png',
    ]) {
      const response = await createProfile(other.accessToken, { nickname: uniqueNickname(), photoUrl });
      expect(response.statusCode, photoUrl).toBe(404);
      expect(response.json()).toEqual({ code: 'MEDIA_NOT_FOUND', message: 'Media file does not exist.' });
    }
    // A background was checked against the background rules, not the photo ones.
    const wrongKind = await createProfile(owner.accessToken, {
      nickname: uniqueNickname(),
      photoUrl: ownersBackground,
    });
    expect(wrongKind.json().code).toBe('MEDIA_NOT_FOUND');
  });
});

describe('PATCH /v1/users/profile', () => {
  it('changes only what is sent: nickname, photo, background, consent; null removes an image', async () => {
    const user = await activeUser(t);
    const photoUrl = await uploaded(user.accessToken, 'photo', photo);
    const backgroundUrl = await uploaded(user.accessToken, 'background', background);
    const nickname = uniqueNickname('Renamed');
    const edited = await editProfile(user.accessToken, { nickname, photoUrl, backgroundUrl, marketingConsent: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ nickname, photoUrl, backgroundUrl, marketingConsent: true });

    const removed = await editProfile(user.accessToken, { photoUrl: null });
    expect(removed.json().data).toMatchObject({ nickname, photoUrl: null, backgroundUrl, marketingConsent: true });
    const publicView = await t.app.inject({ method: 'GET', url: `/v1/users/${removed.json().data.id}` });
    expect(publicView.json().data).toMatchObject({ nickname, photoUrl: null, backgroundUrl });
  });

  it('keeps one’s own nickname in another case, and refuses someone else’s', async () => {
    const user = await activeUser(t, uniqueNickname('Orbit'));
    const recased = await editProfile(user.accessToken, { nickname: user.nickname.toLowerCase() });
    expect(recased.json().data.nickname).toBe(user.nickname.toLowerCase());
    const other = await activeUser(t);
    const taken = await editProfile(other.accessToken, { nickname: user.nickname.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('NICKNAME_ALREADY_EXISTS');
  });

  it('needs a created profile, and at least one field', async () => {
    const verified = await verifiedUser(t);
    const early = await editProfile(verified.accessToken, { marketingConsent: true });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('PROFILE_REQUIRED');
    const user = await activeUser(t);
    expect((await editProfile(user.accessToken, {})).statusCode).toBe(400);
    const digits = await editProfile(user.accessToken, { nickname: 'Agent007' });
    expect(digits.json().details).toContainEqual({ field: 'nickname', message: nicknameMessages.lettersOnly });
  });
});
