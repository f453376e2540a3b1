import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { fastBuyer } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { notify } from './notify.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Notifies the person `count` times, a minute apart, through the one function every module notifies with. */
async function notifyTimes(userId: string, count: number) {
  for (let n = 1; n <= count; n += 1) {
    t.clock.advance(MINUTE_MS);
    await inTransaction(t.database.db, (tx) =>
      notify(tx, {
        userId,
        kind: 'PURCHASE',
        stage: 'SUCCESSFUL',
        title: `Notice ${n}`,
        body: `Body ${n}`,
        linkPath: `/purchase/${n}/status`,
        referenceId: null,
        now: t.clock.now(),
      }),
    );
  }
}

const page = async (accessToken: string, query = '') =>
  (await t.app.inject({ method: 'GET', url: `/v1/notifications${query}`, headers: bearer(accessToken) })).json().data;

describe('GET /v1/notifications', () => {
  it('lists mine newest first, a page at a time by cursor, with the unread count; nobody else sees them', async () => {
    const person = await fastBuyer(t);
    await notifyTimes(person.userId, 5);
    const first = await page(person.accessToken, '?size=3');
    expect(first.items.map((item: { title: string }) => item.title)).toEqual(['Notice 5', 'Notice 4', 'Notice 3']);
    expect(first).toMatchObject({ unreadCount: 5, nextCursor: expect.any(String) });
    expect(first.items[0]).toMatchObject({
      kind: 'PURCHASE',
      stage: 'SUCCESSFUL',
      linkPath: '/purchase/5/status',
      isRead: false,
    });
    // A notice arriving between the pages neither repeats an item nor hides one.
    await notifyTimes(person.userId, 1);
    const second = await page(person.accessToken, `?size=3&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(second.items.map((item: { title: string }) => item.title)).toEqual(['Notice 2', 'Notice 1']);
    expect(second.nextCursor).toBeNull();

    const stranger = await fastBuyer(t);
    expect(await page(stranger.accessToken)).toEqual({ items: [], nextCursor: null, unreadCount: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/v1/notifications' })).statusCode).toBe(401);
  });

  it('are marked read one by one or all at once, and only by their owner', async () => {
    const person = await fastBuyer(t);
    await notifyTimes(person.userId, 2);
    const before = await page(person.accessToken);
    expect(before.unreadCount).toBe(2);
    const read = await t.app.inject({
      method: 'POST',
      url: `/v1/notifications/${before.items[0].id}/read`,
      headers: bearer(person.accessToken),
    });
    expect(read.statusCode).toBe(204);
    expect((await page(person.accessToken)).unreadCount).toBe(1);

    const stranger = await fastBuyer(t);
    const notMine = await t.app.inject({
      method: 'POST',
      url: `/v1/notifications/${before.items[1].id}/read`,
      headers: bearer(stranger.accessToken),
    });
    expect(notMine.json().code).toBe('NOTIFICATION_NOT_FOUND');
    expect((await page(person.accessToken)).unreadCount).toBe(1);

    await t.app.inject({ method: 'POST', url: '/v1/notifications/read-all', headers: bearer(person.accessToken) });
    const after = await page(person.accessToken);
    expect(after.unreadCount).toBe(0);
    expect(after.items.every((item: { isRead: boolean }) => item.isRead)).toBe(true);
  });
});
