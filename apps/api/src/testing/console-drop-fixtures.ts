import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TConsoleDropRequest, TOrderStatus } from '@cypher/contract';
import type { Db } from '../db/client.ts';
import { DAY_MS } from '../lib/clock.ts';
import { idleJobQueue } from '../jobs/job-queue.ts';
import { newId } from '../lib/ids.ts';
import { provenanceSeedKey } from '../modules/drops/provenance-seed-cipher.ts';
import { publishDrop } from '../modules/drops/publish-drop.ts';
import { packs, salePolicies } from '../modules/drops/drops.tables.ts';
import { orders, purchaseAllowances } from '../modules/orders/orders.tables.ts';
import { bearer } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A console request for a drop of `brandId` around `now`: visible now, begins in an hour, round 1 (60 packs, open to
 * all, 5 per person) for a day, round 2 (40 packs, whitelist) the day after, ends a day later; 3 editions per pack
 * from the products given (the first product takes what the others leave).
 */
export function dropRequest(
  brandId: string,
  productIds: string[],
  now: Date,
  overrides: Partial<TConsoleDropRequest> = {},
): TConsoleDropRequest {
  const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
  const rounds = overrides.rounds ?? [
    {
      round: 1,
      saleBeginAt: at(HOUR_MS),
      saleEndAt: at(HOUR_MS + DAY_MS),
      price: 1500,
      perPersonLimit: 5,
      packCount: 60,
      whitelist: null,
    },
    {
      round: 2,
      saleBeginAt: at(HOUR_MS + DAY_MS),
      saleEndAt: at(HOUR_MS + 2 * DAY_MS),
      price: 2000,
      perPersonLimit: null,
      packCount: 40,
      whitelist: { name: 'Early fans', emails: ['early@example.com'] },
    },
  ];
  const editionsPerPack = overrides.editionsPerPack ?? 3;
  const editions = rounds.reduce((sum, round) => sum + round.packCount, 0) * editionsPerPack;
  const others = productIds.slice(1).map((productId) => ({ productId, editionCount: 6 }));
  const contents = overrides.contents ?? [
    { productId: productIds[0]!, editionCount: editions - others.length * 6 },
    ...others,
  ];
  return {
    brandId,
    name: `Drop ${newId().slice(-8)}`,
    description: 'Three editions in every pack.',
    imageUrl: '/uploads/drop.webp',
    visibleAt: at(0),
    dropBeginAt: at(HOUR_MS),
    dropEndAt: at(HOUR_MS + 3 * DAY_MS),
    editionsPerPack,
    ...overrides,
    contents,
    rounds,
  };
}

/** Creates and publishes a drop through the console routes, as the operator with `token`; answers the drop's id. */
/** One round open to everyone, from an hour after `now` for a day, at $15.00 and no limit a person: `packCount` packs. */
export function oneRound(now: Date, packCount: number): TConsoleDropRequest['rounds'] {
  const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
  return [
    {
      round: 1,
      saleBeginAt: at(HOUR_MS),
      saleEndAt: at(HOUR_MS + DAY_MS),
      price: 1500,
      perPersonLimit: null,
      packCount,
      whitelist: null,
    },
  ];
}

export async function publishedDrop(t: TestApp, token: string, request: TConsoleDropRequest): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/console/drops',
    headers: bearer(token),
    payload: request,
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const id = created.json().data.id as string;
  // A drop already over cannot be published now (DROP_SCHEDULE_PASSED): one set in the past is published as its
  // operator would have, before it began, by the same service.
  const beganAt = Date.parse(request.dropBeginAt);
  if (Date.parse(request.dropEndAt) <= t.clock.now().getTime()) {
    const then = { now: () => new Date(beganAt - 60_000) };
    const publishing = {
      db: t.database.db,
      clock: then,
      seedKey: provenanceSeedKey(t.deps.config),
      jobs: idleJobQueue,
      publication: t.deps.config.drops.publication,
    };
    await publishDrop(publishing, null, id);
    return id;
  }
  const published = await t.app.inject({
    method: 'POST',
    url: `/v1/console/drops/${id}/publish`,
    headers: bearer(token),
  });
  if (published.statusCode !== 200) throw new Error(`publish failed: ${published.statusCode} ${published.body}`);
  return id;
}

/**
 * Stands in for the orders module (not this suite's subject): an order of `quantity` packs of one round, written to
 * the tables as a purchase leaves them. SUCCESSFUL: the packs have an owner; PENDING: they are held (order, no owner).
 * Also counts them in the person's purchase allowance, as a purchase does.
 */
export async function claimPacks(
  db: Db,
  input: {
    dropId: string;
    round: number;
    userId: string;
    quantity: number;
    status: Extract<TOrderStatus, 'SUCCESSFUL' | 'PENDING'>;
  },
): Promise<string> {
  const [policy] = await db
    .select()
    .from(salePolicies)
    .where(and(eq(salePolicies.dropId, input.dropId), eq(salePolicies.round, input.round)));
  if (!policy) throw new Error(`no round ${input.round}`);
  const orderId = newId();
  const now = new Date();
  await db.insert(orders).values({
    id: orderId,
    userId: input.userId,
    itemKind: 'PACK',
    itemId: policy.id,
    dropId: input.dropId,
    round: input.round,
    quantity: input.quantity,
    paymentMethod: input.status === 'SUCCESSFUL' ? 'BALANCE' : 'CARD',
    status: input.status,
    unitPrice: policy.price,
    subtotal: policy.price * input.quantity,
    serviceFee: 0,
    total: policy.price * input.quantity,
    currency: 'USD',
    createdAt: now,
    updatedAt: now,
  });
  const free = await db
    .select({ id: packs.id })
    .from(packs)
    .where(and(eq(packs.policyId, policy.id), isNull(packs.orderId)))
    .orderBy(asc(packs.number))
    .limit(input.quantity);
  for (const pack of free) {
    await db
      .update(packs)
      .set({ orderId, ownerUserId: input.status === 'SUCCESSFUL' ? input.userId : null, claimedAt: now })
      .where(eq(packs.id, pack.id));
  }
  await db
    .insert(purchaseAllowances)
    .values({ itemId: policy.id, userId: input.userId, purchased: input.quantity })
    .onConflictDoUpdate({
      target: [purchaseAllowances.itemId, purchaseAllowances.userId],
      set: { purchased: sql`${purchaseAllowances.purchased} + ${input.quantity}` },
    });
  return orderId;
}
