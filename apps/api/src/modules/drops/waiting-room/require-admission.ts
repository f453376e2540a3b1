import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { isValidAdmission } from './admission-tokens.ts';
import { waitingRoomOf } from './round-waiting-room.ts';

/**
 * Route: POST /v2/orders calls it (orders/purchase-packs.ts) before anything is claimed · Reads: waiting_rooms and
 * sale_policies once per round and process (round-waiting-room.ts), then nothing · UI: features/drops waiting room
 * panel, which passes the token to the purchase popup · Tests: waiting-room-purchase.test.ts.
 *
 * A round with a waiting room sells only to people it admitted: no token is ADMISSION_REQUIRED; a token that is not
 * ours, is someone else's, is for another round or has expired is ADMISSION_INVALID. The check is stateless (an HMAC
 * with the secret every instance shares), so it adds no read or write to the purchase path. A round without a
 * waiting room ignores any token. The refusal does nothing, so it is not kept as an Idempotency-Key's answer: the
 * same purchase with the token, once admitted, buys.
 */
export async function requireAdmission(
  deps: { db: Db; authSecret: string },
  request: { userId: string; policyId: string; token: string | undefined; now: Date },
): Promise<void> {
  const room = await waitingRoomOf(deps.db, request.policyId, request.now);
  if (!room) return;
  if (!request.token) throw new AppError('ADMISSION_REQUIRED');
  if (!isValidAdmission(deps.authSecret, request.token, request)) throw new AppError('ADMISSION_INVALID');
}
