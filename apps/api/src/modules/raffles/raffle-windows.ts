import { MINUTE_MS } from '../../lib/clock.ts';

/*
 * Route: none; the second draw, the purchase gate and the public record share it · Writes and reads: nothing ·
 * Tests: raffles.test.ts.
 */

/** The first draw's winners buy from the round's opening until then; the second draw runs at that moment. */
export function purchaseWindowEndsAt(round: { saleBeginAt: Date }, raffle: { purchaseWindowMinutes: number }): Date {
  return new Date(round.saleBeginAt.getTime() + raffle.purchaseWindowMinutes * MINUTE_MS);
}
