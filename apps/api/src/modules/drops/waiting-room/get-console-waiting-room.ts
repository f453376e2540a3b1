import { and, eq } from 'drizzle-orm';
import { waitingRoomJoinOpensAt, type TConsoleWaitingRoom } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../../http/operator-guard.ts';
import { drops, salePolicies } from '../drops.tables.ts';
import { waitingRooms, type TWaitingRoomRow } from './waiting-room.tables.ts';

/**
 * Route: GET /v1/console/drops/{dropId}/rounds/{round}/waiting-room · Reads: drops, sale_policies, waiting_rooms ·
 * UI: none yet (the console's drop editor belongs to the round access settings) · Tests: console-waiting-room.test.ts.
 *
 * The round's waiting room as the console sets it (WAITING_ROOM_NOT_FOUND when it has none), for an operator of the
 * drop's brand. Drafts included, so the answer is the same before and after publishing.
 */
export async function getConsoleWaitingRoom(
  db: Db,
  operator: Operator,
  input: { dropId: string; round: number },
): Promise<TConsoleWaitingRoom> {
  const target = await consoleRoundOf(db, operator, input);
  const [room] = await db.select().from(waitingRooms).where(eq(waitingRooms.policyId, target.policyId));
  if (!room) throw new AppError('WAITING_ROOM_NOT_FOUND');
  return consoleWaitingRoom(target, room);
}

export interface TConsoleRound {
  dropId: string;
  policyId: string;
  round: number;
  saleBeginAt: Date;
  isPublished: boolean;
}

/**
 * The drop's round by its number, for an operator of its brand: DROP_NOT_FOUND, ROUND_NOT_FOUND, FORBIDDEN. With
 * `lock`, the round's row is locked against another change of its waiting room at the same moment (no key update: a
 * reminder's foreign key check on the round goes on meanwhile).
 */
export async function consoleRoundOf(
  tx: Db,
  operator: Operator,
  input: { dropId: string; round: number },
  options: { lock?: boolean } = {},
): Promise<TConsoleRound> {
  const [drop] = await tx
    .select({ brandId: drops.brandId, publicationStatus: drops.publicationStatus })
    .from(drops)
    .where(eq(drops.id, input.dropId));
  if (!drop) throw new AppError('DROP_NOT_FOUND');
  assertCanManageBrand(operator, drop.brandId);
  const query = tx
    .select({ id: salePolicies.id, saleBeginAt: salePolicies.saleBeginAt, isGiftRound: salePolicies.isGiftRound })
    .from(salePolicies)
    .where(and(eq(salePolicies.dropId, input.dropId), eq(salePolicies.round, input.round)));
  const [policy] = options.lock ? await query.for('no key update') : await query;
  if (!policy) throw new AppError('ROUND_NOT_FOUND');
  // Its packs are given, never sold: nobody queues for them (decision record 36).
  if (policy.isGiftRound) throw new AppError('GIFT_ROUND_NOT_FOR_SALE');
  return {
    dropId: input.dropId,
    policyId: policy.id,
    round: input.round,
    saleBeginAt: policy.saleBeginAt,
    isPublished: drop.publicationStatus !== 'DRAFT',
  };
}

export function consoleWaitingRoom(target: TConsoleRound, room: TWaitingRoomRow): TConsoleWaitingRoom {
  return {
    dropId: target.dropId,
    policyId: target.policyId,
    round: target.round,
    opensMinutesBefore: room.opensMinutesBefore,
    admitPerMinute: room.admitPerMinute,
    tokenTtlSeconds: room.tokenTtlSeconds,
    requiresVerifiedPhone: room.requiresVerifiedPhone,
    joinOpensAt: waitingRoomJoinOpensAt(target.saleBeginAt, room.opensMinutesBefore).toISOString(),
    saleBeginAt: target.saleBeginAt.toISOString(),
    createdAt: room.createdAt.toISOString(),
    updatedAt: room.updatedAt.toISOString(),
  };
}
