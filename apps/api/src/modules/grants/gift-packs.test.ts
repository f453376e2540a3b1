import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimBuyerHash,
  packNumbersOfOrder,
  packPath,
  verifyClaimLog,
  verifyProvenance,
  type TClaimLog,
  type TClaimLogEntry,
  type TGrantRequest,
  type TOrder,
  type TRedemption,
} from '@cypher/contract';
import { queryRows } from '../../db/query-rows.ts';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { bearer, uniqueIp } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { dropRequest, publishedDrop } from '../../testing/console-drop-fixtures.ts';
import { fastBuyer, freshAccessToken, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { noticesOf } from '../../testing/grant-fixtures.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { noPurchaseViolations, purchaseInvariantViolations } from '../../testing/purchase-invariants.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { depositForTest } from '../../testing/wallet-helpers.ts';
import { deliverAirdrop } from '../airdrops/deliver-airdrop.ts';
import { packsDeletionBlocker } from '../drops/packs-deletion-blocker.ts';

// A pack as a gift (decision record 36): a drop's gift round, written at publication and never on sale, gives its
// packs through redeem codes, attendance rewards and airdrops, each through a GIFT order and the drop's claim log.
let t: TestApp;
let admin: { userId: string };
const noJobs: JobQueue = { send: async () => newId() };
beforeAll(async () => {
  t = await createTestApp({ jobs: () => noJobs });
  admin = await signUpOperator(t, 'admin');
});
afterAll(() => t.close());

const db = () => t.database.db;
const iso = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
/** The admin, signed in afresh: these tests move the clock past an access token's life. */
const adminToken = () => freshAccessToken(t, admin.userId);

/** A live drop (on sale now, ending in two days) with `sale` packs in one round and `gift` in its gift round. */
async function giftDrop(sale: number, gift: number, perPersonLimit: number | null = null) {
  const drop = await insertLiveDrop(db(), {
    now: t.clock.now(),
    rounds: [{ packCount: sale, perPersonLimit }],
    giftPackCount: gift,
    name: `Neon Tides ${newId().slice(-4)}`,
  });
  const grant: TGrantRequest = { kind: 'PACK', dropId: drop.dropId, giftRoundId: drop.giftRound!.id };
  return { ...drop, grant };
}

async function send(method: 'GET' | 'POST' | 'PUT', url: string, accessToken?: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: accessToken ? { ...bearer(accessToken), 'idempotency-key': newId() } : {},
    payload,
  });
}

/** A batch of `codeCount` codes granting `grant`, `usesPerCode` uses each: its codes as exported. */
async function codesFor(grant: TGrantRequest, options: { codeCount?: number; usesPerCode?: number } = {}) {
  const token = await adminToken();
  const made = await send('POST', '/v1/console/redeem-batches', token, {
    name: 'Launch packs',
    grant,
    codeCount: options.codeCount ?? 1,
    usesPerCode: options.usesPerCode ?? 1,
    validFrom: iso(-1),
    validUntil: iso(7 * 24 * 60),
  });
  expect(made.statusCode, made.body).toBe(201);
  const csv = await send('GET', `/v1/console/redeem-batches/${made.json().data.id}/codes.csv`, token);
  return csv.body
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[1]!);
}

const redeem = (accessToken: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/redeems',
    headers: bearer(accessToken),
    payload: { code },
    remoteAddress: uniqueIp(),
  });

async function orderOf(accessToken: string, orderId: string): Promise<TOrder> {
  return (await send('GET', `/v1/orders/${orderId}`, accessToken)).json().data;
}

/** Every claim log entry, page by page, as anyone reads them after the reveal. */
async function claimLogEntries(dropId: string): Promise<TClaimLogEntry[]> {
  const entries: TClaimLogEntry[] = [];
  for (let after: number | null = 0; after !== null;) {
    const page: TClaimLog = (await send('GET', `/v1/drops/${dropId}/claim-log?after=${after}&size=50`)).json().data;
    expect(page.isRevealed).toBe(true);
    entries.push(...page.entries!);
    after = page.nextAfter;
  }
  return entries;
}

/** The product activities anyone can read, as [kind, edition number]. */
async function activitiesOf(productId: string) {
  const page = (await send('GET', `/v1/products/${productId}/activities?size=100`)).json().data;
  return (page.items as { kind: string; editionNumber: number | null }[]).map((item) => [
    item.kind,
    item.editionNumber,
  ]);
}

describe('gift rounds', () => {
  it('are written at publication with the sale’s packs, counted apart, and never sold to anyone', async () => {
    const token = await adminToken();
    const brand = await insertBrand(db());
    const [first, second] = [await insertProduct(db(), brand.id), await insertProduct(db(), brand.id)];
    const at = (minutes: number) => iso(minutes);
    const request = {
      ...dropRequest(brand.id, [first.id, second.id], t.clock.now(), {
        editionsPerPack: 2,
        rounds: [
          {
            round: 1,
            saleBeginAt: at(60),
            saleEndAt: at(60 + 24 * 60),
            price: 1_500,
            perPersonLimit: null,
            packCount: 5,
            whitelist: null,
          },
        ],
        // 5 packs for sale and 4 set aside, 2 editions each.
        contents: [
          { productId: first.id, editionCount: 12 },
          { productId: second.id, editionCount: 6 },
        ],
      }),
      giftRound: { packCount: 4 },
    };
    // The contents must fill the gift round's packs too.
    const unfilled = await send('POST', '/v1/console/drops', token, { ...request, giftRound: { packCount: 5 } });
    expect(unfilled.statusCode).toBe(400);
    expect(unfilled.json().details).toContainEqual({
      field: 'contents',
      message: 'The editions must fill every pack exactly: packs × editions per pack must equal the editions.',
    });
    const dropId = await publishedDrop(t, token, request);

    const consoleDrop = (await send('GET', `/v1/console/drops/${dropId}`, token)).json().data;
    expect(consoleDrop.rounds.map((round: { round: number }) => round.round)).toEqual([1]);
    expect(consoleDrop).toMatchObject({
      giftRound: { round: 2, packCount: 4, beginIssuedPackNumber: 6, endIssuedPackNumber: 9, givenCount: 0 },
      counts: { dropCount: 5, soldCount: 0, heldCount: 0 },
      publication: { packsWritten: 9, packTotal: 9 },
      publicationStatus: 'PUBLISHED',
    });
    const listed = (await send('GET', `/v1/console/drops?brandId=${brand.id}&hasGiftRound=true`, token)).json().data;
    expect(listed.items).toMatchObject([{ id: dropId, giftRound: { packCount: 4 }, roundCount: 1 }]);
    expect(
      (await send('GET', `/v1/console/drops?brandId=${brand.id}&hasGiftRound=false`, token)).json().data.items,
    ).toEqual([]);
    // Written like any round's: numbered after the sale's, each with its editions inside, none claimed.
    const written = await queryRows<{ number: number; editions: number; claimed: boolean }>(
      db(),
      sql`select p.number, (select count(*)::int from editions e where e.pack_id = p.id and e.state = 'IN_PACK')
                 as editions, p.order_id is not null as claimed
          from packs p join sale_policies s on s.id = p.policy_id
          where p.drop_id = ${dropId} and s.is_gift_round order by p.number`,
    );
    expect(written).toEqual([6, 7, 8, 9].map((number) => ({ number, editions: 2, claimed: false })));

    t.clock.advance(61 * MINUTE_MS);
    const buyer = await fastBuyer(t);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 100_000 });
    const shown = (await send('GET', `/v1/drops/${dropId}`)).json().data;
    expect(shown.salePolicies.map((policy: { round: number }) => policy.round)).toEqual([1]);
    expect(shown).toMatchObject({
      status: 'AVAILABLE',
      counts: { dropCount: 5, soldCount: 0, roundCount: 1 },
      giftRound: { round: 2, packCount: 4, givenCount: 0 },
      isSoldOut: false,
      editions: { total: 18, guaranteedPerPack: 2 },
    });

    // Every sale pack is bought; then the next buyer is told SOLD_OUT, and the gift packs stay where they were.
    const bought = await send('POST', '/v2/orders', buyer.accessToken, {
      dropId,
      quantity: 5,
      paymentMethod: 'BALANCE',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const late = await send('POST', '/v2/orders', buyer.accessToken, { dropId, quantity: 1, paymentMethod: 'BALANCE' });
    expect(late.json()).toMatchObject({ code: 'SOLD_OUT' });
    expect((await send('GET', `/v1/drops/${dropId}`)).json().data).toMatchObject({
      counts: { dropCount: 5, soldCount: 5 },
      isSoldOut: true,
      giftRound: { givenCount: 0 },
    });
    const [unclaimed] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from packs where drop_id = ${dropId} and order_id is null`,
    );
    expect(unclaimed!.n).toBe(4);

    // What names a round is refused for the gift round, in the contract's words.
    const giftRoundId = consoleDrop.giftRound.id as string;
    const refusals = [
      await send('GET', `/v1/drops/${dropId}/rounds/2/waiting-room`),
      await send('POST', `/v1/drops/${dropId}/rounds/2/waiting-room`, buyer.accessToken),
      await send('POST', `/v1/raffles/${giftRoundId}/entries`, buyer.accessToken),
      await send('POST', `/v1/drops/${dropId}/reminders`, buyer.accessToken, { policyId: giftRoundId }),
      await send('GET', `/v1/console/drops/${dropId}/rounds/2/raffle`, await adminToken()),
      await send('GET', `/v1/console/drops/${dropId}/rounds/2/waiting-room`, await adminToken()),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode, refusal.body).toBe(409);
      expect(refusal.json()).toEqual({
        code: 'GIFT_ROUND_NOT_FOR_SALE',
        message: 'The packs of this round are set aside for giveaways and are never on sale.',
      });
    }
  });
});

describe('drops with gift packs in the console', () => {
  it('are found by name past a page, as a pack grant’s picker asks (q, case-insensitive)', async () => {
    const tag = newId().slice(-8);
    const drop = async (name: string) =>
      insertLiveDrop(db(), { now: t.clock.now(), rounds: [{ packCount: 1 }], giftPackCount: 1, name });
    const harbour = await drop(`Harbour Lights ${tag}`);
    await drop(`Lantern Fair ${tag}`);
    const list = async (q: string) =>
      (await send('GET', `/v1/console/drops?status=PUBLISHED&hasGiftRound=true&q=${q}`, await adminToken())).json()
        .data;
    expect((await list(tag)).total).toBe(2);
    expect(await list(`hARBOUR%20lights%20${tag}`)).toMatchObject({
      items: [{ id: harbour.dropId, name: `Harbour Lights ${tag}`, giftRound: { id: harbour.giftRound!.id } }],
      total: 1,
    });
  });
});

describe('a pack given by a redeem code', () => {
  it('is a sealed pack of the gift round, owned through a GIFT order of 0, which opens into editions', async () => {
    const drop = await giftDrop(3, 2, 2);
    const [code] = await codesFor(drop.grant);
    const person = await fastBuyer(t);
    const redeemed = await redeem(person.accessToken, code!);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const redemption: TRedemption = redeemed.json().data;
    const pack = redemption.delivery.pack!;
    expect(redemption.delivery).toMatchObject({
      status: 'DELIVERED',
      grant: {
        kind: 'PACK',
        description: `a pack of ${(await send('GET', `/v1/drops/${drop.dropId}`)).json().data.name}`,
        drop: { id: drop.dropId, editionsPerPack: 2 },
        giftRound: { id: drop.giftRound!.id },
      },
      edition: null,
      pack: { number: 4, isOpened: false },
    });
    const dropName = (redemption.delivery.grant as { drop: { name: string } }).drop.name;

    // Sealed in My packs (and so in My Collection), a gift.
    const sealed = (await send('GET', '/v1/packs?isOpened=false', person.accessToken)).json().data;
    expect(sealed.groups).toMatchObject([
      { rarity: null, packs: [{ id: pack.id, number: 4, round: 2, isGift: true, isOpened: false, items: [] }] },
    ]);
    // Its order: a GIFT of nothing, successful at once, with its salt in the claim log.
    const order = await orderOf(person.accessToken, pack.orderId);
    expect(order).toMatchObject({
      status: 'SUCCESSFUL',
      paymentMethod: 'GIFT',
      item: { kind: 'PACK', name: dropName },
      round: 2,
      quantity: 1,
      unitPrice: { amount: 0, currency: 'USD' },
      subtotal: { amount: 0, currency: 'USD' },
      serviceFee: { amount: 0, currency: 'USD' },
      total: { amount: 0, currency: 'USD' },
      // Nothing was paid, so there is no payment to give a receipt for.
      receipt: null,
      packIds: [pack.id],
    });
    expect(order.buyerSalt).toMatch(/^[0-9a-f]{32}$/);
    expect(await noticesOf(t, person.accessToken, 'REDEEM')).toEqual([
      { title: 'Code redeemed', body: `Your code gave you a pack of ${dropName}.`, linkPath: packPath(pack.id) },
    ]);
    // Its purchases list it; the ledger moved nothing; every invariant of orders holds.
    expect((await send('GET', '/v1/orders', person.accessToken)).json().data.items).toMatchObject([
      { id: pack.orderId, paymentMethod: 'GIFT' },
    ]);
    expect(await purchaseInvariantViolations(db())).toEqual(noPurchaseViolations);

    // The gift counts against nothing the person may buy in the sale round, and the drop says they hold a pack.
    expect((await send('GET', `/v1/drops/${drop.dropId}`, person.accessToken)).json().data.viewer).toMatchObject({
      remaining: 2,
      purchasedCount: 1,
    });
    expect(await packsDeletionBlocker(db(), person.userId)).toMatchObject({ kind: 'packs' });

    // Nobody learns from the product's activity what the sealed pack holds; once opened, its history says how.
    const productIds = [drop.products.common.id, drop.products.legendary.id];
    for (const productId of productIds) {
      expect((await activitiesOf(productId)).filter(([kind]) => kind === 'REDEEMED')).toEqual([]);
    }
    const opened = await send('POST', `/v1/packs/${pack.id}/open`, person.accessToken);
    expect(opened.statusCode, opened.body).toBe(200);
    const items = opened.json().data.items as { edition: { id: string; serialNumber: number } }[];
    expect(items).toHaveLength(2);
    for (const item of items) {
      const edition = (await send('GET', `/v1/editions/${item.edition.id}`, person.accessToken)).json().data;
      expect(edition.owner.id).toBe(person.userId);
    }
    const shownAfter = (await Promise.all(productIds.map(activitiesOf))).flat();
    expect(shownAfter.filter(([kind]) => kind === 'REDEEMED').map(([, number]) => number)).toEqual(
      expect.arrayContaining(items.map((item) => item.edition.serialNumber)),
    );
    expect(await packsDeletionBlocker(db(), person.userId)).toBeNull();
    expect(redemption.delivery.pack).toMatchObject({ id: pack.id });
    const history = (await send('GET', '/v1/redeems', person.accessToken)).json().data.items as TRedemption[];
    expect(history[0]!.delivery.pack).toMatchObject({ id: pack.id, isOpened: true });
  });

  it('runs out once the gift round is empty: the code keeps its use, and no sale pack is touched', async () => {
    const drop = await giftDrop(2, 1);
    const [code] = await codesFor(drop.grant, { usesPerCode: 5 });
    const [first, second] = [await fastBuyer(t), await fastBuyer(t)];
    expect((await redeem(first.accessToken, code!)).statusCode).toBe(201);
    const refused = await redeem(second.accessToken, code!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REDEEM_REWARD_OUT_OF_STOCK' });
    const [state] = await queryRows<{ use_count: number; sale_claimed: number }>(
      db(),
      sql`select (select use_count from redeem_codes c join redeem_batches b on b.id = c.batch_id
                  where b.grant ->> 'giftRoundId' = ${drop.giftRound!.id}) as use_count,
                 (select count(*)::int from packs where policy_id = ${drop.policies[0]!.id}
                  and order_id is not null) as sale_claimed`,
    );
    expect(state).toEqual({ use_count: 1, sale_claimed: 0 });
  });

  it('is refused to the console when it names no gift round of a published drop, or another brand’s', async () => {
    const drop = await giftDrop(2, 2);
    const post = async (grant: object, accessToken?: string) =>
      send('POST', '/v1/console/redeem-batches', accessToken ?? (await adminToken()), {
        name: 'Wrong',
        grant,
        codeCount: 1,
        validFrom: iso(0),
        validUntil: iso(60),
      });
    const saleRound = await post({ kind: 'PACK', dropId: drop.dropId, giftRoundId: drop.policies[0]!.id });
    expect(saleRound.statusCode).toBe(400);
    expect(saleRound.json()).toMatchObject({ code: 'GRANT_ITEM_NOT_FOUND' });
    expect((await post({ kind: 'PACK', dropId: newId(), giftRoundId: drop.giftRound!.id })).statusCode).toBe(400);
    const other = await insertBrand(db());
    const manager = await signUpOperator(t, 'brand_manager', other.id);
    expect((await post(drop.grant, manager.accessToken)).statusCode).toBe(403);
  });
});

describe('the claim log of a drop with gifts', () => {
  it('holds each gift’s claim as a purchase’s, verifies after the reveal, and a drop ended gives no more', async () => {
    const drop = await giftDrop(2, 3);
    const [code] = await codesFor(drop.grant, { usesPerCode: 10 });
    const buyer = await fastBuyer(t);
    await depositForTest(db(), { userId: buyer.userId, source: 'crypto', amount: 10_000 });
    const bought = await send('POST', '/v2/orders', buyer.accessToken, {
      dropId: drop.dropId,
      quantity: 1,
      paymentMethod: 'BALANCE',
    });
    expect(bought.statusCode).toBe(201);
    const [ana, ben] = [await fastBuyer(t), await fastBuyer(t)];
    const gifts = [];
    for (const person of [ana, ben]) {
      const delivery = ((await redeem(person.accessToken, code!)).json().data as TRedemption).delivery;
      gifts.push({ person, order: await orderOf(person.accessToken, delivery.pack!.orderId), pack: delivery.pack! });
    }

    // The drop ends with one gift pack left: it gives nothing more, and the reveal publishes the whole log.
    const [end] = await queryRows<{ drop_end_at: Date | string }>(
      db(),
      sql`select drop_end_at from drops where id = ${drop.dropId}`,
    );
    t.clock.set(new Date(new Date(end!.drop_end_at).getTime() + 1_000));
    const carol = await fastBuyer(t);
    const afterEnd = await redeem(carol.accessToken, code!);
    expect(afterEnd.json()).toMatchObject({ code: 'REDEEM_REWARD_OUT_OF_STOCK' });

    const provenance = (await send('GET', `/v1/drops/${drop.dropId}/provenance`)).json().data;
    expect(provenance.isRevealed).toBe(true);
    expect(
      verifyProvenance({
        commitment: provenance.commitment,
        seed: provenance.seed,
        editionsPerPack: provenance.editionsPerPack,
        packs: provenance.packs,
      }),
    ).toEqual({ isCommitmentMatched: true, isShuffleMatched: true });
    const entries = await claimLogEntries(drop.dropId);
    expect(verifyClaimLog(provenance.commitment, entries)).toEqual({ isChainMatched: true, brokenAt: null });
    expect(entries.map((entry) => [entry.kind, entry.packNumber])).toEqual([
      ['CLAIMED', 1],
      ['CLAIMED', 3],
      ['CLAIMED', 4],
    ]);
    for (const { person, order, pack } of gifts) {
      // Each recipient finds their claim by their order's salt, and it names the pack they own.
      const mine = entries.filter((entry) => entry.buyerHash === claimBuyerHash(order.buyerSalt!, person.userId));
      expect(mine.map((entry) => entry.orderId)).toEqual([order.id]);
      expect(packNumbersOfOrder(entries, order.id)).toEqual([pack.number]);
    }
  });
});

describe('packs given by an airdrop and an attendance reward', () => {
  it('reach a list of people while the gift round lasts, the rest out of stock, each told with the way to it', async () => {
    const drop = await giftDrop(1, 2);
    const people = [await fastBuyer(t), await fastBuyer(t), await fastBuyer(t)];
    const made = await send('POST', '/v1/console/airdrops', await adminToken(), {
      name: 'Launch party',
      grant: drop.grant,
      audience: { kind: 'PEOPLE', emails: [], userIds: people.map((person) => person.userId) },
    });
    expect(made.statusCode, made.body).toBe(202);
    const airdropId = made.json().data.id as string;
    // Every recipient is reached once: two of them with a pack, the third told the round had run out.
    expect(await deliverAirdrop({ db: db(), clock: t.clock, config: t.deps.config }, airdropId)).toEqual({
      delivered: 3,
    });
    const progress = (await send('GET', `/v1/console/airdrops/${airdropId}`, await adminToken())).json().data;
    expect(progress).toMatchObject({ status: 'COMPLETED', progress: { total: 3, delivered: 2, outOfStock: 1 } });

    const given = await queryRows<{ user_id: string; pack_id: string; kind: string; payment_method: string }>(
      db(),
      sql`select p.owner_user_id as user_id, p.id as pack_id, o.payment_method,
                 (select distinct a.kind from product_activities a join editions e on e.id = a.edition_id
                  where e.pack_id = p.id) as kind
          from packs p join orders o on o.id = p.order_id where p.policy_id = ${drop.giftRound!.id}`,
    );
    expect(given).toHaveLength(2);
    expect(new Set(given.map((row) => row.user_id)).size).toBe(2);
    for (const row of given) expect(row).toMatchObject({ kind: 'AIRDROPPED', payment_method: 'GIFT' });
    const dropName = (await send('GET', `/v1/drops/${drop.dropId}`)).json().data.name;
    for (const row of given) {
      const person = people.find((candidate) => candidate.userId === row.user_id)!;
      expect(await noticesOf(t, await freshAccessToken(t, person.userId), 'AIRDROP')).toEqual([
        {
          title: 'Airdrop received',
          body: `Launch party: you received a pack of ${dropName}.`,
          linkPath: packPath(row.pack_id),
        },
      ]);
    }
  });

  it('is a day’s reward of a calendar: shown on the calendar, given at the check-in', async () => {
    const drop = await giftDrop(1, 1);
    const today = t.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now().getTime() + DAY_MS).toISOString().slice(0, 10);
    const made = await send('POST', '/v1/console/attendance-calendars', await adminToken(), {
      name: 'Pack days',
      startDate: today,
      endDate: tomorrow,
      dailyReward: { kind: 'CREDIT', amount: 100 },
      dayRewards: [{ date: today, reward: drop.grant }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const person = await fastBuyer(t);
    const rewards = (await send('GET', '/v2/attendance/rewards', person.accessToken)).json().data;
    expect(JSON.stringify(rewards)).toContain('"kind":"PACK"');
    const checkedIn = await send('POST', '/v1/attendance', person.accessToken);
    expect(checkedIn.statusCode, checkedIn.body).toBe(201);
    const [reward] = checkedIn.json().data.rewards;
    expect(reward).toMatchObject({
      status: 'DELIVERED',
      grant: { kind: 'PACK', drop: { id: drop.dropId } },
      pack: { number: 2, isOpened: false },
    });
    const order = await orderOf(person.accessToken, reward.pack.orderId);
    expect(order).toMatchObject({ paymentMethod: 'GIFT', total: { amount: 0 } });
    // A second person the same day: the round has run out, the check-in stands, the reward is out of stock.
    const late = await send('POST', '/v1/attendance', (await fastBuyer(t)).accessToken);
    expect(late.statusCode).toBe(201);
    expect(late.json().data.rewards[0]).toMatchObject({ status: 'OUT_OF_STOCK', pack: null });
    const [activity] = await queryRows<{ kind: string }>(
      db(),
      sql`select distinct a.kind from product_activities a join editions e on e.id = a.edition_id
          where e.pack_id = ${reward.pack.id}`,
    );
    expect(activity!.kind).toBe('REWARDED');
  });
});
