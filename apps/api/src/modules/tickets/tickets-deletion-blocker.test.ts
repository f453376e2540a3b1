import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, requestAccountDeletion } from '../../testing/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { giveTickets, insertTicketKind } from '../../testing/ticket-fixtures.ts';
import { users } from '../users/users.tables.ts';
import { ticketHoldings } from './tickets.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function deleteRequestedAt(userId: string) {
  const [row] = await t.database.db.select({ at: users.deleteRequestedAt }).from(users).where(eq(users.id, userId));
  return row?.at;
}

describe('account deletion while tickets remain', () => {
  it('is refused while the person holds tickets of any kind, naming them, and accepted once none are left', async () => {
    const user = await activeUser(t);
    const [{ id: userId }] = (await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, user.email))) as [{ id: string }];
    const drop = await insertTicketKind(t.database.db);
    const raffle = await insertTicketKind(t.database.db, { price: null });
    await giveTickets(t.database.db, userId, drop.id, 2, t.clock.now());
    await giveTickets(t.database.db, userId, raffle.id, 1, t.clock.now());

    const response = await requestAccountDeletion(t, user.accessToken);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ACCOUNT_HAS_ASSETS',
      details: [{ field: 'tickets', message: 'You still hold 3 tickets.' }],
    });
    expect(await deleteRequestedAt(userId)).toBeNull();

    // Spent (the holding row stays, at 0): nothing is held any more.
    await t.database.db.update(ticketHoldings).set({ count: 0 }).where(eq(ticketHoldings.userId, userId));
    expect((await requestAccountDeletion(t, user.accessToken)).statusCode).toBe(202);
    expect(await deleteRequestedAt(userId)).not.toBeNull();
  });
});
