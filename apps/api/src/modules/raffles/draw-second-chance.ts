import { and, eq, sql } from 'drizzle-orm';
import { drawRaffleWinners, raffleMaxPlaces } from '@cypher/contract';
import { sqlArray } from '../../db/sql-arrays.ts';
import { inTransaction } from '../../db/transaction.ts';
import { hasHeldPacks, unclaimedPackCount } from '../drops/packs/pack-claims.ts';
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
 * (through roundOfDrop), packs (through hasHeldPacks and unclaimedPackCount) · UI: features/drops raffle-draw-page.tsx ·
 * Tests: raffles.test.ts, raffle-window-races.test.ts.
 *
 * The second draw, exactly once, when the first winners' purchase window ends: one place for every first winner who
 * bought nothing in the round, as far as the packs still unclaimed serve a winner's share each (raffleMaxPlaces), drawn
 * with the same seed from the entries the first draw did not pick (`excluded` = the first winners, so nobody wins twice
 * and the waiting list is the first draw's order continued). Its winners buy from then until the round ends
 * (raffle-purchase-gate.ts), so a window that lasts the round leaves none to give. Locked as the first draw is (FOR
 * UPDATE on the raffle row, second_drawn_at checked under it). A round whose winners bought every place still records a
 * second draw of 0 places, so the record says the waiting list was not needed. Who bought is read from
 * purchase_allowances, which every purchase in a raffle round writes (a place allows raffleWinnerLimit packs, counted
 * as a per-person limit is), after the first winners' entries are locked (see below). Not while a pack of the round is
 * held for a card or Tilia payment still pending (decision record 26): a hold is neither sold nor unsold, and once the
 * window has ended nobody may make a new one until this draw, so the draw waits (the job and the lazy callers come
 * back) until every hold has been paid for (counted as bought) or released (its packs unclaimed again, its winner's
 * allowance given back, so their place goes to the waiting list). Left for after the round's end, it gives no places.
 * Answers whether this call drew.
 */
export async function drawSecondChance(deps: TRaffleDrawDeps, policyId: string, now: Date): Promise<boolean> {
  const round = await roundOfDrop(deps.db, { policyId });
  if (!round) return false;
  // Read first without a lock, so the readers that come back while a hold is pending take none.
  if (await hasHeldPacks(deps.db, policyId)) return false;
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
    // A hold that fails after the draw would bring back packs with no place for them, one paid for would leave a place
    // with no pack: wait until each is settled (none is made meanwhile: the first window is over, no second winner yet).
    if (await hasHeldPacks(tx, policyId)) return false;
    const bought = await purchasedCounts(
      tx,
      policyId,
      firstWinners.map((entry) => entry.userId),
    );
    const unbought = firstWinners.filter((entry) => (bought.get(entry.userId) ?? 0) === 0).length;
    // Each place promises its winner their whole share of the packs (raffleWinnerLimit), and only what is unclaimed is
    // left to buy: a round set with more places than its packs serve, or sold out by the first winners, gives fewer
    // places (none once it is sold out), rather than winners who pay for nothing.
    // A window that lasts the round (one saved before the console refused a longer one), or holds settled only once the
    // round had ended, leave no time to buy in: no places, rather than winners told to buy after the round's end.
    const places =
      hasTimeAfterWindow(round, raffle) && now < round.saleEndAt
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
