import type { Db } from '../../db/client.ts';
import { isIdempotencyKeyKnown, type TIdempotentRequest } from '../../http/idempotency.ts';
import type { Clock } from '../../lib/clock.ts';

/** Items kept at most; past it the oldest go first (forgetting one only means asking the database again). */
const MAX_REMEMBERED = 10_000;

/**
 * Route: POST /v2/orders (purchasePacks and the balance batcher answer from it) · Writes: nothing · Reads: nothing ·
 * Tests: orders.test.ts, drops/live/sold-out-everywhere.test.ts.
 *
 * What one instance knows to be sold out, so a purchase of it is answered SOLD_OUT without the database (decision
 * records 18 and 35). Two ways in:
 * - `remember`: every instance is told, through the drop signals, that a round has no pack unclaimed (the sell-out
 *   announcement). Kept until the same signals say a pack came back (`forget`, a released hold), or until the signals
 *   themselves are lost (`forgetAll`: what was said meanwhile is unknown).
 * - `rememberFor`: what this instance found itself, for a moment, where nobody would tell it of a unit coming back
 *   (a pass, or while the signals are down): decision record 18's second.
 */
export interface SoldOutMemory {
  isSoldOut(itemId: string): boolean;
  remember(itemId: string): void;
  rememberFor(itemId: string, ms: number): void;
  forget(itemId: string): void;
  forgetAll(): void;
  /**
   * How many times the item was forgotten: read before announcing a sell-out and compared after, so an announcement
   * overtaken by a release is not written over it.
   */
  forgottenCount(itemId: string): number;
}

export function soldOutMemory(clock: Clock): SoldOutMemory {
  /** The item's deadline in clock milliseconds; Infinity until told otherwise. */
  const until = new Map<string, number>();
  const forgotten = new Map<string, number>();
  let forgottenAll = 0;
  const keep = (itemId: string, deadline: number) => {
    until.delete(itemId);
    if (until.size >= MAX_REMEMBERED) until.delete(until.keys().next().value!);
    until.set(itemId, deadline);
  };
  return {
    isSoldOut: (itemId) => (until.get(itemId) ?? 0) > clock.now().getTime(),
    remember: (itemId) => keep(itemId, Number.POSITIVE_INFINITY),
    rememberFor: (itemId, ms) => {
      // Never shortens what the signals said.
      if (until.get(itemId) !== Number.POSITIVE_INFINITY) keep(itemId, clock.now().getTime() + ms);
    },
    forget: (itemId) => {
      until.delete(itemId);
      forgotten.set(itemId, (forgotten.get(itemId) ?? 0) + 1);
      if (forgotten.size > MAX_REMEMBERED) forgotten.delete(forgotten.keys().next().value!);
    },
    forgetAll: () => {
      forgottenAll += 1;
      until.clear();
    },
    forgottenCount: (itemId) => forgottenAll + (forgotten.get(itemId) ?? 0),
  };
}

/**
 * Whether a purchase of an item known sold out is answered SOLD_OUT from memory: yes, unless its Idempotency-Key
 * already has an answer (one primary-key read of the key, not of the drop), which the purchase path then replays: the
 * retry of a purchase that succeeded must get its order (purchases-survive-sigkill.test.ts). Such an answer did nothing,
 * so it is not kept under the key.
 */
export async function isAnsweredFromMemory(
  memory: SoldOutMemory,
  db: Db,
  purchase: { itemId: string; userId: string },
  idempotent: Pick<TIdempotentRequest, 'key'> | null,
): Promise<boolean> {
  if (!memory.isSoldOut(purchase.itemId)) return false;
  return !idempotent || !(await isIdempotencyKeyKnown(db, purchase.userId, idempotent.key));
}
