import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { balancesOf, depositForTest, ledgerInvariantViolations, noViolations } from '../../testing/wallet-helpers.ts';
import { packs } from '../drops/drops.tables.ts';
import { getSaleDrop } from '../drops/get-sale-drop.ts';
import { purchaseFromBalance } from './purchase-from-balance.ts';
import { newPurchase, priceOrder } from './purchase-round.ts';
import { lockPurchaseStanding } from './purchase-standing.ts';
import { packSaleItem } from './sale-items.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A round's purchases as the batcher hands them over, in arrival order. */
async function purchasesOf(dropId: string, buyers: { userId: string; quantity?: number }[]) {
  const drop = (await getSaleDrop(db(), dropId))!;
  const round = drop.policies[0]!;
  return buyers.map(({ userId, quantity = 1 }) =>
    newPurchase({
      userId,
      buyerEmail: `ledger.${userId}@example.com`,
      item: packSaleItem(drop, round),
      quantity,
      guaranteedPacks: 0,
      price: priceOrder(packSaleItem(drop, round), quantity, t.deps.config.orders),
      now: t.clock.now(),
    }),
  );
}

async function funded(cents: number) {
  const buyer = await fastBuyer(t);
  await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: cents });
  return buyer.userId;
}

describe('purchaseFromBalance: a batch decides each purchase as if they came one by one', () => {
  it('in arrival order: money, the per-person limit and the packs left are spent by the earlier purchases first', async () => {
    const { dropId } = await insertLiveDrop(db(), {
      now: t.clock.now(),
      rounds: [{ packCount: 4, price: 1_000, perPersonLimit: 2 }],
    });
    const coversOne = await funded(1_050);
    const rich = await funded(100_000);
    const other = await funded(100_000);
    const purchases = await purchasesOf(dropId, [
      { userId: coversOne },
      { userId: coversOne },
      { userId: rich },
      { userId: rich },
      { userId: rich },
      { userId: other, quantity: 2 },
      { userId: other },
      { userId: other },
    ]);
    const { outcomes } = await inTransaction(db(), async (tx) => {
      const decided = await purchaseFromBalance(
        tx,
        purchases,
        await lockPurchaseStanding(tx, purchases, { money: true }),
      );
      await decided.written;
      return decided;
    });
    expect(outcomes.map((outcome) => (outcome.ok ? 'OK' : outcome.code))).toEqual([
      'OK',
      'INSUFFICIENT_FUNDS',
      'OK',
      'OK',
      'PURCHASE_LIMIT_REACHED',
      // Four packs: three went to the purchases before it, so two are not there; the one left is still on sale, and
      // the buyer is told so, not "sold out" (session 62's hunt).
      'NOT_ENOUGH_PACKS_LEFT',
      'OK',
      // Now none is left.
      'SOLD_OUT',
    ]);
    expect(await balancesOf(db(), coversOne)).toMatchObject({ withdrawable: 0 });
    expect(await balancesOf(db(), rich)).toMatchObject({ withdrawable: 100_000 - 2 * 1_050 });
    expect(await balancesOf(db(), other)).toMatchObject({ withdrawable: 100_000 - 1_050 });
    const sold = await db().select().from(packs).where(eq(packs.dropId, dropId));
    expect(sold.filter((pack) => pack.ownerUserId !== null)).toHaveLength(4);
    expect(await ledgerInvariantViolations(db())).toEqual(noViolations);
  });
});
