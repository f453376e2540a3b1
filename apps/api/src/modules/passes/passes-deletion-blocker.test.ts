import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.ts';
import { activeUser, bearer, requestAccountDeletion } from '../../testing/auth-helpers.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { heldPass } from '../../testing/raffle-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { users } from '../users/users.tables.ts';
import { passes } from './passes.tables.ts';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signUpOperator(t, 'admin')).accessToken;
});
afterAll(() => t.close());

async function collector() {
  const user = await activeUser(t);
  const [{ id }] = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, user.email))) as [
    { id: string },
  ];
  return { ...user, id };
}

async function deleteRequestedAt(userId: string) {
  const [row] = await t.database.db.select({ at: users.deleteRequestedAt }).from(users).where(eq(users.id, userId));
  return row?.at;
}

/** Moves a pass's validity to start and end this many days from now (straight in the table, as time would). */
async function setValidity(passId: string, fromDays: number, untilDays: number) {
  const at = (days: number) => new Date(t.clock.now().getTime() + days * DAY_MS);
  await t.database.db
    .update(passes)
    .set({ validFrom: at(fromDays), validUntil: at(untilDays) })
    .where(eq(passes.id, passId));
}

describe('account deletion while passes remain', () => {
  it('is refused while the person holds a pass valid now, naming it, and nothing is written', async () => {
    const person = await collector();
    await heldPass(t, adminToken, [person.id]);

    const response = await requestAccountDeletion(t, person.accessToken);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ACCOUNT_HAS_ASSETS',
      details: [{ field: 'passes', message: 'You still hold 1 pass that has not ended yet.' }],
    });
    expect(await deleteRequestedAt(person.id)).toBeNull();
    // The sign-in still works: a refused request ends no session.
    const my = await t.app.inject({ method: 'GET', url: '/v1/users/my', headers: bearer(person.accessToken) });
    expect(my.json().data).toMatchObject({ isDeleteRequestedAccount: false });
  });

  it('is refused for a pass not valid yet, and accepted once the only pass held has ended', async () => {
    const person = await collector();
    const { id: passId } = await heldPass(t, adminToken, [person.id]);

    await setValidity(passId, 2, 30);
    const notYet = await requestAccountDeletion(t, person.accessToken);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().details).toEqual([
      { field: 'passes', message: 'You still hold 1 pass that has not ended yet.' },
    ]);

    // Over: it opens nothing any more and is worth nothing, so the account may go.
    await setValidity(passId, -30, -1);
    expect((await requestAccountDeletion(t, person.accessToken)).statusCode).toBe(202);
    expect(await deleteRequestedAt(person.id)).not.toBeNull();
  });
});
