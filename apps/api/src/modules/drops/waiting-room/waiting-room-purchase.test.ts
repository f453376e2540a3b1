import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@cypher/contract';
import { newId } from '../../../lib/ids.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { fastBuyer, freshAccessToken, fundedBuyer, insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { balancesOf } from '../../../testing/wallet-helpers.ts';
import { callWaitingRoom, insertRoundWithWaitingRoom } from '../../../testing/waiting-room-fixtures.ts';
import { orders } from '../../orders/orders.tables.ts';
import { timeOutOrders } from '../../orders/time-out-orders.ts';
import { signAdmission } from './admission-tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

function purchase(
  accessToken: string,
  dropId: string,
  options: { admissionToken?: string; paymentMethod?: 'BALANCE' | 'CARD'; key?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/v2/orders',
    headers: { ...bearer(accessToken), 'idempotency-key': options.key ?? newId() },
    payload: {
      dropId,
      quantity: 1,
      paymentMethod: options.paymentMethod ?? 'BALANCE',
      ...(options.admissionToken === undefined ? {} : { admissionToken: options.admissionToken }),
    },
  });
}

const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

/**
 * A round with a waiting room (one admission a second, each lasting a minute) that two funded buyers joined before
 * it opened; the clock at the opening, and each buyer's place. The first in line is admitted at once, the second a
 * second later.
 */
async function admittedPair() {
  const room = await insertRoundWithWaitingRoom(t, { opensInMinutes: 10, admitPerMinute: 60, tokenTtlSeconds: 60 });
  const pair = [await fundedBuyer(t, 10_000), await fundedBuyer(t, 10_000)];
  for (const buyer of pair) await callWaitingRoom(t, 'POST', room.dropId, buyer.accessToken);
  t.clock.set(room.opensAt);
  const placed = [];
  for (const buyer of pair) {
    const viewer = (await callWaitingRoom(t, 'GET', room.dropId, buyer.accessToken)).data.viewer!;
    placed.push({ ...buyer, place: viewer.place! });
  }
  placed.sort((a, b) => a.place - b.place);
  const tokenOf = async (buyer: { accessToken: string }) =>
    (await callWaitingRoom(t, 'GET', room.dropId, buyer.accessToken)).data.viewer!.admissionToken;
  return { ...room, first: placed[0]!, second: placed[1]!, tokenOf };
}

describe('POST /v2/orders in a round with a waiting room', () => {
  it('refuses a purchase without an admission (ADMISSION_REQUIRED), charging nothing, and buys with one', async () => {
    const { dropId, first, tokenOf } = await admittedPair();
    const refused = await purchase(first.accessToken, dropId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'ADMISSION_REQUIRED',
      message: 'Join the waiting room to buy in this round.',
    });
    // By card too: nothing is held without an admission.
    expect((await purchase(first.accessToken, dropId, { paymentMethod: 'CARD' })).json().code).toBe(
      'ADMISSION_REQUIRED',
    );
    expect(await ordersOf(first.userId)).toEqual([]);

    const token = await tokenOf(first);
    expect(token).not.toBeNull();
    const bought = await purchase(first.accessToken, dropId, { admissionToken: token! });
    expect(bought.statusCode).toBe(201);
    expect(bought.json().data.status).toBe('SUCCESSFUL');
    expect(await balancesOf(db(), first.userId)).toMatchObject({ withdrawable: 10_000 - 1_050 });
  });

  it('refuses a forged token, someone else’s, another round’s and an expired one (ADMISSION_INVALID)', async () => {
    const { dropId, policyId, first, second, tokenOf } = await admittedPair();
    const firstToken = (await tokenOf(first))!;
    // The second in line is not admitted yet: no token for them.
    expect(await tokenOf(second)).toBeNull();
    const invalid = async (accessToken: string, admissionToken: string) => {
      const answer = await purchase(accessToken, dropId, { admissionToken });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ code: 'ADMISSION_INVALID', message: errorCatalogue.ADMISSION_INVALID.message });
    };
    // Someone else's.
    await invalid(second.accessToken, firstToken);
    // Not ours: garbage, a changed expiry, a signature made with another secret.
    await invalid(first.accessToken, 'let-me-in');
    const [expiresAt, signature] = firstToken.split('.');
    await invalid(first.accessToken, `${Number(expiresAt) + 60_000}.${signature}`);
    await invalid(
      first.accessToken,
      signAdmission('another-secret-that-is-long-enough-for-hs256', {
        userId: first.userId,
        policyId,
        expiresAt: new Date(Number(expiresAt)),
      }),
    );
    // Expired: a minute after the admission, the token is refused, and the room says so.
    t.clock.set(new Date(Number(expiresAt)));
    await invalid(first.accessToken, firstToken);
    expect((await callWaitingRoom(t, 'GET', dropId, first.accessToken)).data.viewer).toMatchObject({
      status: 'EXPIRED',
      admissionToken: null,
    });
    // Another round's: this buyer admitted to a second room's round, which opens a minute later.
    const other = await insertRoundWithWaitingRoom(t, { opensInMinutes: 1 });
    await callWaitingRoom(t, 'POST', other.dropId, first.accessToken);
    t.clock.set(other.opensAt);
    const otherToken = (await callWaitingRoom(t, 'GET', other.dropId, first.accessToken)).data.viewer!.admissionToken;
    expect(otherToken).not.toBeNull();
    await invalid(first.accessToken, otherToken!);
    expect(await ordersOf(first.userId)).toEqual([]);
    expect(await ordersOf(second.userId)).toEqual([]);
  });

  it('does not keep a refusal under the Idempotency-Key: the same key with the admission buys once', async () => {
    const { dropId, first, tokenOf } = await admittedPair();
    const key = newId();
    expect((await purchase(first.accessToken, dropId, { key })).json().code).toBe('ADMISSION_REQUIRED');
    const token = (await tokenOf(first))!;
    const bought = await purchase(first.accessToken, dropId, { key, admissionToken: token });
    expect(bought.statusCode).toBe(201);
    const replay = await purchase(first.accessToken, dropId, { key, admissionToken: token });
    expect(replay.json().data.id).toBe(bought.json().data.id);
    expect(await ordersOf(first.userId)).toHaveLength(1);
  });

  it('admits nobody and takes no one in while every pack is sold or held (SOLD_OUT); a held pack that comes back admits whoever’s turn it is', async () => {
    // One pack; turns last 15 minutes, longer than a card payment's 10-minute hold.
    const room = await insertRoundWithWaitingRoom(t, {
      opensInMinutes: 10,
      packCount: 1,
      admitPerMinute: 60,
      tokenTtlSeconds: 15 * 60,
    });
    const pair = [await fundedBuyer(t, 10_000), await fundedBuyer(t, 10_000)];
    for (const buyer of pair) await callWaitingRoom(t, 'POST', room.dropId, buyer.accessToken);
    t.clock.set(room.opensAt);
    const viewerOf = async (buyer: { accessToken: string }) =>
      (await callWaitingRoom(t, 'GET', room.dropId, buyer.accessToken)).data.viewer!;
    const placed = [];
    for (const buyer of pair) placed.push({ ...buyer, place: (await viewerOf(buyer)).place! });
    const [first, second] = placed.sort((a, b) => a.place - b.place);

    // The first in line pays by card: the round's only pack is held for that payment.
    const held = await purchase(first!.accessToken, room.dropId, {
      admissionToken: (await viewerOf(first!)).admissionToken!,
      paymentMethod: 'CARD',
    });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().data.status).toBe('PENDING');

    // The second's turn comes with nothing on sale: no "your turn", no token, asked again soon.
    t.clock.advance(1_000);
    expect(await viewerOf(second!)).toMatchObject({
      status: 'WAITING',
      place: second!.place,
      admissionToken: null,
      admissionExpiresAt: null,
      pollAfterSeconds: 15,
    });
    const late = await fastBuyer(t);
    const refused = await callWaitingRoom(t, 'POST', room.dropId, late.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'SOLD_OUT', message: errorCatalogue.SOLD_OUT.message });

    // The hold times out and the pack is on sale again: the second, still in their turn, is admitted and buys it;
    // joining is open again until it is sold.
    t.clock.advance(10 * 60_000 + 1);
    expect(await timeOutOrders(db(), t.clock.now(), 10)).toBe(1);
    // Signed in afresh: the clock moved past the access tokens' life.
    const secondNow = { accessToken: await freshAccessToken(t, second!.userId) };
    const admitted = await viewerOf(secondNow);
    expect(admitted).toMatchObject({ status: 'ADMITTED', place: second!.place });
    const lateNow = await freshAccessToken(t, late.userId);
    expect((await callWaitingRoom(t, 'POST', room.dropId, lateNow)).status).toBe(201);
    const bought = await purchase(secondNow.accessToken, room.dropId, { admissionToken: admitted.admissionToken! });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await viewerOf(secondNow)).toMatchObject({ status: 'WAITING', admissionToken: null });
  });

  it('ignores a token in a round without a waiting room', async () => {
    const { dropId } = await insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 2 }] });
    const buyer = await fundedBuyer(t, 10_000);
    const bought = await purchase(buyer.accessToken, dropId, { admissionToken: 'not-needed-here' });
    expect(bought.statusCode).toBe(201);
  });
});
