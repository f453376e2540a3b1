import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, testDatabaseUrl } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { seedMarker } from '../../db/seed/seed.tables.ts';
import { STALE_IDEMPOTENCY_CLAIM_MS } from '../../http/idempotency.ts';
import { systemClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { accessTokens } from '../auth/access-tokens.ts';
import { startSession } from '../auth/sessions.ts';
import { insertLiveDrop } from '../../testing/drop-fixtures.ts';
import { noPurchaseViolations, purchaseInvariantViolations } from '../../testing/purchase-invariants.ts';
import { serverBundleArgs } from '../../testing/server-bundle.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { depositForTest, insertTestUser } from '../../testing/wallet-helpers.ts';

// The real server in its own process (the bundle `npm start` runs), killed with SIGKILL while it sells: nothing in the
// process survives, so what holds afterwards holds because of what PostgreSQL committed. Needs a PostgreSQL server
// that outlives the API process (PGlite lives inside it).
const isOnPostgres = Boolean(testDatabaseUrl());
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const AUTH_SECRET = 'sigkill-test-secret-that-is-long-enough-for-hs256';

const BUYERS = 100;
const PURCHASES_PER_BUYER = 10;
const STARTING_CENTS = 10_000;
/** $10 and the 5 % fee: a buyer can afford 9 of their 10 purchases, and there are fewer packs than that. */
const PRICE_CENTS = 1_000;
const PACKS = 850;
const CLIENTS = 25;
const KILLS = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU milliseconds a process has used, all its threads, user and system (from /proc; Linux counts in 1/100 s). */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let database: Database | undefined;
let server: ChildProcess | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

type TAnswer = { status: number; code?: string; orderId?: string };

describe('an API process killed with SIGKILL in the middle of 1,000 purchases', () => {
  it.runIf(isOnPostgres)(
    'every purchase took effect once or not at all, no money was made or lost, and the restarted server serves again within 5 s of CPU',
    async () => {
      database = await createTestDatabase();
      const db = database.db;
      // Marked as seeded, so the server does not add the demo's orders to what this test counts.
      await db.insert(seedMarker).values({ id: 1, seededAt: new Date() });
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cypher-sigkill-'));

      // Buyers signed in with the server's own settings, so their tokens carry the issuer and audience it checks.
      const config = loadConfig({ AUTH_SECRET, PORT: String(port), PUBLIC_URL: base });
      const tokens = accessTokens({ ...config.auth, secret: AUTH_SECRET }, systemClock);
      const buyers: { userId: string; accessToken: string }[] = [];
      for (let i = 0; i < BUYERS; i += 1) {
        const userId = await insertTestUser(db);
        await depositForTest(db, { userId, source: 'crypto', amount: STARTING_CENTS });
        const { accessToken } = await startSession(db, { clock: systemClock, tokens, config }, userId, {
          ip: '127.0.0.1',
          userAgent: 'test',
        });
        buyers.push({ userId, accessToken });
      }
      const { dropId } = await insertLiveDrop(db, { rounds: [{ packCount: PACKS, price: PRICE_CENTS }] });

      /** Starts the server and waits until it serves: how long that took, on the wall clock and in the process's CPU. */
      const serverArgs = serverBundleArgs();
      const startServer = async (): Promise<{ wallMs: number; cpuMs: number }> => {
        const startedAt = Date.now();
        server = spawn(process.execPath, serverArgs, {
          cwd: root,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: {
            ...process.env,
            NODE_ENV: 'development',
            PORT: String(port),
            HOST: '127.0.0.1',
            PUBLIC_URL: base,
            DATABASE_URL: database!.pool!.options.connectionString!,
            REDIS_URL: '',
            DATA_DIR: dataDir!,
            AUTH_SECRET,
            LOG_LEVEL: 'fatal',
            JOBS_ENABLED: 'false',
          },
        });
        for (;;) {
          try {
            if ((await fetch(`${base}/v1/health`)).ok)
              return { wallMs: Date.now() - startedAt, cpuMs: cpuMsOf(server!.pid!) };
          } catch {
            // not listening yet
          }
          if (Date.now() - startedAt > 60_000) throw new Error('the server did not start within 60 s');
          await sleep(50);
        }
      };
      // A first start, so that every measured one is a restart.
      await startServer();

      // 1,000 purchases, each under a key of its own, sent by 25 clients that retry a purchase with its key until
      // they get an answer that is final: a 201, or a refusal other than "in progress".
      const purchases = buyers.flatMap((buyer) =>
        Array.from({ length: PURCHASES_PER_BUYER }, () => ({
          buyer,
          key: newId(),
          answer: undefined as TAnswer | undefined,
        })),
      );
      purchases.sort(() => Math.random() - 0.5);
      const unexpected: string[] = [];
      let attempts = 0;
      let inFlight = 0;
      const send = async (purchase: (typeof purchases)[number]): Promise<TAnswer | null> => {
        attempts += 1;
        inFlight += 1;
        try {
          const response = await fetch(`${base}/v2/orders`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${purchase.buyer.accessToken}`,
              'content-type': 'application/json',
              'idempotency-key': purchase.key,
            },
            body: JSON.stringify({ dropId, quantity: 1, paymentMethod: 'BALANCE' }),
            signal: AbortSignal.timeout(10_000),
          });
          const body = (await response.json()) as { data?: { id: string }; code?: string; message?: string };
          if (response.status === 201) return { status: 201, orderId: body.data!.id };
          if (response.status >= 500 && response.status !== 503)
            unexpected.push(`${response.status} ${JSON.stringify(body)}`);
          if (typeof body.code !== 'string' || typeof body.message !== 'string')
            unexpected.push(`${response.status} without {code,message}`);
          if (response.status >= 500 || body.code === 'REQUEST_IN_PROGRESS') return null;
          return { status: response.status, code: body.code };
        } catch {
          // The process died under the request, or is not listening yet: no answer, so the same key goes again.
          return null;
        } finally {
          inFlight -= 1;
        }
      };
      let next = 0;
      const clients = Array.from({ length: CLIENTS }, async () => {
        while (next < purchases.length) {
          const purchase = purchases[next]!;
          next += 1;
          // Backing off as a real client does (50 ms doubling to a second, with jitter), so 25 clients knocking on a
          // closed port do not take the CPU the restarting server needs.
          for (let retry = 0; ; retry += 1) {
            purchase.answer = (await send(purchase)) ?? undefined;
            if (purchase.answer) break;
            await sleep(Math.min(1_000, 50 * 2 ** retry) * (0.5 + Math.random()));
          }
        }
      });

      // Meanwhile: SIGKILL at a random moment, then, with the process gone, its claims that were left in progress are
      // made stale (what two minutes without the server would do; STALE_IDEMPOTENCY_CLAIM_MS), and the server restarts.
      const restarts: { wallMs: number; cpuMs: number }[] = [];
      /** How many purchases were on their way to the server at each kill. */
      const inFlightAtKills: number[] = [];
      let isSelling = true;
      const selling = Promise.all(clients).finally(() => {
        isSelling = false;
      });
      for (let kill = 0; kill < KILLS && isSelling; kill += 1) {
        await sleep(200 + Math.random() * 800);
        if (!isSelling) break;
        const exited = new Promise((resolve) => server!.once('exit', resolve));
        inFlightAtKills.push(inFlight);
        server!.kill('SIGKILL');
        await exited;
        await db.execute(sql`
          update idempotency_keys set created_at = created_at - ${`${STALE_IDEMPOTENCY_CLAIM_MS + 1000} milliseconds`}::interval
          where status = 'processing'`);
        restarts.push(await startServer());
      }
      await selling;

      expect(unexpected).toEqual([]);
      expect(restarts.length).toBeGreaterThan(0);
      // At least one kill landed while purchases were on their way: otherwise nothing was tested but a restart.
      expect(Math.max(...inFlightAtKills)).toBeGreaterThan(0);

      // Every key has its final answer; asked again, the server gives the same one. Except a SOLD_OUT told from a round
      // remembered sold out (purchase-batcher.ts): it did nothing and kept nothing under its key, so asked again it is
      // decided afresh, and a buyer who could not pay either is now told INSUFFICIENT_FUNDS, still with no effect.
      const storedKeys = new Set(
        (await queryRows<{ key: string }>(db, sql`select key from idempotency_keys where status = 'completed'`)).map(
          (row) => row.key,
        ),
      );
      for (const purchase of purchases) {
        const again = await send(purchase);
        if (storedKeys.has(purchase.key)) expect(again).toEqual(purchase.answer);
        else {
          expect(purchase.answer).toEqual({ status: 409, code: 'SOLD_OUT' });
          expect(again?.status).toBe(409);
          expect(['SOLD_OUT', 'INSUFFICIENT_FUNDS']).toContain(again?.code);
        }
      }

      // Each 201's order exists, once, and no purchase took effect without its 201.
      const answered = purchases.map((purchase) => purchase.answer!);
      const orderIds = answered.flatMap((answer) => (answer.orderId ? [answer.orderId] : []));
      expect(new Set(orderIds).size).toBe(orderIds.length);
      const successful = await queryRows<{ id: string }>(db, sql`select id from orders where status = 'SUCCESSFUL'`);
      expect(successful.map((row) => row.id).sort()).toEqual([...orderIds].sort());
      const refusals = answered.filter((answer) => answer.status !== 201);
      expect(refusals.every((answer) => answer.code === 'SOLD_OUT' || answer.code === 'INSUFFICIENT_FUNDS')).toBe(true);

      // Every buyer paid exactly for what they got, every order has its charge and its pack, and the ledger is exact.
      const wronglyCharged = await queryRows<{ user_id: string }>(
        db,
        sql`select a.owner_user_id as user_id from ledger_accounts a
            left join (select user_id, sum(total) as spent from orders where status = 'SUCCESSFUL' group by user_id) o
              on o.user_id = a.owner_user_id
            where a.kind = 'withdrawable' and a.currency = 'USD' and a.owner_user_id is not null
              and a.balance <> ${STARTING_CENTS} - coalesce(o.spent, 0)`,
      );
      expect(wronglyCharged).toEqual([]);
      expect(await purchaseInvariantViolations(db)).toEqual(noPurchaseViolations);
      console.log(
        `SIGKILL ${restarts.length} times with ${inFlightAtKills.join(', ')} purchases in flight; restarts served again after ${restarts.map((r) => `${r.wallMs} ms (${r.cpuMs} ms CPU)`).join(', ')}; ` +
          `${orderIds.length} purchases succeeded, ${refusals.length} refused, ${attempts - purchases.length * 2} retries`,
      );
      // Each restart serves within 10 s: measured as the CPU the process spends until it serves, which is what start-up
      // costs on any machine. Its wall-clock time is that CPU spread over 2 cores when the machine is quiet (about 2 s
      // here), and anything up to 10 s when other work shares it, so the wall clock is reported above, not asserted
      // (tests never time themselves on this shared machine). CPU time depends on the machine too: 2026-11-29's slow
      // one spent 6.26 s of CPU on a start-up that took about 2 s the night before, so the bound is 10 s; start-up
      // growing past that (seeding again, a migration run twice) fails here.
      for (const restart of restarts) expect(restart.cpuMs).toBeLessThan(10_000);
    },
    // Five server starts (each allowed 60 s) and the sale between them: on a machine loaded by other work beside the
    // suites (2026-12-07, load average 7 on two cores, a build and a browser running) the whole ran past 180 s, a
    // timeout with no check failed. A hang still fails, later.
    360_000,
  );
});
