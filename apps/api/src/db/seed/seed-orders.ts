import { drops } from '../../modules/drops/drops.tables.ts';
import { getSaleDrop } from '../../modules/drops/get-sale-drop.ts';
import { listMyPacks } from '../../modules/drops/packs/list-my-packs.ts';
import { openPack } from '../../modules/drops/packs/open-pack.ts';
import { purchaseFromBalance } from '../../modules/orders/purchase-from-balance.ts';
import { lockPurchaseStanding } from '../../modules/orders/purchase-standing.ts';
import { newPurchase, priceOrder } from '../../modules/orders/purchase-round.ts';
import { packSaleItem } from '../../modules/orders/sale-items.ts';
import { users } from '../../modules/users/users.tables.ts';
import { postDeposit } from '../../modules/wallet/post-deposit.ts';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { inTransaction } from '../transaction.ts';
import type { SeedDeps } from './seed-demo.ts';

/** Collectors who bought in the demo drops, so product pages show real purchases and openings from the start. */
const demoCollectors = [
  { nickname: 'Nova', email: 'nova@cypher.local' },
  { nickname: 'Juniper', email: 'juniper@cypher.local' },
  { nickname: 'Rook', email: 'rook@cypher.local' },
  { nickname: 'Mika', email: 'mika@cypher.local' },
];

/**
 * Real orders on the seeded drops, through the same services as a purchase from the balance: each demo collector gets
 * a crypto deposit, buys packs (in the live drop now, in the completed drop while its round was on) and opens some.
 * The activities on product pages are these orders' own (writes what the services write). The demo accounts have no
 * password: nobody signs in as them.
 */
export async function seedOrders({ database, clock, orders: ordersConfig }: SeedDeps): Promise<void> {
  const db = database.db;
  const now = clock.now();
  const seeded = await db.select({ id: drops.id, name: drops.name }).from(drops);
  const live = seeded.find((drop) => drop.name.startsWith('Pixel Knights'));
  const completed = seeded.find((drop) => drop.name.startsWith('Midnight Bloom'));
  // The collectors joined, and funded their balance, a day before their first purchase (the completed drop's), so no
  // profile says "Collecting since" after its owner's own purchases, and no purchase comes before its money.
  const completedSaleBegin = completed ? (await getSaleDrop(db, completed.id))?.policies[0]?.saleBeginAt : undefined;
  const joinedAt = new Date(Math.min(completedSaleBegin?.getTime() ?? now.getTime(), now.getTime()) - DAY_MS);
  const collectorIds: string[] = [];
  for (const collector of demoCollectors) {
    const id = newId();
    await db.insert(users).values({
      id,
      email: collector.email,
      status: 'ACTIVE',
      nickname: collector.nickname,
      marketingConsent: false,
      agreedToTermsAt: joinedAt,
      agreedToPrivacyAt: joinedAt,
      emailVerifiedAt: joinedAt,
      createdAt: joinedAt,
      updatedAt: joinedAt,
    });
    await inTransaction(db, (tx) =>
      postDeposit(tx, {
        userId: id,
        source: 'crypto',
        amount: 20_000,
        currency: 'USD',
        referenceId: `seed-${id}`,
        paymentMethod: 'USDC',
        now: joinedAt,
      }),
    );
    collectorIds.push(id);
  }

  // The live drop opened a minute ago: its purchases fall in that minute, ten seconds apart, never in the future.
  for (const [dropRow, at, spacing] of [
    [live, new Date(now.getTime() - 50 * 1000), 10 * 1000],
    [completed, undefined, MINUTE_MS],
  ] as const) {
    if (!dropRow) continue;
    const drop = (await getSaleDrop(db, dropRow.id))!;
    const round = drop.policies[0]!;
    // The completed drop's purchases happen while its first round was on sale, an hour in.
    const boughtAt = at ?? new Date(round.saleBeginAt.getTime() + 60 * MINUTE_MS);
    const purchases = collectorIds.map((userId, index) =>
      newPurchase({
        userId,
        buyerEmail: demoCollectors[index]!.email,
        item: packSaleItem(drop, round),
        quantity: (index % 2) + 1,
        guaranteedPacks: 0,
        price: priceOrder(packSaleItem(drop, round), (index % 2) + 1, ordersConfig),
        now: new Date(boughtAt.getTime() + index * spacing),
      }),
    );
    await inTransaction(db, async (tx) => {
      const standing = await lockPurchaseStanding(tx, purchases, { money: true });
      await (
        await purchaseFromBalance(tx, purchases, standing)
      ).written;
    });
  }

  // Every collector but the last opens their packs, so some packs are still a surprise: five minutes after buying
  // them, or now for the live drop's, so no page shows an opening that has not happened yet.
  for (const userId of collectorIds.slice(0, -1)) {
    const mine = await listMyPacks(db, userId);
    for (const pack of mine.groups.flatMap((group) => group.packs)) {
      const openedAt = Math.min(Date.parse(pack.purchasedAt) + 5 * MINUTE_MS, now.getTime());
      await openPack(db, userId, pack.id, new Date(openedAt));
    }
  }
}
