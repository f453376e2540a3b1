import { MINUTE_MS } from '../../lib/clock.ts';

/*
 * Route: none; the second draw, the purchase gate, the notices and the public record share it · Writes and reads:
 * nothing · Tests: raffles.test.ts.
 */

/**
 * The first draw's winners buy from the round's opening until then; the second draw runs at that moment. Never after
 * the round's end: the console refuses a longer window (RAFFLE_WINDOW_AFTER_ROUND_ENDS), and a raffle saved with one
 * before that is read as lasting the round, so nobody is told to buy after the round ends and the second draw, left
 * no time, gives no places (draw-second-chance.ts).
 */
export function purchaseWindowEndsAt(
  round: { saleBeginAt: Date; saleEndAt: Date },
  raffle: { purchaseWindowMinutes: number },
): Date {
  const endsAt = round.saleBeginAt.getTime() + raffle.purchaseWindowMinutes * MINUTE_MS;
  return new Date(Math.min(endsAt, round.saleEndAt.getTime()));
}

/** Whether the window leaves any of the round for a second draw's winners to buy in. */
export function hasTimeAfterWindow(
  round: { saleBeginAt: Date; saleEndAt: Date },
  raffle: { purchaseWindowMinutes: number },
): boolean {
  return purchaseWindowEndsAt(round, raffle).getTime() < round.saleEndAt.getTime();
}
