import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyProvenance, type TConsoleDrop, type TConsoleDropRequest } from '@cypher/contract';
import { testDatabaseUrl } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type JobQueue } from '../../jobs/job-queue.ts';
import { recurringJobs, startJobScheduler, type JobScheduler } from '../../jobs/job-scheduler.ts';
import { newId } from '../../lib/ids.ts';
import { bearer } from '../../testing/auth-helpers.ts';
import { insertBrand, insertProduct } from '../../testing/catalog-fixtures.ts';
import { dropRequest } from '../../testing/console-drop-fixtures.ts';
import { fastBuyer, insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { raceThroughGate } from '../../testing/lock-barrier.ts';
import { signUpOperator } from '../../testing/operator-helpers.ts';
import { createTestApp, schedulerDeps, type TestApp } from '../../testing/test-app.ts';
import { depositForTest } from '../../testing/wallet-helpers.ts';
import { products } from '../catalog/catalog.tables.ts';
import { checkDropProducts } from './drop-products.ts';
import { drops } from './drops.tables.ts';
import { decryptSeed, provenanceSeedKey } from './provenance-seed-cipher.ts';
import { writeDropPacks } from './write-drop-packs.ts';

const isOnPostgres = Boolean(testDatabaseUrl());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpOperator>>;
/** The job workers of this "process": none until a test starts them, as after a crash before the restart. */
let scheduler: JobScheduler | null = null;
const jobs: JobQueue = { send: (name, data) => (scheduler ? scheduler.jobs.send(name, data) : Promise.resolve(null)) };

/**
 * A tenth of the default sizes (20,000 editions at most in the request, batches of 10,000): the same number of batches
 * and the same paths, at a tenth of the rows (a full-size file took two and a half minutes on PGlite).
 */
const publicationEnv = { DROP_PUBLISH_INLINE_MAX_EDITIONS: '2000', DROP_PUBLISH_BATCH_EDITIONS: '1000' };

beforeAll(async () => {
  t = await createTestApp({ jobs: () => jobs, env: publicationEnv });
  admin = await signUpOperator(t, 'admin');
});
afterEach(async () => {
  await scheduler?.stop();
  scheduler = null;
});
afterAll(() => t.close());

/** Starts the workers as a process does: with the start-up sweep that picks up drops left PUBLISHING. */
async function startWorkers(database: Database = t.database): Promise<JobScheduler> {
  return startJobScheduler(
    { ...schedulerDeps(t), database },
    { jobs: recurringJobs.filter((job) => job.name === 'resume-drop-publications'), pollingIntervalSeconds: 0.5 },
  );
}

const publisher = (app: TestApp = t, database: Database = app.database) => ({
  db: database.db,
  clock: app.clock,
  seedKey: provenanceSeedKey(app.deps.config),
  publication: app.deps.config.drops.publication,
});

/** Products without an edition size, so several large drops can take from them. */
async function unlimitedProducts(brandId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = (await insertProduct(t.database.db, brandId, { rarity: index === 0 ? 'COMMON' : 'RARE' })).id;
    await t.database.db.update(products).set({ editionSize: null }).where(eq(products.id, id));
    ids.push(id);
  }
  return ids;
}

/** 1,000 packs of 3 (3,000 editions, above the inline limit) over two rounds, from the products given. */
function largeRequest(brandId: string, productIds: string[], editions: Record<string, number>): TConsoleDropRequest {
  const base = dropRequest(brandId, productIds, t.clock.now());
  return {
    ...base,
    rounds: [
      { ...base.rounds[0]!, packCount: 800 },
      { ...base.rounds[1]!, packCount: 200 },
    ],
    contents: productIds.map((productId) => ({ productId, editionCount: editions[productId]! })),
  };
}

async function call<T = TConsoleDrop>(
  app: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  const response = await app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as { data: T; code?: string } };
}
const asAdmin = <T = TConsoleDrop>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  call<T>(t, admin.accessToken, method, url, payload);

async function createDraft(request: TConsoleDropRequest, app: TestApp = t, token = admin.accessToken): Promise<string> {
  const created = await call(app, token, 'POST', '/v1/console/drops', request);
  expect(created.status).toBe(201);
  return created.body.data.id;
}

/** Reads the console drop until its publication is complete, keeping every progress figure it saw on the way. */
async function untilPublished(dropId: string, timeoutMs = 120_000): Promise<{ drop: TConsoleDrop; seen: number[] }> {
  const seen: number[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const drop = (await asAdmin('GET', `/v1/console/drops/${dropId}`)).body.data;
    if (drop.publication) seen.push(drop.publication.packsWritten);
    if (drop.publicationStatus === 'PUBLISHED') return { drop, seen };
    if (Date.now() > deadline) throw new Error(`drop ${dropId} still ${drop.publicationStatus} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/**
 * A drop of 1,000 packs of 3 written in full: every pack number once, every edition once, each product's serials a
 * run from 1 (`serialCounts`), and the contents the seed's shuffle under the commitment.
 */
async function expectWrittenInFull(dropId: string, commitment: string, serialCounts: Record<string, number>) {
  const written = await writtenContents(dropId);
  expect(written.packNumbers).toEqual(range(1, 1_000));
  expect(written.editionCount).toBe(3_000);
  for (const [productId, count] of Object.entries(serialCounts))
    expect(written.serials.get(productId)).toEqual(range(1, count));
  expect(
    verifyProvenance({ commitment, seed: await plainSeedOf(dropId), editionsPerPack: 3, packs: written.packs }),
  ).toEqual({ isCommitmentMatched: true, isShuffleMatched: true });
}

/** What the database holds of a drop: its pack numbers, and per product its serial numbers (both sorted). */
async function writtenContents(dropId: string) {
  const packRows = await queryRows<{ number: number }>(
    t.database.db,
    sql`select number from packs where drop_id = ${dropId} order by number`,
  );
  const editionRows = await queryRows<{ number: number; product_id: string; serial_number: number }>(
    t.database.db,
    sql`select p.number, e.product_id, e.serial_number from editions e join packs p on p.id = e.pack_id
        where p.drop_id = ${dropId} order by e.product_id, e.serial_number`,
  );
  const serials = new Map<string, number[]>();
  const packs = new Map<number, { productId: string; serialNumber: number }[]>();
  for (const row of editionRows) {
    serials.set(row.product_id, [...(serials.get(row.product_id) ?? []), row.serial_number]);
    packs.set(row.number, [
      ...(packs.get(row.number) ?? []),
      { productId: row.product_id, serialNumber: row.serial_number },
    ]);
  }
  return {
    packNumbers: packRows.map((row) => Number(row.number)),
    editionCount: editionRows.length,
    serials,
    packs: [...packs].map(([number, items]) => ({ number, items })),
  };
}

const range = (first: number, count: number) => Array.from({ length: count }, (_, index) => first + index);

async function plainSeedOf(dropId: string): Promise<string> {
  const [row] = await t.database.db.select({ seed: drops.seed }).from(drops).where(eq(drops.id, dropId));
  return decryptSeed(provenanceSeedKey(t.deps.config), dropId, row!.seed!);
}

describe('publishing a large drop as a job', () => {
  it(`answers 202 PUBLISHING above the inline limit of editions; the queued job writes every pack and edition and ends PUBLISHED`, async () => {
    const brandId = (await insertBrand(t.database.db)).id;
    const [common, rare] = await unlimitedProducts(brandId, 2);
    const id = await createDraft(largeRequest(brandId, [common!, rare!], { [common!]: 2_700, [rare!]: 300 }));
    scheduler = await startWorkers();

    const answer = await asAdmin('POST', `/v1/console/drops/${id}/publish`);
    expect(answer.status).toBe(202);
    expect(answer.body.data).toMatchObject({
      publicationStatus: 'PUBLISHING',
      publication: { packsWritten: 0, packTotal: 1_000 },
      commitment: null,
      publishedAt: null,
    });
    expect(answer.body.data.contents.map((content) => [content.productId, content.firstSerialNumber])).toEqual(
      expect.arrayContaining([
        [common, 1],
        [rare, 1],
      ]),
    );

    const { drop, seen } = await untilPublished(id);
    console.info(
      `publish of 1,000 packs / 3,000 editions through the job on ${t.database.kind}: progress seen ${seen.join(', ')}`,
    );
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(drop).toMatchObject({
      publicationStatus: 'PUBLISHED',
      publication: { packsWritten: 1_000, packTotal: 1_000 },
      publishedAt: t.clock.now().toISOString(),
      counts: { dropCount: 1_000, soldCount: 0, heldCount: 0 },
    });
    await expectWrittenInFull(id, drop.commitment!, { [common!]: 2_700, [rare!]: 300 });

    // The planner's statistics were refreshed at the end (sale-statistics.ts): they count the packs just written
    // (a table never analyzed has reltuples -1; autovacuum would take a minute or more), and a purchase's claim reads
    // the round's first packs from its index and stops, instead of reading and sorting all 800 of them.
    const [statistics] = await queryRows<{ packs: number; editions: number }>(
      t.database.db,
      sql`select (select reltuples from pg_class where relname = 'packs')::int as packs,
                 (select reltuples from pg_class where relname = 'editions')::int as editions`,
    );
    expect(Number(statistics!.packs)).toBeGreaterThanOrEqual(900);
    expect(Number(statistics!.editions)).toBeGreaterThanOrEqual(2_700);
    const [round] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from sale_policies where drop_id = ${id} order by round limit 1`,
    );
    const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(
      t.database.db,
      sql`explain (format json) select id, number from packs where policy_id = ${round!.id} and order_id is null
          order by number limit 25 for update skip locked`,
    );
    const planText = JSON.stringify(plan!['QUERY PLAN']);
    expect(planText).toContain('packs_unclaimed_idx');
    expect(planText).not.toContain('"Sort"');
  }, 180_000);

  it('resumes after a stop mid-way: the restarted workers finish with exactly the packs, editions and commitment of one run', async () => {
    const brandId = (await insertBrand(t.database.db)).id;
    const [common, rare] = await unlimitedProducts(brandId, 2);
    const id = await createDraft(largeRequest(brandId, [common!, rare!], { [common!]: 2_500, [rare!]: 500 }));
    // No workers: the job message goes nowhere, as when the process stops before a worker takes it.
    expect((await asAdmin('POST', `/v1/console/drops/${id}/publish`)).status).toBe(202);

    // One batch, then the process "stops".
    expect(await writeDropPacks(publisher(), id, { batchLimit: 1 })).toBe('PUBLISHING');
    const halfway = (await asAdmin('GET', `/v1/console/drops/${id}`)).body.data;
    expect(halfway).toMatchObject({
      publicationStatus: 'PUBLISHING',
      publication: { packsWritten: 333, packTotal: 1_000 },
    });
    expect(halfway.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await writtenContents(id)).packNumbers).toEqual(range(1, 333));

    // The restart: the workers' start-up sweep hands the drop to a worker, which goes on after pack 333.
    scheduler = await startWorkers();
    const { drop } = await untilPublished(id);
    expect(drop.commitment).toBe(halfway.commitment);
    await expectWrittenInFull(id, drop.commitment!, { [common!]: 2_500, [rare!]: 500 });
  }, 180_000);

  it('lets two workers on one drop side by side: each batch continues after the other’s, nothing is written twice', async () => {
    const brandId = (await insertBrand(t.database.db)).id;
    const [common] = await unlimitedProducts(brandId, 1);
    const id = await createDraft(largeRequest(brandId, [common!], { [common!]: 3_000 }));
    expect((await asAdmin('POST', `/v1/console/drops/${id}/publish`)).status).toBe(202);

    const results = await Promise.all([writeDropPacks(publisher(), id), writeDropPacks(publisher(), id)]);
    expect(results).toEqual(['PUBLISHED', 'PUBLISHED']);
    const written = await writtenContents(id);
    expect(written.packNumbers).toEqual(range(1, 1_000));
    expect(written.serials.get(common!)).toEqual(range(1, 3_000));
  }, 180_000);

  it('shows a PUBLISHING drop to operators only: no page, list, sitemap, provenance or purchase sees it until it is PUBLISHED', async () => {
    const brandId = (await insertBrand(t.database.db)).id;
    const [common] = await unlimitedProducts(brandId, 1);
    const request = largeRequest(brandId, [common!], { [common!]: 3_000 });
    // On sale from now: only the publication keeps it from the public.
    const id = await createDraft({
      ...request,
      dropBeginAt: request.visibleAt,
      rounds: [{ ...request.rounds[0]!, saleBeginAt: request.visibleAt }, request.rounds[1]!],
    });
    expect((await asAdmin('POST', `/v1/console/drops/${id}/publish`)).status).toBe(202);
    expect(await writeDropPacks(publisher(), id, { batchLimit: 1 })).toBe('PUBLISHING');

    const buyer = await fastBuyer(t);
    await depositForTest(t.database.db, { userId: buyer.userId, source: 'crypto', amount: 100_000 });
    const purchase = () =>
      t.app.inject({
        method: 'POST',
        url: '/v2/orders',
        headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
        payload: { dropId: id, quantity: 1, paymentMethod: 'BALANCE' },
      });
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const listedIds = async () =>
      ((await get('/v1/drops?size=100')).json().data.items as { id: string }[]).map((drop) => drop.id);

    expect((await get(`/v1/drops/${id}`)).json()).toMatchObject({ code: 'DROP_NOT_FOUND' });
    expect((await get(`/v1/drops/${id}/provenance`)).json()).toMatchObject({ code: 'DROP_NOT_FOUND' });
    expect(await listedIds()).not.toContain(id);
    expect((await get('/sitemap.xml')).body).not.toContain(id);
    expect((await get(`/v1/orders/fee?dropId=${id}&quantity=1`)).json()).toMatchObject({ code: 'DROP_NOT_FOUND' });
    expect((await purchase()).json()).toMatchObject({ code: 'DROP_NOT_FOUND' });
    // Operators see it, under its own status, and can no longer change or publish it again.
    type Listed = { items: { id: string; publicationStatus: string }[] };
    const publishing = (await asAdmin<Listed>('GET', `/v1/console/drops?brandId=${brandId}&status=PUBLISHING`)).body
      .data;
    expect(publishing.items.map((item) => item.id)).toEqual([id]);
    const published = (await asAdmin<Listed>('GET', `/v1/console/drops?brandId=${brandId}&status=PUBLISHED`)).body.data;
    expect(published.items).toEqual([]);
    expect((await asAdmin('PUT', `/v1/console/drops/${id}`, request)).body.code).toBe('DROP_ALREADY_PUBLISHED');
    expect((await asAdmin('POST', `/v1/console/drops/${id}/publish`)).body.code).toBe('DROP_ALREADY_PUBLISHED');

    expect(await writeDropPacks(publisher(), id)).toBe('PUBLISHED');
    expect((await get(`/v1/drops/${id}`)).statusCode).toBe(200);
    expect(await listedIds()).toContain(id);
    const bought = await purchase();
    expect([bought.statusCode, bought.json().data?.status]).toEqual([201, 'SUCCESSFUL']);
  }, 180_000);

  it('reserves serial runs at the start: a drop published while another of its product is still PUBLISHING takes the numbers after it', async () => {
    const brandId = (await insertBrand(t.database.db)).id;
    const [common] = await unlimitedProducts(brandId, 1);
    const large = await createDraft(largeRequest(brandId, [common!], { [common!]: 3_000 }));
    expect((await asAdmin('POST', `/v1/console/drops/${large}/publish`)).status).toBe(202);

    // Not one edition of the large drop is written yet.
    const small = await createDraft(
      dropRequest(brandId, [common!], t.clock.now(), {
        editionsPerPack: 2,
        rounds: [{ ...dropRequest(brandId, [common!], t.clock.now()).rounds[0]!, packCount: 5 }],
        contents: [{ productId: common!, editionCount: 10 }],
      }),
    );
    const answer = await asAdmin('POST', `/v1/console/drops/${small}/publish`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.contents[0]).toMatchObject({ firstSerialNumber: 3_001, editionCount: 10 });

    expect(await writeDropPacks(publisher(), large)).toBe('PUBLISHED');
    expect((await writtenContents(large)).serials.get(common!)).toEqual(range(1, 3_000));
    expect((await writtenContents(small)).serials.get(common!)).toEqual(range(3_001, 10));
  }, 180_000);

  it.runIf(isOnPostgres)(
    'serialises two publications of one product on PostgreSQL: both wait on the product, then take disjoint runs',
    async () => {
      const brandId = (await insertBrand(t.database.db)).id;
      const [shared, other] = await unlimitedProducts(brandId, 2);
      const ids = [
        await createDraft(largeRequest(brandId, [shared!, other!], { [shared!]: 2_000, [other!]: 1_000 })),
        await createDraft(largeRequest(brandId, [shared!], { [shared!]: 3_000 })),
      ];
      // A gate: another transaction holds the shared product as a publication's reservation does, until both
      // publications are seen waiting (the first for the gate, the second for the product's tuple lock behind it).
      const answers = await raceThroughGate(
        t.database.pool!.options.connectionString!,
        [{ text: 'select id from products where id = $1 for no key update', values: [shared] }],
        2,
        () => Promise.all(ids.map((id) => asAdmin('POST', `/v1/console/drops/${id}/publish`))),
      );
      expect(answers.map((answer) => answer.status)).toEqual([202, 202]);

      await Promise.all(ids.map((id) => writeDropPacks(publisher(), id)));
      const runs = await Promise.all(ids.map(async (id) => (await writtenContents(id)).serials.get(shared!)!));
      expect([...runs[0]!, ...runs[1]!].sort((a, b) => a - b)).toEqual(range(1, 5_000));
      // Each drop's run is consecutive: one took 1..n, the other what followed.
      for (const run of runs) expect(run).toEqual(range(run[0]!, run.length));
    },
    180_000,
  );
});

describe('a publication beside a live sale of the same products (PostgreSQL)', () => {
  it.runIf(isOnPostgres)(
    'holds its products for the serial reservation in a mode a purchase and a pack opening do not wait for',
    async () => {
      const live = await insertLiveDrop(t.database.db, { now: t.clock.now(), rounds: [{ packCount: 10, price: 100 }] });
      const buyer = await fastBuyer(t);
      await depositForTest(t.database.db, { userId: buyer.userId, source: 'crypto', amount: 10_000 });
      const contents = [live.products.common.id, live.products.legendary.id].map((productId) => ({
        productId,
        editionCount: 1,
      }));
      // Another instance's pool: the reservation's transaction stays open while the purchase runs on the app's.
      const other = await openDatabase({ databaseUrl: t.database.pool!.options.connectionString!, poolSize: 2 });
      try {
        const outcome = await inTransaction(other.db, async (tx) => {
          await checkDropProducts(tx, live.brand.id, contents, { publication: true });
          const purchaseAndOpening = (async () => {
            const bought = await t.app.inject({
              method: 'POST',
              url: '/v2/orders',
              headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
              payload: { dropId: live.dropId, quantity: 1, paymentMethod: 'BALANCE' },
            });
            const order = await t.app.inject({
              method: 'GET',
              url: `/v1/orders/${bought.json().data.id}`,
              headers: bearer(buyer.accessToken),
            });
            const opened = await t.app.inject({
              method: 'POST',
              url: `/v1/packs/${order.json().data.packIds[0]}/open`,
              headers: bearer(buyer.accessToken),
            });
            return [bought.statusCode, opened.statusCode];
          })();
          return Promise.race([purchaseAndOpening, sleep(15_000).then(() => 'waited for the reservation’s locks')]);
        });
        expect(outcome).toEqual([201, 200]);
      } finally {
        await other.close();
      }
    },
    60_000,
  );

  it.runIf(isOnPostgres)(
    'takes no lock a purchase or a pack opening waits for: purchases go on while a batch transaction is open',
    async () => {
      // The live drop, and the large drop of its two products that an operator publishes meanwhile.
      const live = await insertLiveDrop(t.database.db, {
        now: t.clock.now(),
        rounds: [{ packCount: 5_000, price: 100 }],
      });
      const shared = [live.products.common.id, live.products.legendary.id];
      await t.database.db.update(products).set({ editionSize: null }).where(inArray(products.id, shared));

      // The publishing instance: its own pool, named, so every lock it holds is told apart from the buyers'.
      const url = new URL(t.database.pool!.options.connectionString!);
      url.searchParams.set('application_name', 'publisher');
      const publisherDatabase = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
      const publisherApp = await createTestApp({ database: publisherDatabase, env: publicationEnv });
      const sampler = new pg.Client({ connectionString: t.database.pool!.options.connectionString });
      await sampler.connect();
      await sampler.query(`set application_name = 'sampler'`);
      try {
        const operator = await signUpOperator(publisherApp, 'admin');
        const request = largeRequest(live.brand.id, shared, { [shared[0]!]: 5_000, [shared[1]!]: 1_000 });
        const big = await createDraft(
          {
            ...request,
            rounds: [
              { ...request.rounds[0]!, packCount: 1_600 },
              { ...request.rounds[1]!, packCount: 400 },
            ],
          },
          publisherApp,
          operator.accessToken,
        );

        // Buyers: each buys one pack at a time and opens it, until told to stop.
        const buyers = await Promise.all(
          Array.from({ length: 8 }, async () => {
            const buyer = await fastBuyer(t);
            await depositForTest(t.database.db, { userId: buyer.userId, source: 'crypto', amount: 1_000_000 });
            return buyer;
          }),
        );
        type Done = { startedAt: number; endedAt: number; kind: 'purchase' | 'opening' };
        const done: Done[] = [];
        let isStopping = false;
        const buyLoop = async (buyer: (typeof buyers)[number]) => {
          while (!isStopping) {
            const startedAt = performance.now();
            const bought = await t.app.inject({
              method: 'POST',
              url: '/v2/orders',
              headers: { ...bearer(buyer.accessToken), 'idempotency-key': newId() },
              payload: { dropId: live.dropId, quantity: 1, paymentMethod: 'BALANCE' },
            });
            if (bought.statusCode !== 201) throw new Error(`purchase failed: ${bought.statusCode} ${bought.body}`);
            done.push({ startedAt, endedAt: performance.now(), kind: 'purchase' });
            const orderId = bought.json().data.id as string;
            const order = await t.app.inject({
              method: 'GET',
              url: `/v1/orders/${orderId}`,
              headers: bearer(buyer.accessToken),
            });
            const openedAt = performance.now();
            const opened = await t.app.inject({
              method: 'POST',
              url: `/v1/packs/${order.json().data.packIds[0]}/open`,
              headers: bearer(buyer.accessToken),
            });
            if (opened.statusCode !== 200) throw new Error(`opening failed: ${opened.statusCode} ${opened.body}`);
            done.push({ startedAt: openedAt, endedAt: performance.now(), kind: 'opening' });
          }
        };

        // Every few milliseconds: who waits on a lock, and who holds it; and whether both sides are in a transaction.
        const samples = { total: 0, bothInTransaction: 0 };
        const lockWaits: { waiter: string; lock: string; blockers: string[] }[] = [];
        let isSampling = true;
        const sampling = (async () => {
          while (isSampling) {
            const { rows } = await sampler.query<{
              app: string;
              in_transaction: boolean;
              waits: boolean;
              lock: string;
              blockers: string[];
            }>(
              `select a.application_name as app, a.xact_start is not null as in_transaction,
                      a.wait_event_type = 'Lock' as waits, a.wait_event as lock,
                      coalesce((select array_agg(b.application_name) from pg_stat_activity b
                                where b.pid = any(pg_blocking_pids(a.pid))), '{}') as blockers
               from pg_stat_activity a where a.datname = current_database() and a.pid <> pg_backend_pid()`,
            );
            samples.total += 1;
            const isPublisherIn = rows.some((row) => row.app === 'publisher' && row.in_transaction);
            const isBuyerIn = rows.some((row) => row.app === '' && row.in_transaction);
            if (isPublisherIn && isBuyerIn) samples.bothInTransaction += 1;
            for (const row of rows.filter((candidate) => candidate.waits))
              lockWaits.push({ waiter: row.app, lock: row.lock, blockers: row.blockers });
            await sleep(5);
          }
        })();

        const loops = buyers.map((buyer) => buyLoop(buyer));
        // The publication starts: serial runs reserved, products locked FOR NO KEY UPDATE, while purchases run.
        const publishStartedAt = performance.now();
        const answer = await call(publisherApp, operator.accessToken, 'POST', `/v1/console/drops/${big}/publish`);
        expect(answer.status).toBe(202);
        while (done.filter((entry) => entry.startedAt > publishStartedAt).length < 20) await sleep(10);

        // The batches. The first one is held open until buyers have completed ten purchases and openings meanwhile:
        // if a purchase needed a lock that batch holds, they could not.
        let duringOpenBatch = 0;
        const batchesStartedAt = performance.now();
        const status = await writeDropPacks(publisher(publisherApp, publisherDatabase), big, {
          beforeCommit: async ({ from }) => {
            if (from !== 0) return;
            const heldSince = performance.now();
            const deadline = Date.now() + 30_000;
            while (done.filter((entry) => entry.startedAt > heldSince).length < 10) {
              if (Date.now() > deadline) throw new Error('purchases stopped while a publication batch was open');
              await sleep(5);
            }
            duringOpenBatch = done.filter((entry) => entry.startedAt > heldSince).length;
          },
        });
        const publishedAt = performance.now();
        expect(status).toBe('PUBLISHED');
        isStopping = true;
        await Promise.all(loops);
        isSampling = false;
        await sampling;

        const during = done.filter((entry) => entry.startedAt > publishStartedAt && entry.endedAt < publishedAt);
        const latencies = during
          .filter((entry) => entry.kind === 'purchase')
          .map((entry) => entry.endedAt - entry.startedAt);
        latencies.sort((a, b) => a - b);
        const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!;
        // A relation extension lock ('extend') is not a lock the publication holds: it is taken for the moment a
        // table or index grows by a page, by whoever grows it, and released at once. The publication's 6,000 rows grow
        // `editions` and its indexes, so on a busy machine (CI) an opening that needs a new page is sometimes sampled
        // waiting for it (seen once: one sample). The locks this test is about are held to the end of a transaction:
        // rows, tuples, relations, transaction ids.
        const byPublisher = lockWaits.filter(
          (wait) => wait.waiter !== 'publisher' && wait.lock !== 'extend' && wait.blockers.includes('publisher'),
        );
        console.info(
          `publication of 6,000 editions beside a live sale on PostgreSQL: ${latencies.length} purchases and ` +
            `${during.length - latencies.length} openings while PUBLISHING (${duringOpenBatch} during the held batch), ` +
            `purchase latency p50 ${Math.round(latencies[Math.floor(latencies.length / 2)]!)} ms, p99 ${Math.round(p99)} ms; ` +
            `publication batches ${Math.round(publishedAt - batchesStartedAt)} ms; ${samples.total} lock samples, ` +
            `${samples.bothInTransaction} with both sides in a transaction; lock waits seen: ${lockWaits.length} ` +
            `(${byPublisher.length} on the publisher)`,
        );

        // The overlap happened: purchases completed while the drop was PUBLISHING, and while a batch was open.
        expect(latencies.length).toBeGreaterThanOrEqual(10);
        expect(duringOpenBatch).toBeGreaterThanOrEqual(10);
        expect(samples.bothInTransaction).toBeGreaterThan(0);
        // And no purchase or opening ever waited on a lock the publication held.
        expect(byPublisher).toEqual([]);
        const [written] = await queryRows<{ count: string }>(
          t.database.db,
          sql`select count(*) from packs where drop_id = ${big}`,
        );
        expect(Number(written!.count)).toBe(2_000);
      } finally {
        await sampler.end();
        await publisherApp.close();
        await publisherDatabase.close();
      }
    },
    240_000,
  );
});
