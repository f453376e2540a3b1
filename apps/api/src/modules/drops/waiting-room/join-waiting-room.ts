import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { TWaitingRoom } from '@cypher/contract';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { consumeRateLimit, type RateLimit } from '../../../http/rate-limit/rate-limiter.ts';
import { hasVerifiedPhone } from '../../users/verified-phones.ts';
import { verifiedEmailOf } from '../../users/verified-emails.ts';
import { whitelistedEmails } from '../get-sale-drop.ts';
import { joinClosesAt, visibleRound, waitingRoomAnswer, type TWaitingRoomDeps } from './get-waiting-room.ts';
import { waitingRoomOf } from './round-waiting-room.ts';
import { waitingRoomEntries } from './waiting-room.tables.ts';
import { isRoundSoldOutNow, placedEntryOf, waitingRoomViewer } from './waiting-room-viewer.ts';

/**
 * Joins per address and minute. Each account joins a round once, so this is about one machine making many accounts
 * join: a household or a campus behind one address still gets through.
 */
const joinsPerIp: RateLimit = { name: 'waiting-room-join-ip', limit: 30, windowMs: 60_000 };

/**
 * Route: POST /v1/drops/{dropId}/rounds/{round}/waiting-room · Writes: waiting_room_entries (the caller's own row) ·
 * Reads: the published drop (kept in memory), the room, packs (whether one is unclaimed, after the opening), users
 * (verified address and phone, through their owner), sale_policy_whitelist · UI:
 * features/drops/components/waiting-room-panel.tsx · Tests: waiting-room.test.ts, waiting-room-purchase.test.ts.
 *
 * "Join the waiting room": from `opensMinutesBefore` ahead of the round until it ends. One entry per person and round
 * (the key), so asking again, or twenty times at once, finds the same entry (200) instead of making one (201).
 * A round with no pack on sale (every pack sold, or held for a payment) takes nobody: SOLD_OUT.
 * Bot defences, each with its own code: a per-address rate limit (REQUEST_MAXIMUN), a verified email
 * (EMAIL_VERIFICATION_REQUIRED), a verified phone when the room asks for one (PHONE_VERIFICATION_REQUIRED), and a
 * whitelist round takes only people on its list (NOT_WHITELISTED).
 *
 * The entry gets a random key (16 bytes from the cryptographic generator), which alone decides the place of everyone
 * who joined before the opening; after it, the arrival order does. A person whose admission expired unused may join
 * again: their entry starts over at the back of the line, as a new arrival (201).
 */
export async function joinWaitingRoom(
  deps: TWaitingRoomDeps,
  input: { dropId: string; round: number; userId: string; ip: string },
): Promise<{ waitingRoom: TWaitingRoom; isCreated: boolean }> {
  await consumeRateLimit(deps.rateLimiter, joinsPerIp, input.ip);
  const now = deps.clock.now();
  const { drop, round } = await visibleRound(deps.db, input.dropId, input.round, now);
  const room = await waitingRoomOf(deps.db, round.id, now);
  if (!room) throw new AppError('WAITING_ROOM_NOT_FOUND');
  if (now < room.joinOpensAt) throw new AppError('WAITING_ROOM_NOT_OPEN');
  if (now >= joinClosesAt(drop, round)) throw new AppError('WAITING_ROOM_CLOSED');
  // Nothing to queue for once every pack is sold or held: a held pack that comes back opens the room again. Before
  // the opening no pack can have gone.
  const isSoldOut = now >= round.saleBeginAt && (await isRoundSoldOutNow(deps.db, round.id));
  if (isSoldOut) throw new AppError('SOLD_OUT');
  const email = await verifiedEmailOf(deps.db, input.userId);
  if (!email) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
  if (round.hasWhitelist && !(await whitelistedEmails(deps.db, round.id, [email])).has(email)) {
    throw new AppError('NOT_WHITELISTED');
  }
  if (room.requiresVerifiedPhone && !(await hasVerifiedPhone(deps.db, input.userId))) {
    throw new AppError('PHONE_VERIFICATION_REQUIRED');
  }

  const expiredBefore = new Date(now.getTime() - room.tokenTtlSeconds * 1000);
  const isCreated = await inTransaction(deps.db, async (tx) => {
    // An admission that passed unused gives way to a new entry at the back (the delete takes only such an entry).
    await tx
      .delete(waitingRoomEntries)
      .where(
        and(
          eq(waitingRoomEntries.policyId, round.id),
          eq(waitingRoomEntries.userId, input.userId),
          lte(waitingRoomEntries.admitAt, expiredBefore),
        ),
      );
    const [created] = await tx
      .insert(waitingRoomEntries)
      .values({
        policyId: round.id,
        userId: input.userId,
        drawKey: randomBytes(16).toString('hex'),
        joinedAt: now,
      })
      .onConflictDoNothing({ target: [waitingRoomEntries.policyId, waitingRoomEntries.userId] })
      .returning({ arrival: waitingRoomEntries.arrival });
    return created !== undefined;
  });
  // A later arrival is placed at once (by this process's assigner run), so the answer already says where.
  const entry = await placedEntryOf(deps, room, input.userId, now);
  const viewer = waitingRoomViewer(deps.authSecret, room, input.userId, entry, now, { isSoldOut });
  return { waitingRoom: waitingRoomAnswer(drop, round, room, now, viewer), isCreated };
}
