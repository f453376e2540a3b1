import type { TWaitingRoom } from '@cypher/contract';
import type { Db } from '../db/client.ts';
import { MINUTE_MS } from '../lib/clock.ts';
import { waitingRooms } from '../modules/drops/waiting-room/waiting-room.tables.ts';
import { bearer, uniqueIp } from './auth-helpers.ts';
import { insertLiveDrop } from './drop-fixtures.ts';
import type { TestApp } from './test-app.ts';

export interface TRoomFixture {
  /** The round opens this many minutes from the app clock's now (10 by default). */
  opensInMinutes?: number;
  opensMinutesBefore?: number;
  admitPerMinute?: number;
  tokenTtlSeconds?: number;
  requiresVerifiedPhone?: boolean;
  packCount?: number;
  price?: number;
  whitelistEmails?: string[];
}

/**
 * A live drop whose one round opens in `opensInMinutes` and has a waiting room, written straight to the tables (the
 * console's own tests set rooms through the console). By default people may join at once (the room opens 30 minutes
 * before the round), one person is admitted a second, and an admission lasts 5 minutes.
 */
export async function insertRoundWithWaitingRoom(t: TestApp, fixture: TRoomFixture = {}) {
  const now = t.clock.now();
  const opensInMinutes = fixture.opensInMinutes ?? 10;
  const { dropId, policies } = await insertLiveDrop(t.database.db, {
    now,
    rounds: [
      {
        packCount: fixture.packCount ?? 5,
        price: fixture.price,
        beginsInMinutes: opensInMinutes,
        endsInMinutes: opensInMinutes + 24 * 60,
        whitelistEmails: fixture.whitelistEmails,
      },
    ],
  });
  const policyId = policies[0]!.id;
  await insertWaitingRoom(t.database.db, policyId, fixture, now);
  return { dropId, policyId, round: 1, opensAt: new Date(now.getTime() + opensInMinutes * MINUTE_MS) };
}

export async function insertWaitingRoom(db: Db, policyId: string, fixture: TRoomFixture, now: Date): Promise<void> {
  await db.insert(waitingRooms).values({
    policyId,
    opensMinutesBefore: fixture.opensMinutesBefore ?? 30,
    admitPerMinute: fixture.admitPerMinute ?? 60,
    tokenTtlSeconds: fixture.tokenTtlSeconds ?? 300,
    requiresVerifiedPhone: fixture.requiresVerifiedPhone ?? false,
    createdAt: now,
    updatedAt: now,
  });
}

const roomUrl = (dropId: string, round = 1) => `/v1/drops/${dropId}/rounds/${round}/waiting-room`;

/** POST (join) or GET (poll) the round's waiting room, from an address of its own unless told. */
export async function callWaitingRoom(
  t: TestApp,
  method: 'GET' | 'POST',
  dropId: string,
  accessToken: string | null,
  options: { round?: number; ip?: string } = {},
) {
  const response = await t.app.inject({
    method,
    url: roomUrl(dropId, options.round),
    headers: accessToken ? bearer(accessToken) : {},
    remoteAddress: options.ip ?? uniqueIp(),
  });
  const body = response.json() as { data: TWaitingRoom; code?: string; message?: string };
  return { status: response.statusCode, body, data: body.data };
}
