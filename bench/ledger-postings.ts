// `npm run bench -- ledger-postings`: the ledger's hot path without HTTP. 1,000 funded people post purchases through
// the production debitForPurchase, each in its own transaction, from BENCH_CONNECTIONS concurrent workers on one
// database (BENCH_DATABASE_URL, PostgreSQL; PGlite in memory without it). Reports postings per second, database
// statements per posting (BEGIN and COMMIT included), refusals and errors, and checks the ledger afterwards.
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { inTransaction } from '../apps/api/src/db/transaction.ts';
import { newId } from '../apps/api/src/lib/ids.ts';
import { debitForPurchase } from '../apps/api/src/modules/wallet/debit-for-purchase.ts';
import { depositForTest, insertTestUser, ledgerInvariantViolations } from '../apps/api/src/testing/wallet-helpers.ts';
import { measuredCommit, recordResult } from './record-result.ts';

const people = Number(process.env.BENCH_PEOPLE ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const serverUrl = process.env.BENCH_DATABASE_URL;

let databaseUrl: string | undefined;
if (serverUrl) {
  // A database of its own, dropped afterwards, so runs never see each other's rows.
  const name = `bench_ledger_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}

const database = await openDatabase({ databaseUrl, poolSize: connections });
await runMigrations(database);
const db = database.db;

const userIds: string[] = [];
for (let i = 0; i < people; i += 1) {
  const userId = await insertTestUser(db);
  await depositForTest(db, { userId, source: 'crypto', amount: 100_000_000 });
  userIds.push(userId);
}

// Every statement the pool's clients send, counted from here on.
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;

let postings = 0;
let refusals = 0;
const errors = new Map<string, number>();
const deadline = Date.now() + seconds * 1000;
const startedAt = Date.now();
const worker = async (offset: number) => {
  for (let n = offset; Date.now() < deadline; n += connections) {
    const userId = userIds[n % people]!;
    try {
      await inTransaction(db, (tx) =>
        debitForPurchase(tx, { userId, amount: 1300, serviceFee: 50, orderId: newId(), now: new Date() }),
      );
      postings += 1;
    } catch (error) {
      const code = (error as { code?: string }).code ?? String(error);
      if (code === 'INSUFFICIENT_FUNDS') refusals += 1;
      else errors.set(code, (errors.get(code) ?? 0) + 1);
    }
  }
};
await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
const elapsed = (Date.now() - startedAt) / 1000;
pg.Client.prototype.query = clientQuery;

const violations = await ledgerInvariantViolations(db);
const isLedgerExact = Object.values(violations).every((list) => list.length === 0);
await database.close();
if (serverUrl && databaseUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  await admin.end();
}

const summary = {
  scenario: 'ledger-postings',
  about: 'debitForPurchase in its own transaction, 1,000 funded people, no HTTP',
  database: serverUrl ? 'postgres' : 'pglite',
  connections,
  durationSeconds: seconds,
  postingsPerSecond: Math.round(postings / elapsed),
  statementsPerPosting: database.kind === 'postgres' ? Number((statements / Math.max(1, postings)).toFixed(1)) : null,
  refusals,
  errors: Object.fromEntries(errors),
  isLedgerExact,
  machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  commit: measuredCommit(),
  at: new Date().toISOString(),
};
console.log(
  `ledger-postings ${summary.postingsPerSecond} postings/s, ${summary.statementsPerPosting ?? '-'} statements each, ` +
    `errors ${JSON.stringify(summary.errors)}, ledger exact: ${isLedgerExact}`,
);
recordResult(summary);
if (!isLedgerExact) {
  console.error(violations);
  process.exitCode = 1;
}
