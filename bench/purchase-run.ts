// One run of balance purchases against the real server, shared by the `purchase` and `drop-rush` scenarios: a fresh
// database with one live drop and funded buyers, the server started on it, autocannon sending POST /v2/orders with
// keep-alive and a fresh Idempotency-Key per attempt, every outcome tallied, and the invariants checked on the database
// afterwards.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/api/src/db/query-rows.ts';
import { measuredCommit } from './record-result.ts';
import { checkLedger } from '../apps/api/src/modules/wallet/check-ledger.ts';
import { refreshSaleStatistics } from '../apps/api/src/modules/drops/sale-statistics.ts';
import { insertLiveDrop } from '../apps/api/src/testing/drop-fixtures.ts';
import {
  benchDatabase,
  cpuSecondsOf,
  fundedBuyers,
  machine,
  migrated,
  plainRouteYardstick,
  profileClockMicros,
  profileWindow,
  startCluster,
  startServer,
  type BenchDatabase,
} from './bench-server.ts';

const STARTING_CENTS = 100_000_000;
const PRICE_CENTS = 100;
const KNOWN_OUTCOME = /^(SUCCESSFUL|409 (SOLD_OUT|INSUFFICIENT_FUNDS|REQUEST_IN_PROGRESS|PURCHASE_LIMIT_REACHED))$/;

export interface TPurchaseRunOptions {
  label: string;
  buyers: number;
  packs: number;
  connections: number;
  port: number;
  /** Either a duration or a number of attempts. */
  seconds?: number;
  attempts?: number;
  /**
   * Packs of an earlier drop that other buyers sell out first, through the same server, before the measured run: the
   * instances' code is then compiled as it is in a cluster that has sold before (none of its buyers is in the
   * measured run). 0 or absent: the measured run is the cluster's first.
   */
  warmUpPacks?: number;
  /** A yardstick measured on the run's own database before the server starts (pgbench for the drop rush). */
  beforeServer?: (database: BenchDatabase) => Promise<Record<string, number>>;
}

/**
 * autocannon's request for balance purchases of one pack of `dropId`: the buyers in turn, a fresh Idempotency-Key
 * each; every answer's outcome ("SUCCESSFUL", "409 SOLD_OUT", "500 unreadable") goes to `onOutcome`.
 */
export function purchaseAttempts(
  buyers: readonly { accessToken: string }[],
  dropId: string,
  onOutcome: (outcome: string) => void,
): autocannon.Request {
  let next = 0;
  return {
    method: 'POST',
    path: '/v2/orders',
    setupRequest: (request) => {
      const buyer = buyers[next++ % buyers.length]!;
      return {
        ...request,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${buyer.accessToken}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ dropId, quantity: 1, paymentMethod: 'BALANCE' }),
      };
    },
    onResponse: (status, body) => {
      let outcome = `${status}`;
      try {
        const parsed = JSON.parse(body);
        outcome = status === 201 ? parsed.data.status : `${status} ${parsed.code}`;
      } catch {
        outcome = `${status} unreadable`;
      }
      onOutcome(outcome);
    },
  };
}

export async function runPurchases(options: TPurchaseRunOptions) {
  const database = await benchDatabase(options.label);
  const setup = await migrated(database);
  const { dropId } = await insertLiveDrop(setup.db, {
    rounds: [{ packCount: options.packs, price: PRICE_CENTS }],
    editionsPerPack: 1,
    name: 'Bench drop',
  });
  const buyers = await fundedBuyers(setup, options.buyers, STARTING_CENTS, options.port);
  const warmUp = options.warmUpPacks ? await warmUpDrop(setup, options.warmUpPacks, options.port) : null;
  // The drop is written as a publication writes it, and like a publication the run then refreshes the planner's
  // statistics (without it, the sale's first minute reads every pack and edition: sale-statistics.ts).
  await refreshSaleStatistics(setup.db);
  await setup.close();
  const databaseYardsticks = (await options.beforeServer?.(database)) ?? {};

  const plainRoute = await plainRouteYardstick(options.connections, 5);
  // BENCH_CLUSTER=<n>: the run goes through nginx to n instances (npm run start:cluster) instead of one server.
  const clusterSize = Number(process.env.BENCH_CLUSTER ?? 0);
  const server =
    clusterSize > 0
      ? await startCluster(database, options.port, clusterSize)
      : await startServer(database, options.port);
  const statuses = new Map<string, number>();
  let lastSuccessAt = 0;
  let startedAt = 0;
  let startedAtMicros = 0;
  let serverCpuSeconds = 0;
  let result: autocannon.Result;
  let health: autocannon.Result;
  let warmUpResult: TWarmUpResult | null = null;
  try {
    health = await autocannon({ url: `${server.base}/v1/health`, connections: options.connections, duration: 5 });
    if (warmUp) warmUpResult = await warmUp.run(server.base, options.connections);
    const cpuBefore = cpuSecondsOf(server.process.pid!);
    startedAt = Date.now();
    startedAtMicros = profileClockMicros();
    result = await autocannon({
      url: server.base,
      connections: options.connections,
      ...(options.attempts ? { amount: options.attempts } : { duration: options.seconds ?? 10 }),
      requests: [
        purchaseAttempts(buyers, dropId, (outcome) => {
          if (outcome === 'SUCCESSFUL') lastSuccessAt = Date.now();
          statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
        }),
      ],
    });
    serverCpuSeconds = clusterSize > 0 ? Number.NaN : cpuSecondsOf(server.process.pid!) - cpuBefore;
  } finally {
    await server.stop();
  }

  // Afterwards, on the database itself: what was sold, what was charged, and whether the ledger still holds.
  const check = await database.open();
  const [sold] = await queryRows<{ orders: string | number; packs: string | number; unclaimed: string | number }>(
    check.db,
    sql`select (select count(*) from orders where status = 'SUCCESSFUL') as orders,
               (select count(*) from packs where owner_user_id is not null) as packs,
               (select count(*) from packs where order_id is null) as unclaimed`,
  );
  // Each buyer's money: what they had, less exactly the orders they got (a loser, none, is charged nothing).
  const wronglyCharged = await queryRows<{ user_id: string }>(
    check.db,
    sql`select a.owner_user_id as user_id
        from ledger_accounts a
        left join (select user_id, sum(total) as spent from orders where status = 'SUCCESSFUL' group by user_id) o
          on o.user_id = a.owner_user_id
        where a.kind = 'withdrawable' and a.currency = 'USD' and a.owner_user_id is not null
          and a.balance <> ${STARTING_CENTS} - coalesce(o.spent, 0)`,
  );
  const [debits] = await queryRows<{ orders: string | number; debits: string | number }>(
    check.db,
    sql`select (select count(*) from orders where status = 'SUCCESSFUL') as orders,
               (select count(*) from ledger_transactions where kind = 'purchase') as debits`,
  );
  const ledger = await checkLedger(check.db, new Date());
  await check.close();
  if (process.env.BENCH_KEEP) console.log('kept the database:', database.env);
  else await database.drop();

  const successful = statuses.get('SUCCESSFUL') ?? 0;
  const attempts = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const elapsedSeconds = (Date.now() - startedAt) / 1000;
  const measuredSeconds = options.seconds ?? elapsedSeconds;
  return {
    database: database.kind,
    instances: clusterSize > 0 ? `${clusterSize} behind nginx` : '1',
    connections: options.connections,
    buyers: options.buyers,
    packs: options.packs,
    attempts,
    successful,
    successfulPurchasesPerSecond: Math.round(
      successful / (options.attempts ? (lastSuccessAt - startedAt) / 1000 || 1 : measuredSeconds),
    ),
    requestsPerSecond: Math.round(result!.requests.average),
    latencyMs: { p50: result!.latency.p50, p99: result!.latency.p99 },
    /** API process CPU per attempt, which stays comparable when other work shares the machine. */
    serverCpuMsPerAttempt: Number.isNaN(serverCpuSeconds)
      ? null
      : Number(((serverCpuSeconds * 1000) / Math.max(1, attempts)).toFixed(2)),
    timeToLastSaleSeconds: lastSuccessAt ? Number(((lastSuccessAt - startedAt) / 1000).toFixed(2)) : null,
    // With BENCH_PROFILE: the sale, from the first attempt to the last success, on the profiles' clock.
    ...profileWindow(startedAtMicros, lastSuccessAt ? (lastSuccessAt - startedAt) / 1000 : 0),
    outcomes: Object.fromEntries(statuses),
    unknownOutcomes: [...statuses.keys()].filter((outcome) => !KNOWN_OUTCOME.test(outcome)),
    errors: result!.errors,
    timeouts: result!.timeouts,
    invariants: {
      ordersEqualPacksSold: Number(sold!.orders) === Number(sold!.packs),
      everyWinnerChargedOnceAndExactly:
        Number(debits!.orders) === Number(debits!.debits) && wronglyCharged.length === 0,
      noLoserCharged: wronglyCharged.length === 0,
      ledgerExact: ledger.isExact,
      // Every buyer is funded: a SOLD_OUT answer is only right if, at the end, no pack is left unclaimed (issue 16).
      noSoldOutWhilePacksLeft: (statuses.get('409 SOLD_OUT') ?? 0) === 0 || Number(sold!.unclaimed) === 0,
    },
    unclaimedPacksAtEnd: Number(sold!.unclaimed),
    ...(warmUpResult ? { warmUp: warmUpResult } : {}),
    yardsticks: {
      plainFastifyRoutePerSecond: plainRoute,
      healthPerSecond: Math.round(health!.requests.average),
      ...databaseYardsticks,
    },
    machine: machine(),
    commit: measuredCommit(),
    at: new Date().toISOString(),
  };
}

/** Buyers of the warm-up drop: as many as this, each buying several of its packs. */
const WARM_UP_BUYERS = 2_000;

interface TWarmUpResult {
  packs: number;
  buyers: number;
  successfulPurchasesPerSecond: number;
  seconds: number;
}

/**
 * A drop of `packs` packs and WARM_UP_BUYERS funded buyers of its own, sold out through the server before the measured
 * run (TPurchaseRunOptions.warmUpPacks). A fifth more attempts than packs, so it sells out to the last pack and the
 * checks afterwards (every pack claimed once a SOLD_OUT was answered) hold for it too.
 */
async function warmUpDrop(setup: Parameters<typeof fundedBuyers>[0], packs: number, port: number) {
  const { dropId } = await insertLiveDrop(setup.db, {
    rounds: [{ packCount: packs, price: PRICE_CENTS }],
    editionsPerPack: 1,
    name: 'Warm-up drop',
  });
  const buyers = await fundedBuyers(setup, Math.min(WARM_UP_BUYERS, packs), STARTING_CENTS, port);
  return {
    async run(base: string, connections: number): Promise<TWarmUpResult> {
      let successful = 0;
      let lastSuccessAt = 0;
      const startedAt = Date.now();
      await autocannon({
        url: base,
        connections,
        amount: Math.ceil(packs * 1.2),
        requests: [
          purchaseAttempts(buyers, dropId, (outcome) => {
            if (outcome !== 'SUCCESSFUL') return;
            successful += 1;
            lastSuccessAt = Date.now();
          }),
        ],
      });
      if (successful !== packs) throw new Error(`The warm-up drop sold ${successful} of its ${packs} packs.`);
      const seconds = (lastSuccessAt - startedAt) / 1000;
      return {
        packs,
        buyers: buyers.length,
        successfulPurchasesPerSecond: Math.round(packs / seconds),
        seconds: Number(seconds.toFixed(2)),
      };
    },
  };
}
