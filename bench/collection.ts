// `npm run bench -- collection`: My Collection's first page (`GET /v1/editions`) for a collector holding 1,000 editions,
// over HTTP (keep-alive) against the real server on its own database (PostgreSQL with BENCH_DATABASE_URL, else PGlite):
// requests per second and p50/p99, as brand after brand newest first (the default) and filtered by brand and sorted by
// rarity; the plain Fastify route in the same run as a yardstick. The page's query count is fixed by a test
// (my-collection.test.ts); this measures what it costs.
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/query-rows.ts';
import { insertLiveDrop } from '../apps/api/src/testing/drop-fixtures.ts';
import { benchDatabase, fundedBuyers, machine, migrated, plainRouteYardstick, startServer } from './bench-server.ts';
import { measuredCommit, recordResult } from './record-result.ts';

const EDITIONS = Number(process.env.BENCH_EDITIONS ?? 1_000);
/** Everyone else's: the table a real collection is read from holds other people's editions and unopened packs. */
const OTHER_EDITIONS = Number(process.env.BENCH_OTHER_EDITIONS ?? 40_000);
const OTHER_COLLECTORS = 200;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3920);
const WARM_UP_SECONDS = 5;
/** The bench README's target for a signed-in read of one's own things (as `users/my`): 5,000 req/s, p99 20 ms. */
const TARGET = { requestsPerSecond: 5_000, p99Ms: 20 };

const database = await benchDatabase('collection');
const setup = await migrated(database);
// Two brands' drops, their packs' editions all the collector's as if opened: 1,000 editions in the collection.
const [collector] = await fundedBuyers(setup, 1, 100, port);
const drops = [];
for (const name of ['Bench drop A', 'Bench drop B']) {
  const drop = await insertLiveDrop(setup.db, { rounds: [{ packCount: EDITIONS / 4 }], editionsPerPack: 2, name });
  await setup.db.execute(sql`
    update editions set owner_user_id = ${collector!.userId}, state = 'OWNED', acquired_at = created_at
    where pack_id in (select id from packs where drop_id = ${drop.dropId})`);
  drops.push(drop);
}
// Others: half of a third drop's editions spread over 200 people as if opened, the other half still in packs.
const others = await fundedBuyers(setup, OTHER_COLLECTORS, 100, port);
const elsewhere = await insertLiveDrop(setup.db, {
  rounds: [{ packCount: OTHER_EDITIONS / 2 }],
  editionsPerPack: 2,
  name: 'Bench drop C',
});
await setup.db.execute(sql`
  update editions e set owner_user_id = (${sql.raw(`array[${others.map((other) => `'${other.userId}'::uuid`).join(',')}]`)})[1 + (p.n % ${OTHER_COLLECTORS})],
    state = 'OWNED', acquired_at = e.created_at
  from (select id, row_number() over (order by id) as n from packs where drop_id = ${elsewhere.dropId}) p
  where e.pack_id = p.id and p.n % 2 = 0`);
// As autovacuum would soon after such a change: the planner's statistics and the visibility map brought up to date.
await setup.db.execute(sql`vacuum analyze editions`);
const [held] = await queryRows<{ n: number }>(
  setup.db,
  sql`select count(*)::int as n from editions where owner_user_id = ${collector!.userId}`,
);
await setup.close();

const plainRoute = await plainRouteYardstick(connections, 5);
const server = await startServer(database, port);
const pages = {
  firstPage: '/v1/editions?page=1&size=24',
  brandByRarity: `/v1/editions?page=1&size=24&brandId=${drops[0]!.brand.id}&sort=rarity`,
  // The yardstick: the simplest signed-in read (the same token check, one small row), in the same run.
  usersMy: '/v1/users/my',
};
const measured: Record<string, { requestsPerSecond: number; latencyMs: { p50: number; p99: number }; non2xx: number }> =
  {};
try {
  for (const [name, path] of Object.entries(pages)) {
    const load = (duration: number) =>
      autocannon({
        url: `${server.base}${path}`,
        connections,
        duration,
        headers: { authorization: `Bearer ${collector!.accessToken}` },
      });
    // Each page warmed up first, not counted: V8 compiles the route's code and each connection prepares its
    // statement, so the figures are the steady state's, as on a server that has been up for a while.
    await load(WARM_UP_SECONDS);
    const result = await load(seconds);
    measured[name] = {
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
      non2xx: result.non2xx,
    };
  }
} finally {
  await server.stop();
  await database.drop();
}

const first = measured.firstPage!;
const summary = {
  scenario: 'collection',
  about: `GET /v1/editions (My Collection, 24 to a page) for one collector holding ${held!.n} editions of two brands, among ${OTHER_EDITIONS} others' (${OTHER_COLLECTORS} collectors' and in unopened packs), ${connections} connections, ${seconds} s each after ${WARM_UP_SECONDS} s of warm-up`,
  database: database.kind,
  editionsHeld: held!.n,
  pages: measured,
  yardsticks: {
    plainFastifyRoutePerSecond: plainRoute,
    usersMyPerSecond: measured.usersMy!.requestsPerSecond,
    firstPageToUsersMy: Math.round((first.requestsPerSecond / measured.usersMy!.requestsPerSecond) * 100) / 100,
  },
  targets: {
    ...TARGET,
    isRateMet: first.requestsPerSecond >= TARGET.requestsPerSecond,
    isLatencyMet: first.latencyMs.p99 <= TARGET.p99Ms,
  },
  machine: machine(),
  commit: measuredCommit(),
  at: new Date().toISOString(),
};
console.log(JSON.stringify(summary, null, 2));
recordResult(summary);
if (Object.values(measured).some((page) => page.non2xx > 0)) process.exitCode = 1;
