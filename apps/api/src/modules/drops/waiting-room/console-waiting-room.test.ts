import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, type TConsoleWaitingRoom } from '@cypher/contract';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { MINUTE_MS } from '../../../lib/clock.ts';
import { bearer } from '../../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../../testing/catalog-fixtures.ts';
import { dropRequest } from '../../../testing/console-drop-fixtures.ts';
import { fastBuyer, freshAccessToken, insertLiveDrop } from '../../../testing/drop-fixtures.ts';
import { signUpOperator } from '../../../testing/operator-helpers.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { callWaitingRoom } from '../../../testing/waiting-room-fixtures.ts';
import { DRAW_WAITING_ROOM_AT_OPENING_JOB, drawOpenedWaitingRooms } from './assign-waiting-room-places.ts';
import { waitingRoomEntries } from './waiting-room.tables.ts';

const sent: { name: string; options: unknown }[] = [];
const recordingJobs: JobQueue = {
  async send(name, _data, options) {
    sent.push({ name, options });
    return 'job';
  },
};

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await createTestApp({ jobs: () => recordingJobs });
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const roomPath = (dropId: string, round = 1) => `/v1/console/drops/${dropId}/rounds/${round}/waiting-room`;

async function call(token: string | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
  const body = response.statusCode === 204 ? null : (response.json() as { data: TConsoleWaitingRoom; code?: string });
  return { status: response.statusCode, body, data: body?.data, code: body?.code };
}

/** A published drop whose round 1 opens in `opensInMinutes` (two hours by default). */
async function publishedRound(opensInMinutes = 120) {
  const { dropId, brand, policies } = await insertLiveDrop(db(), {
    now: t.clock.now(),
    rounds: [{ packCount: 3, beginsInMinutes: opensInMinutes, endsInMinutes: opensInMinutes + 60 }],
  });
  return {
    dropId,
    brandId: brand.id,
    policyId: policies[0]!.id,
    opensAt: t.clock.now().getTime() + opensInMinutes * MINUTE_MS,
  };
}

async function consoleRounds(dropId: string): Promise<{ hasWaitingRoom: boolean; isRaffle: boolean }[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/console/drops/${dropId}`,
    headers: bearer(admin.accessToken),
  });
  return response.json().data.rounds;
}

async function auditOf(dropId: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v1/console/audit-log?entityType=drop&entityId=${dropId}`,
    headers: bearer(admin.accessToken),
  });
  return (
    response.json().data.items as {
      action: string;
      actor: { id: string };
      entityName: string | null;
      before: unknown;
      after: unknown;
    }[]
  ).reverse();
}

describe('the console’s waiting room of a round', () => {
  it('sets it (201, with the defaults), changes it (200), shows it, removes it (204), each change audited', async () => {
    const { dropId, policyId, opensAt } = await publishedRound();
    const created = await call(admin.accessToken, 'PUT', roomPath(dropId), { admitPerMinute: 600 });
    expect(created.status).toBe(201);
    const now = t.clock.now().toISOString();
    const expected = {
      dropId,
      policyId,
      round: 1,
      opensMinutesBefore: 30,
      admitPerMinute: 600,
      tokenTtlSeconds: 300,
      requiresVerifiedPhone: false,
      joinOpensAt: new Date(opensAt - 30 * MINUTE_MS).toISOString(),
      saleBeginAt: new Date(opensAt).toISOString(),
      createdAt: now,
      updatedAt: now,
    };
    expect(created.data).toEqual(expected);
    // The draw is queued for the round's opening, one job per round.
    expect(sent.at(-1)).toEqual({
      name: DRAW_WAITING_ROOM_AT_OPENING_JOB,
      options: { startAfter: new Date(opensAt), singletonKey: policyId },
    });

    t.clock.advance(1_000);
    const changed = await call(admin.accessToken, 'PUT', roomPath(dropId), {
      opensMinutesBefore: 15,
      admitPerMinute: 100,
      tokenTtlSeconds: 120,
      requiresVerifiedPhone: true,
    });
    expect(changed.status).toBe(200);
    const after = {
      ...expected,
      opensMinutesBefore: 15,
      admitPerMinute: 100,
      tokenTtlSeconds: 120,
      requiresVerifiedPhone: true,
      joinOpensAt: new Date(opensAt - 15 * MINUTE_MS).toISOString(),
      updatedAt: t.clock.now().toISOString(),
    };
    expect(changed.data).toEqual(after);
    expect((await call(admin.accessToken, 'GET', roomPath(dropId))).data).toEqual(after);
    expect((await callWaitingRoom(t, 'GET', dropId, null)).data).toMatchObject({
      hasWaitingRoom: true,
      joinOpensAt: after.joinOpensAt,
      admitPerMinute: 100,
      requiresVerifiedPhone: true,
    });
    // The console's drop says which rounds have a room, so its page asks only for those.
    expect((await consoleRounds(dropId)).map((round) => round.hasWaitingRoom)).toEqual([true]);

    expect((await call(admin.accessToken, 'DELETE', roomPath(dropId))).status).toBe(204);
    expect((await call(admin.accessToken, 'GET', roomPath(dropId))).code).toBe('WAITING_ROOM_NOT_FOUND');
    expect((await call(admin.accessToken, 'DELETE', roomPath(dropId))).code).toBe('WAITING_ROOM_NOT_FOUND');
    expect((await callWaitingRoom(t, 'GET', dropId, null)).data.hasWaitingRoom).toBe(false);
    expect((await consoleRounds(dropId)).map((round) => round.hasWaitingRoom)).toEqual([false]);

    expect(await auditOf(dropId)).toMatchObject([
      { ...auditEntry(), before: { round: 1, waitingRoom: null }, after: { round: 1, waitingRoom: expected } },
      { ...auditEntry(), before: { round: 1, waitingRoom: expected }, after: { round: 1, waitingRoom: after } },
      { ...auditEntry(), before: { round: 1, waitingRoom: after }, after: { round: 1, waitingRoom: null } },
    ]);
  });

  it('refuses any change once people may join, and a new room that would already be open (WAITING_ROOM_LOCKED)', async () => {
    const { dropId, opensAt } = await publishedRound(120);
    // Opening 3 hours ahead of a round 2 hours away would have opened an hour ago.
    const tooLate = await call(admin.accessToken, 'PUT', roomPath(dropId), {
      admitPerMinute: 60,
      opensMinutesBefore: 180,
    });
    expect([tooLate.status, tooLate.code]).toEqual([409, 'WAITING_ROOM_LOCKED']);
    // The operator need not guess a shorter lead: the refusal names the longest that fits, under the field.
    const longest = 'The round opens too soon for that: the waiting room can open at most 119 minutes before it.';
    expect(tooLate.body).toMatchObject({
      message: longest,
      details: [{ field: 'opensMinutesBefore', message: longest }],
    });
    expect((await call(admin.accessToken, 'PUT', roomPath(dropId), { admitPerMinute: 60 })).status).toBe(201);

    const start = t.clock.now();
    t.clock.set(new Date(opensAt - 30 * MINUTE_MS));
    try {
      const token = await freshAccessToken(t, admin.userId);
      const locked = await call(token, 'PUT', roomPath(dropId), { admitPerMinute: 120 });
      expect(locked).toMatchObject({ status: 409, code: 'WAITING_ROOM_LOCKED' });
      expect((await call(token, 'DELETE', roomPath(dropId))).code).toBe('WAITING_ROOM_LOCKED');
      expect((await call(token, 'GET', roomPath(dropId))).data!.admitPerMinute).toBe(60);
    } finally {
      t.clock.set(start);
    }
    // A round already on sale takes no room at all, nor one that has ended, whatever the lead: the catalogue's words.
    const live = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 2 }, { packCount: 2, beginsInMinutes: -120, endsInMinutes: -60 }],
    });
    for (const round of [1, 2]) {
      const refused = await call(admin.accessToken, 'PUT', roomPath(live.dropId, round), {
        admitPerMinute: 60,
        opensMinutesBefore: 1,
      });
      expect(refused.body).toEqual({
        code: 'WAITING_ROOM_LOCKED',
        message: errorCatalogue.WAITING_ROOM_LOCKED.message,
      });
    }
  });

  it('waits for the drop to be published, and names what it cannot find', async () => {
    const brandId = (await insertBrand(db())).id;
    const product = await insertProduct(db(), brandId, { rarity: 'COMMON' });
    const draft = await t.app.inject({
      method: 'POST',
      url: '/v1/console/drops',
      headers: bearer(admin.accessToken),
      // One pack of one edition: within the product's edition size.
      payload: dropRequest(brandId, [product.id], t.clock.now(), {
        editionsPerPack: 1,
        rounds: [{ ...dropRequest(brandId, [], t.clock.now()).rounds[0]!, packCount: 1 }],
      }),
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const draftId = draft.json().data.id as string;
    expect(await call(admin.accessToken, 'PUT', roomPath(draftId), { admitPerMinute: 60 })).toMatchObject({
      status: 409,
      code: 'WAITING_ROOM_DROP_NOT_PUBLISHED',
    });
    expect((await call(admin.accessToken, 'PUT', roomPath(draftId, 7), { admitPerMinute: 60 })).code).toBe(
      'ROUND_NOT_FOUND',
    );
    expect(
      (await call(admin.accessToken, 'PUT', roomPath('0190a0a0-0000-7000-8000-000000000000'), { admitPerMinute: 60 }))
        .code,
    ).toBe('DROP_NOT_FOUND');
  });

  it('checks its settings against the contract (400 INVALID_REQUEST)', async () => {
    const { dropId } = await publishedRound();
    for (const payload of [
      {},
      { admitPerMinute: 0 },
      { admitPerMinute: 60_001 },
      { admitPerMinute: 60, opensMinutesBefore: 0 },
      { admitPerMinute: 60, tokenTtlSeconds: 10 },
      { admitPerMinute: 1.5 },
      { admitPerMinute: 60, surprise: true },
    ]) {
      const refused = await call(admin.accessToken, 'PUT', roomPath(dropId), payload);
      expect([refused.status, refused.code]).toEqual([400, 'INVALID_REQUEST']);
    }
  });

  it('lets brand managers set rooms of their brand only, and nobody else', async () => {
    const { dropId, brandId } = await publishedRound();
    const manager = await signUpOperator(t, 'brand_manager', brandId);
    const stranger = await signUpOperator(t, 'brand_manager', (await insertBrand(db())).id);
    const collector = await fastBuyer(t);
    expect((await call(null, 'PUT', roomPath(dropId), { admitPerMinute: 60 })).status).toBe(401);
    expect((await call(collector.accessToken, 'PUT', roomPath(dropId), { admitPerMinute: 60 })).status).toBe(403);
    expect((await call(stranger.accessToken, 'PUT', roomPath(dropId), { admitPerMinute: 60 })).code).toBe('FORBIDDEN');
    expect((await call(stranger.accessToken, 'GET', roomPath(dropId))).code).toBe('FORBIDDEN');
    expect((await call(manager.accessToken, 'PUT', roomPath(dropId), { admitPerMinute: 60 })).status).toBe(201);
    expect((await call(stranger.accessToken, 'DELETE', roomPath(dropId))).code).toBe('FORBIDDEN');
    expect((await call(manager.accessToken, 'DELETE', roomPath(dropId))).status).toBe(204);
  });
});

describe('the draw at the opening (the jobs)', () => {
  it('draws every room whose round has opened, once', async () => {
    const { dropId, policyId, opensAt } = await publishedRound(5);
    expect(
      (await call(admin.accessToken, 'PUT', roomPath(dropId), { admitPerMinute: 60, opensMinutesBefore: 2 })).status,
    ).toBe(201);
    t.clock.set(new Date(opensAt - 2 * MINUTE_MS));
    for (let n = 0; n < 3; n += 1) {
      const fan = await fastBuyer(t);
      expect((await callWaitingRoom(t, 'POST', dropId, fan.accessToken)).status).toBe(201);
    }
    const unplaced = () =>
      db()
        .select()
        .from(waitingRoomEntries)
        .where(eq(waitingRoomEntries.policyId, policyId))
        .then((rows) => rows.filter((row) => row.place === null).length);
    expect(await drawOpenedWaitingRooms(db(), new Date(opensAt - 1))).toBe(0);
    expect(await unplaced()).toBe(3);
    expect(await drawOpenedWaitingRooms(db(), new Date(opensAt))).toBe(1);
    expect(await unplaced()).toBe(0);
    expect(await drawOpenedWaitingRooms(db(), new Date(opensAt + 60_000))).toBe(0);
  });
});

function auditEntry() {
  // Named by its drop (the record holds the room alone), not by the drop's id.
  return { action: 'update', actor: expect.objectContaining({ id: admin.userId }), entityName: expect.any(String) };
}
