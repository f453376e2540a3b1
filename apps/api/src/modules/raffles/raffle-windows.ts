import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { raffleRounds } from './raffles.tables.ts';

/*
 * Route: none; the second draw, the purchase gate, the notices, the public record and drop reminders share it ·
 * Reads: raffle_rounds (purchaseWindowsEndAt) · Writes: nothing · Tests: raffles.test.ts,
 * send-due-drop-reminders.test.ts.
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

/**
 * For each of these rounds that is a raffle, when its first draw's winners stop being able to buy: a drop reminder,
 * which reaches only those winners in a raffle round, tells them by when. Reads raffle_rounds by primary key.
 */
export async function purchaseWindowsEndAt(
  db: Db,
  rounds: readonly { policyId: string; saleBeginAt: Date; saleEndAt: Date }[],
): Promise<Map<string, Date>> {
  if (rounds.length === 0) return new Map();
  const rows = await db
    .select({ policyId: raffleRounds.policyId, purchaseWindowMinutes: raffleRounds.purchaseWindowMinutes })
    .from(raffleRounds)
    .where(inArray(raffleRounds.policyId, [...new Set(rounds.map((round) => round.policyId))]));
  const minutesOf = new Map(rows.map((row) => [row.policyId, row.purchaseWindowMinutes]));
  return new Map(
    rounds.flatMap((round) => {
      const purchaseWindowMinutes = minutesOf.get(round.policyId);
      return purchaseWindowMinutes === undefined
        ? []
        : [[round.policyId, purchaseWindowEndsAt(round, { purchaseWindowMinutes })] as const];
    }),
  );
}
