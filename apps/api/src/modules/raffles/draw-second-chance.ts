import { and, eq, sql } from 'drizzle-orm';
import { drawRaffleWinners, raffleMaxPlaces } from '@cypher/contract';
import { sqlArray } from '../../db/sql-arrays.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unclaimedPackCount } from '../drops/packs/pack-claims.ts';
import { roundOfDrop } from '../drops/sale-round.ts';
import { insertNotificationsSql } from '../notifications/notification-fragments.ts';
import { purchasedCounts } from '../orders/purchase-allowance.ts';
import type { TRaffleDrawDeps } from './draw-raffle.ts';
import { raffleWinNotice } from './raffle-notices.ts';
import { openRaffleSeed } from './raffle-seed.ts';
import { hasTimeAfterWindow, purchaseWindowEndsAt } from './raffle-windows.ts';
import { raffleEntries, raffleRounds } from './raffles.tables.ts';

/**
 * Route: none of its own; run by the draw-raffles job (draw-due-raffles.ts), and lazily by GET /v1/raffles/{roundId}
 * and the purchase gate once the purchase window has ended · Writes: raffle_rounds (second_drawn_at, second_places),
 * raffle_entries (won_in = 2), notifications · Reads: purchase_allowances (through purchasedCounts), sale_policies
 * (through roundOfDrop), packs (through unclaimedPackCount) · UI: features/drops raffle-draw-page.tsx · Tests:
 * raffles.test.ts, raffle-window-races.test.ts.
 *
 * The second draw, exactly once, when the first winners' purchase window ends: one place for every first winner who
 * bought nothing in the round, as far as the packs still unclaimed serve a winner's share each (raffleMaxPlaces), drawn
 * with the same seed from the entries the first draw did not pick (`excluded` = the first winners, so nobody wins twice
 * and the waiting list is the first draw's order continued). Its winners buy from then until the round ends
 * (raffle-purchase-gate.ts), so a window that lasts the round leaves none to give. Locked as the first draw is (FOR
 * UPDATE on the raffle row, second_drawn_at checked under it). A round whose winners bought every place still records a
 * second draw of 0 places, so the record says the waiting list was not needed. Who bought is read from
 * purchase_allowances, which every purchase in a raffle round writes (a place allows raffleWinnerLimit packs, counted
 * as a per-person limit is), after the first winners' entries are locked (see below). Answers whether this call drew.
 */
export async function drawSecondChance(deps: TRaffleDrawDeps, policyId: string, now: Date): Promise<boolean> {
  const round = await roundOfDrop(deps.db, { policyId });
  if (!round) return false;
  return inTransaction(deps.db, async (tx) => {
    const [raffle] = await tx.select().from(raffleRounds).where(eq(raffleRounds.policyId, policyId)).for('update');
    if (!raffle?.drawnAt || raffle.secondDrawnAt || now < purchaseWindowEndsAt(round, raffle)) return false;
    const entries = await tx
      .select({
        id: raffleEntries.id,
        userId: raffleEntries.userId,
        handle: raffleEntries.handle,
        wonIn: raffleEntries.wonIn,
      })
      .from(raffleEntries)
      .where(eq(raffleEntries.policyId, policyId));
    const firstWinners = entries.filter((entry) => entry.wonIn === 1);
    // A first winner's purchase holds their entry FOR KEY SHARE from its first statement to its commit, and decides
    // under it (raffle-places.ts). Waiting here for those in flight, before reading who bought, means each either
    // committed (and is counted below, read after the wait) or finds this draw done and is refused.
    await tx.execute(
      sql`select 1 from raffle_entries where policy_id = ${policyId}::uuid and won_in = 1 order by user_id for update`,
    );
    const bought = await purchasedCounts(
      tx,
      policyId,
      firstWinners.map((entry) => entry.userId),
    );
    const unbought = firstWinners.filter((entry) => (bought.get(entry.userId) ?? 0) === 0).length;
    // Each place promises its winner their whole share of the packs (raffleWinnerLimit), and only what is unclaimed is
    // left to buy: a round set with more places than its packs serve, or sold out by the first winners, gives fewer
    // places (none once it is sold out), rather than winners who pay for nothing.
    // A window that lasts the round (one saved before the console refused a longer one) leaves no time to buy in: no
    // places, rather than winners told to buy from the round's end until the round's end.
    const places = hasTimeAfterWindow(round, raffle)
      ? Math.min(unbought, raffleMaxPlaces(await unclaimedPackCount(tx, policyId), round.perPersonLimit))
      : 0;
    const winners = new Set(
      drawRaffleWinners({
        seedHex: openRaffleSeed(deps.seedKey, policyId, raffle.seedCipher),
        entries: entries.map((entry) => entry.handle),
        places,
        excluded: firstWinners.map((entry) => entry.handle),
      }),
    );
    if (winners.size > 0) {
      await tx
        .update(raffleEntries)
        .set({ wonIn: 2 })
        .where(
          and(
            eq(raffleEntries.policyId, policyId),
            sql`${raffleEntries.handle} = any(${sqlArray([...winners])}::text[])`,
          ),
        );
      await tx.execute(
        insertNotificationsSql(
          entries
            .filter((entry) => winners.has(entry.handle))
            .map((entry) => raffleWinNotice(round, raffle, entry, 2, now)),
        ),
      );
    }
    await tx
      .update(raffleRounds)
      .set({ secondDrawnAt: now, secondPlaces: places, updatedAt: now })
      .where(eq(raffleRounds.policyId, policyId));
    return true;
  });
}
