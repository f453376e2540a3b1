import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  verifyProvenance,
  type TAttendanceRewards,
  type TDrop,
  type TDropProvenance,
  type TFusion,
  type TPass,
} from '@cypher/contract';
import { queryRows } from '../query-rows.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, logIn } from '../../testing/auth-helpers.ts';
import { demoAccounts } from './seed-demo-accounts.ts';
import { provenanceSeedKey } from '../../modules/drops/provenance-seed-cipher.ts';
import { seedDemo, seedDemoIfEmpty } from './seed-demo.ts';
import { demoPass } from './seed-passes.ts';
import { DEMO_COLLECTOR_TICKETS } from './seed-tickets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo({
    database: t.database,
    clock: t.clock,
    storage: t.storage,
    orders: t.deps.config.orders,
    seedKey: provenanceSeedKey(t.deps.config),
  });
}, 120_000);
afterAll(() => t.close());

const get = (url: string, headers = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the demo seed on a fresh database', () => {
  it('writes 30 published products across every rarity, commons most plentiful', async () => {
    expect((await get('/v1/products?size=1')).json().data.total).toBe(30);
    const counts = (await get('/v1/products/rarities')).json().data as { rarity: string; count: number }[];
    const countOf = (rarity: string) => counts.find((entry) => entry.rarity === rarity)?.count ?? 0;
    expect(counts.every((entry) => entry.count > 0)).toBe(true);
    expect(countOf('COMMON')).toBeGreaterThan(countOf('RARE'));
    expect(countOf('RARE')).toBeGreaterThan(countOf('LEGENDARY'));
  });

  it('writes at least four brands of different types, featured ones among them, each with licenses and collections', async () => {
    const brands = (await get('/v1/brands')).json().data.items as {
      id: string;
      type: string;
      isFeatured: boolean;
      logoUrl: string;
    }[];
    expect(brands.length).toBeGreaterThanOrEqual(4);
    expect(new Set(brands.map((brand) => brand.type)).size).toBeGreaterThanOrEqual(4);
    expect(brands.some((brand) => brand.isFeatured)).toBe(true);
    const grouped = (await get('/v1/collections/brands')).json().data;
    expect(grouped.total).toBe(brands.length);
    expect((await get('/v1/licenses')).json().data.total).toBeGreaterThanOrEqual(brands.length);
    expect((await get('/v1/categories')).json().data.total).toBeGreaterThan(0);
    expect((await get('/v1/tags')).json().data.total).toBeGreaterThan(0);
  });

  it('shows at least three banners now, and product activities only from the seeded orders', async () => {
    expect((await get('/v1/banners')).json().data.total).toBeGreaterThanOrEqual(3);
    const legendary = (await get('/v1/products?rarity=LEGENDARY')).json().data.items as { id: string; name: string }[];
    // Nobody bought the upcoming drop's products: no invented activity either.
    const nebula = legendary.find((product) => product.name === 'Nebula Core')!;
    expect((await get(`/v1/products/${nebula.id}/activities?size=20`)).json().data).toEqual({
      items: [],
      nextCursor: null,
    });

    // The completed drop's products were bought and opened by the demo collectors, one edition at a time. Which
    // products their packs held is the draw's, so the product looked at is one with an opened edition.
    const [opened] = await queryRows<{ product_id: string }>(
      t.database.db,
      sql`select e.product_id from editions e join collections c on c.id = e.collection_id
          where c.name = 'Midnight Bloom' and e.state = 'OWNED' order by e.product_id limit 1`,
    );
    const activities = (await get(`/v1/products/${opened!.product_id}/activities?size=100`)).json().data.items as {
      kind: string;
      actor: { nickname: string | null } | null;
      editionNumber: number | null;
    }[];
    const kinds = new Set(activities.map((activity) => activity.kind));
    expect(kinds).toEqual(new Set(['PURCHASED', 'OPENED']));
    for (const activity of activities) {
      expect(['Nova', 'Juniper', 'Rook', 'Mika']).toContain(activity.actor?.nickname);
      expect(activity.editionNumber).toBeGreaterThan(0);
    }
    const [orders] = await t.database.db
      .execute(sql`select count(*)::int as n from orders where status = 'SUCCESSFUL'`)
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(Number(orders!.n)).toBe(8);
    // Nothing has happened yet that the pages would show as later than now.
    const [latest] = await queryRows<{ at: Date | string }>(
      t.database.db,
      sql`select max(created_at) as at from product_activities`,
    );
    expect(new Date(latest!.at).getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    // Nor earlier than its collector joined, or paid before their money arrived (session 70's hunt: "Collecting since"
    // today on a profile whose purchases were a week old).
    const beforeJoining = await queryRows<{ id: string }>(
      t.database.db,
      sql`select o.id from orders o join users u on u.id = o.user_id
          where o.created_at < u.created_at
             or o.created_at < (select min(e.created_at) from ledger_entries e
                                join ledger_accounts a on a.id = e.account_id where a.owner_user_id = o.user_id)`,
    );
    expect(beforeJoining).toEqual([]);
  });

  it('stores generated artwork that is served as images, a rarity frame per product', async () => {
    const product = (await get('/v1/products?size=1')).json().data.items[0] as {
      id: string;
      imageUrl: string;
      imageThumbnailUrl: string;
    };
    for (const url of [product.imageUrl, product.imageThumbnailUrl]) {
      const image = await get(url);
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
    const detail = (await get(`/v1/products/${product.id}`)).json().data;
    expect(detail.properties.map((property: { traitType: string }) => property.traitType)).toContain('Frame');
  });

  it('makes the demo admin (who can use the console) and the demo collector (who cannot), both able to sign in', async () => {
    const adminLogin = await logIn(t, demoAccounts.admin.email, demoAccounts.admin.password);
    expect(adminLogin.statusCode).toBe(200);
    const adminToken = adminLogin.json().data.accessToken;
    expect((await get('/v1/users/my', bearer(adminToken))).json().data).toMatchObject({
      status: 'ACTIVE',
      nickname: 'Operator',
      isEmailVerified: true,
    });
    expect((await get('/v1/console/me', bearer(adminToken))).json().data).toMatchObject({
      isAdmin: true,
      roles: ['admin'],
    });

    const fanLogin = await logIn(t, demoAccounts.collector.email, demoAccounts.collector.password);
    expect(fanLogin.statusCode).toBe(200);
    const fanToken = fanLogin.json().data.accessToken;
    expect((await get('/v1/users/my', bearer(fanToken))).json().data.status).toBe('ACTIVE');
    expect((await get('/v1/console/me', bearer(fanToken))).statusCode).toBe(403);
  });

  it('counts as seeded afterwards, so a restart does not seed twice', async () => {
    expect(
      await seedDemoIfEmpty({
        database: t.database,
        clock: t.clock,
        storage: t.storage,
        orders: t.deps.config.orders,
        seedKey: provenanceSeedKey(t.deps.config),
      }),
    ).toBe(false);
  });
});

describe('the demo figure bases', () => {
  it('shows three bases on public collections, one with slots for named products and a rarity', async () => {
    const bases = (await get('/v1/figure-base-collections')).json().data;
    expect(bases.total).toBe(3);
    const hall = bases.items.find((base: { name: string }) => base.name === 'Hall of Heroes');
    expect(hall.collection.name).toBe('Pixel Knights: Genesis');
    expect(
      hall.slots.map((slot: { name: string; product: { name: string } | null; rarity: string | null }) => [
        slot.name,
        slot.product?.name ?? null,
        slot.rarity,
      ]),
    ).toEqual([
      ['Squire’s post', 'Pixel Knight Squire', null],
      ['Vanguard', null, null],
      ['Champion’s seat', null, 'RARE'],
      ['Dragon’s perch', 'Dragon of the Eighth Bit', null],
    ]);
  });
});

describe('the demo drops', () => {
  const listed = async (status: string) => (await get(`/v1/drops?status=${status}`)).json().data.items as TDrop[];
  const provenanceOf = async (id: string) => (await get(`/v1/drops/${id}/provenance`)).json().data as TDropProvenance;

  it('shows one drop in each state: live for 30 days in two rounds, upcoming in three days, completed yesterday', async () => {
    const now = t.clock.now().getTime();
    const [live] = await listed('AVAILABLE');
    expect(live).toMatchObject({ name: 'Pixel Knights: Genesis Pack', status: 'AVAILABLE', isSoldOut: false });
    expect(Date.parse(live!.dropEndAt) - now).toBe(30 * 24 * 60 * 60 * 1000);
    // The four demo collectors bought 1, 2, 1 and 2 packs.
    expect(live!.counts).toEqual({ dropCount: 300, soldCount: 6, roundCount: 2, whitelistCount: 3 });
    expect(
      live!.salePolicies.map((policy) => [policy.round, policy.beginIssuedPackNumber, policy.endIssuedPackNumber]),
    ).toEqual([
      [1, 1, 200],
      [2, 201, 300],
    ]);
    expect(live!.salePolicies[0]!.whitelists).toEqual([]);
    expect(live!.salePolicies[1]!.whitelists).toEqual([expect.objectContaining({ name: 'Genesis early access' })]);
    expect(new Set(live!.contents.map((content) => content.product.rarity))).toEqual(
      new Set(['COMMON', 'RARE', 'EPIC', 'LEGENDARY']),
    );
    expect(live!.editions).toEqual({ total: 900, guaranteedPerPack: 3 });

    const [upcoming] = await listed('NEXT');
    expect(upcoming).toMatchObject({ name: 'Starfall Academy: Orientation Day', status: 'NEXT' });
    expect(Date.parse(upcoming!.dropBeginAt) - now).toBe(3 * 24 * 60 * 60 * 1000);
    // Its round has a waiting room, which opens an hour before the round.
    expect((await get(`/v1/drops/${upcoming!.id}/rounds/1/waiting-room`)).json().data).toMatchObject({
      hasWaitingRoom: true,
      joinOpensAt: new Date(Date.parse(upcoming!.dropBeginAt) - 60 * 60 * 1000).toISOString(),
      admitPerMinute: 120,
      isOpenForJoining: false,
    });

    const [completed] = await listed('COMPLETED');
    expect(completed).toMatchObject({ name: 'Midnight Bloom: Opening Night', status: 'COMPLETED' });
    expect(now - Date.parse(completed!.dropEndAt)).toBe(24 * 60 * 60 * 1000);
  });

  it('mints the live drop’s legendary as generative editions, each with a PNG of its own', async () => {
    const dragons = await queryRows<{ type: string; resource_uri: string | null }>(
      t.database.db,
      sql`select e.type, e.resource_uri from editions e join products p on p.id = e.product_id
          where p.name = 'Dragon of the Eighth Bit' order by e.serial_number`,
    );
    expect(dragons).toHaveLength(5);
    expect(dragons.every((edition) => edition.type === 'GENERATIVE')).toBe(true);
    expect(new Set(dragons.map((edition) => edition.resource_uri)).size).toBe(5);
    const image = await get(dragons[0]!.resource_uri!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const [product] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from products where name = 'Dragon of the Eighth Bit'`,
    );
    const admin = (await logIn(t, demoAccounts.admin.email, demoAccounts.admin.password)).json().data;
    const artworks = (await get(`/v1/console/products/${product!.id}/artworks`, bearer(admin.accessToken))).json().data;
    expect(artworks).toMatchObject({ editionSize: 10, editionsMade: 5, canChange: false });
    expect(artworks.artworks).toHaveLength(10);
  });

  it('puts the demo collector on the live drop’s whitelisted second round', async () => {
    const [live] = await listed('AVAILABLE');
    const fan = (await logIn(t, demoAccounts.collector.email, demoAccounts.collector.password)).json().data.accessToken;
    expect((await get(`/v1/drops/${live!.id}`, bearer(fan))).json().data.viewer).toEqual({
      isWhitelisted: null,
      // Round 1 is open to everyone: no pass asked for.
      holdsRequiredPass: null,
      passGuarantee: null,
      remaining: 10,
      purchasedCount: 0,
      heldCount: 0,
      heldOrderId: null,
      heldInRoundOrderId: null,
      // On its list, so "Remind me" offers the second round.
      reminder: {
        policyId: live!.salePolicies[1]!.id,
        round: 2,
        saleBeginAt: live!.salePolicies[1]!.saleBeginAt,
        isSet: false,
      },
    });
    const [row] = await queryRows<{ count: number | string }>(
      t.database.db,
      sql`select count(*) from sale_policy_whitelist where policy_id = ${live!.salePolicies[1]!.id}
            and email = 'fan@cypher.local'`,
    );
    expect(Number(row!.count)).toBe(1);
  });

  it('puts the Drop ticket on sale at $1.00 and gives the demo collector three, with their history', async () => {
    const onSale = (await get('/v1/tickets')).json().data.items as { name: string; price: unknown }[];
    expect(onSale).toEqual([
      expect.objectContaining({
        name: 'Drop ticket',
        price: { amount: 100, currency: 'USD' },
        usedFor: 'Enter raffle rounds',
      }),
    ]);
    const fan = (await logIn(t, demoAccounts.collector.email, demoAccounts.collector.password)).json().data.accessToken;
    const mine = (await get('/v1/tickets/my', bearer(fan))).json().data.items;
    expect(mine).toEqual([expect.objectContaining({ count: DEMO_COLLECTOR_TICKETS })]);
    expect((await get('/v1/tickets/my/history', bearer(fan))).json().data.items).toEqual([
      expect.objectContaining({ delta: 3, reason: 'CONSOLE_GRANT', description: '3 Drop tickets from the team' }),
    ]);
  });

  it('tells each opened edition’s story in time order: minted at publication, then bought, then opened', async () => {
    const opened = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from editions where state = 'OWNED' and owner_user_id is not null order by id`,
    );
    expect(opened.length).toBeGreaterThan(0);
    for (const { id } of opened) {
      const history = (await get(`/v1/editions/${id}/histories`)).json().data.items as {
        kind: string;
        createdAt: string;
      }[];
      expect(history[0]!.kind).toBe('MINTED');
      const times = history.map((entry) => Date.parse(entry.createdAt));
      expect(times, `edition ${id}: ${history.map((entry) => `${entry.kind} ${entry.createdAt}`).join(', ')}`).toEqual(
        [...times].sort((a, b) => a - b),
      );
    }
  });

  it('reveals the completed drop’s provenance, which verifies, and fails once one pack’s contents change', async () => {
    const [completed] = await listed('COMPLETED');
    const honest = await provenanceOf(completed!.id);
    expect(honest).toMatchObject({ isRevealed: true, commitment: completed!.commitment, editionsPerPack: 2 });
    expect(honest.packs).toHaveLength(100);
    const check = (provenance: TDropProvenance) =>
      verifyProvenance({
        commitment: provenance.commitment,
        seed: provenance.seed!,
        editionsPerPack: provenance.editionsPerPack,
        packs: provenance.packs!,
      });
    expect(check(honest)).toEqual({ isCommitmentMatched: true, isShuffleMatched: true });

    // Someone with database access swaps one edition of pack 1 with one of pack 2.
    await t.database.db.execute(sql`
      with pair as (
        select (select e.id from editions e join packs p on p.id = e.pack_id
                 where p.drop_id = ${completed!.id} and p.number = 1 order by e.id limit 1) as first_edition,
               (select p.id from packs p where p.drop_id = ${completed!.id} and p.number = 1) as first_pack,
               (select e.id from editions e join packs p on p.id = e.pack_id
                 where p.drop_id = ${completed!.id} and p.number = 2 order by e.id limit 1) as second_edition,
               (select p.id from packs p where p.drop_id = ${completed!.id} and p.number = 2) as second_pack
      )
      update editions e set pack_id = case when e.id = pair.first_edition then pair.second_pack else pair.first_pack end
      from pair where e.id in (pair.first_edition, pair.second_edition)`);
    const tampered = await provenanceOf(completed!.id);
    expect(tampered.commitment).toBe(honest.commitment);
    expect(tampered.packs).not.toEqual(honest.packs);
    expect(check(tampered).isCommitmentMatched).toBe(false);
  });
});

describe('the demo pass', () => {
  it('shows one pass on sale now for 60 days, valid for 90, its whole supply left and three benefits', async () => {
    const now = t.clock.now().getTime();
    const listed = (await get('/v1/passes')).json().data;
    expect(listed.total).toBe(1);
    const pass = listed.items[0] as TPass;
    expect(pass).toMatchObject({
      name: demoPass.name,
      brand: { slug: demoPass.brand },
      status: 'ON_SALE',
      supply: 500,
      remaining: 500,
      price: { amount: 2_500, currency: 'USD' },
      perPersonLimit: 2,
      held: 0,
    });
    expect(pass.benefits).toHaveLength(3);
    expect(Date.parse(pass.saleEndAt) - now).toBe(60 * 24 * 60 * 60 * 1000);
    expect(Date.parse(pass.validUntil) - now).toBe(90 * 24 * 60 * 60 * 1000);
    expect(Date.parse(pass.saleBeginAt)).toBeLessThan(now);
    const image = await get(pass.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('opens Knighting Ceremony now (a Squire and two Genesis heroes make a Paladin) and Midnight Tune-up in three days', async () => {
    const listed = (await get('/v1/fusions?size=10')).json().data;
    expect(listed.total).toBe(2);
    const [available] = (await get('/v1/fusions?status=AVAILABLE')).json().data.items as TFusion[];
    expect(available).toMatchObject({
      name: 'Knighting Ceremony',
      brand: { slug: 'neon-arcade' },
      result: { product: { name: 'Pixel Knight Paladin' }, supply: 40, remaining: 40 },
      isAllFused: false,
    });
    expect((await get(`/v1/fusions/${available!.id}`)).json().data).toMatchObject({
      slots: [
        { name: 'The squire', requiredCount: 1, rule: { kind: 'PRODUCT' } },
        { name: 'Two more heroes', requiredCount: 2, rule: { kind: 'COLLECTION' } },
      ],
    });
    const [upcoming] = (await get('/v1/fusions?status=UPCOMING')).json().data.items as TFusion[];
    expect(upcoming).toMatchObject({ name: 'Midnight Tune-up', result: { supply: 10 } });
    expect(Date.parse(upcoming!.beginAt) - t.clock.now().getTime()).toBe(3 * 24 * 60 * 60 * 1000);
    // The Paladins a fusion makes follow the live drop's: the serials of its 90 come first.
    const [serials] = await queryRows<{ first: number }>(
      t.database.db,
      sql`select min(e.serial_number)::int as first from editions e where e.state = 'UNISSUED'
          and e.product_id = ${available!.result.product!.id}`,
    );
    expect(serials!.first).toBe(91);
  });
});

describe('the demo attendance calendar', () => {
  it('runs a calendar covering today, 1.00 CYP today, a weekly Drop ticket and three streak bonuses', async () => {
    const rewards = (await get('/v2/attendance/rewards')).json().data as TAttendanceRewards;
    const calendar = rewards.calendar!;
    expect(calendar).toMatchObject({ name: 'Season one check-in' });
    expect(calendar.days).toHaveLength(90);
    const today = calendar.days.find((day) => day.date === rewards.today);
    expect(today?.reward).toMatchObject({ kind: 'CREDIT', credit: { amount: 100, currency: 'CYP' } });
    expect(calendar.days.filter((day) => day.reward.kind === 'TICKETS')).toHaveLength(12);
    expect(calendar.streakBonuses.map((bonus) => [bonus.streakDays, bonus.reward.description])).toEqual([
      [3, '2 Drop tickets'],
      [7, '5.00 CYP'],
      [14, 'Neon Season Pass'],
    ]);
  });
});

// Session 78's payouts hunt: a first start stopped while seeding left the demo accounts without the seed marker, and
// every later start failed on their email.
describe('the demo seed cut short', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  }, 60_000);
  afterAll(() => fresh.close());

  it('leaves nothing behind, so the next start seeds from the beginning', async () => {
    const deps = {
      database: fresh.database,
      clock: fresh.clock,
      orders: fresh.deps.config.orders,
      seedKey: provenanceSeedKey(fresh.deps.config),
    };
    // The catalogue's artwork cannot be stored: the seed stops after the demo accounts are written.
    const failing = { ...fresh.storage, put: () => Promise.reject(new Error('the disk went away')) };
    await expect(seedDemoIfEmpty({ ...deps, storage: failing })).rejects.toThrow('the disk went away');
    const countOf = async (table: string) =>
      (await queryRows<{ n: number }>(fresh.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
    expect(await countOf('users')).toBe(0);
    expect(await countOf('seed_marker')).toBe(0);

    expect(await seedDemoIfEmpty({ ...deps, storage: fresh.storage })).toBe(true);
    expect(await countOf('seed_marker')).toBe(1);
    expect((await logIn(fresh, demoAccounts.collector.email, demoAccounts.collector.password)).statusCode).toBe(200);
  }, 120_000);
});
