import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest } from '../../testing/wallet-helpers.ts';
import { getSaleDrop } from '../drops/get-sale-drop.ts';
import { balancePurchaseBatcher } from './purchase-batcher.ts';
import { newPurchase, priceOrder, purchasableRound } from './purchase-round.ts';
import { packSaleItem } from './sale-items.ts';
import { soldOutMemory } from './sold-out-memory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A batcher of one transaction at a time with the given wait, the sizes of the batches it ran, and `release`: its first
 * batch holds its transaction until then, so a test can line purchases up behind it (the embedded database would
 * otherwise finish a batch before the next turn of the event loop).
 */
function batcherWith(nextBatchLingerMs: number) {
  const sizes: number[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const batcher = balancePurchaseBatcher({
    db: t.database.db,
    transactions: async (work) => {
      await released;
      return t.database.pipelined(work);
    },
    clock: t.clock,
    soldOut: soldOutMemory(t.clock),
    nextBatchLingerMs,
    onBatch: (run) => sizes.push(run.size),
  });
  return { batcher, sizes, release };
}

/** A purchase of one pack of a live drop by a funded buyer, as purchasePacks makes it. */
async function purchasesOfNewDrop(count: number) {
  const { dropId } = await insertLiveDrop(t.database.db, { rounds: [{ packCount: 10, price: 100 }] });
  const drop = await getSaleDrop(t.database.db, dropId);
  const now = t.clock.now();
  const item = packSaleItem(drop!, purchasableRound(drop, now));
  return Promise.all(
    Array.from({ length: count }, async () => {
      const buyer = await fastBuyer(t);
      await depositForTest(t.database.db, { userId: buyer.userId, source: 'crypto', amount: 10_000 });
      return newPurchase({
        userId: buyer.userId,
        buyerEmail: buyer.email,
        item,
        quantity: 1,
        guaranteedPacks: 0,
        price: priceOrder(item, 1, t.deps.config.orders),
        now,
      });
    }),
  );
}

const aTurnOfTheEventLoop = () => new Promise((resolve) => setImmediate(resolve));

describe('the balance purchase batcher', () => {
  it('starts the purchases left waiting by a batch with the next one to arrive, as one batch', async () => {
    const [first, second, third, fourth] = await purchasesOfNewDrop(4);
    const { batcher, sizes, release } = batcherWith(60_000);
    const bought = [batcher.purchase(first!, null)];
    await aTurnOfTheEventLoop();
    // The first batch is running: these two wait for it.
    bought.push(batcher.purchase(second!, null), batcher.purchase(third!, null));
    await aTurnOfTheEventLoop();
    release();
    await bought[0];
    await aTurnOfTheEventLoop();
    // Started at once, they would have been a batch of two, and this one a third batch of one.
    bought.push(batcher.purchase(fourth!, null));
    const orders = await Promise.all(bought);
    expect(orders.map((order) => order.status)).toEqual(['SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL', 'SUCCESSFUL']);
    expect(sizes).toEqual([1, 3]);
  });

  it('starts them after the wait when nobody else arrives', async () => {
    const [first, second] = await purchasesOfNewDrop(2);
    const { batcher, sizes, release } = batcherWith(20);
    const bought = [batcher.purchase(first!, null)];
    await aTurnOfTheEventLoop();
    bought.push(batcher.purchase(second!, null));
    await aTurnOfTheEventLoop();
    release();
    expect((await Promise.all(bought)).map((order) => order.status)).toEqual(['SUCCESSFUL', 'SUCCESSFUL']);
    expect(sizes).toEqual([1, 1]);
  });
});
