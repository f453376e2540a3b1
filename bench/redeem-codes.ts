// `npm run bench -- redeem-codes`: the console makes a batch of 100,000 redeem codes (createRedeemBatch: each code
// derived from the secret, only its hash stored) and exports them as CSV (exportRedeemCodes: derived again and
// streamed), in process, no HTTP, on a database of its own (PostgreSQL with BENCH_DATABASE_URL, else PGlite). Issue 20
// asks for "a batch of 100,000 codes generated and exported in seconds". Reports both times and checks afterwards that
// the batch holds every code once and that the export's last code is one of ours.
import { sql } from 'drizzle-orm';
import { normalizeRedeemCode } from '@cypher/contract';
import { testConfig } from '../apps/api/src/config.ts';
import { queryRows } from '../apps/api/src/db/query-rows.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { newId } from '../apps/api/src/lib/ids.ts';
import { createRedeemBatch } from '../apps/api/src/modules/redeem/console-redeem-batches.ts';
import { exportRedeemCodes } from '../apps/api/src/modules/redeem/export-redeem-codes.ts';
import { redeemCodeHash } from '../apps/api/src/modules/redeem/redeem-codes.ts';
import { benchDatabase, machine, migrated } from './bench-server.ts';
import { measuredCommit, recordResult } from './record-result.ts';

const CODES = Number(process.env.BENCH_CODES ?? 100_000);

const database = await benchDatabase('redeem-codes');
const opened = await migrated(database);
const db = opened.db;
const ctx = { db, clock: systemClock, config: testConfig() };

// The operator who makes and exports it (the audit log names them).
const adminId = newId();
const now = new Date();
await db.execute(sql`
  insert into users (id, email, status, email_verified_at, created_at, updated_at)
  values (${adminId}, 'bench.admin@example.com', 'ACTIVE', ${now.toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)`);
const operator = { userId: adminId, isAdmin: true, brandIds: [] };

const madeFrom = performance.now();
const batch = await createRedeemBatch(ctx, operator, {
  name: 'Bench batch',
  grant: { kind: 'CREDIT', amount: 100 },
  codeCount: CODES,
  usesPerCode: 1,
  usesPerPerson: 1,
  validFrom: now.toISOString(),
  validUntil: new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString(),
});
const madeSeconds = (performance.now() - madeFrom) / 1000;

const exportFrom = performance.now();
const { lines } = await exportRedeemCodes(ctx, operator, batch.id);
let bytes = 0;
let lastLine = '';
for await (const chunk of lines) {
  bytes += chunk.length;
  lastLine = chunk.trimEnd().split('\n').at(-1) ?? lastLine;
}
const exportedSeconds = (performance.now() - exportFrom) / 1000;

const lastCode = normalizeRedeemCode(lastLine.split(',')[1] ?? '');
const [check] = await queryRows<{ codes: number; hashes: number; last: number }>(
  db,
  sql`select count(*)::int as codes, count(distinct code_hash)::int as hashes,
             (select count(*)::int from redeem_codes where code_hash = ${redeemCodeHash(lastCode)}) as last
      from redeem_codes where batch_id = ${batch.id}`,
);
await opened.close();
await database.drop();

const summary = {
  scenario: 'redeem-codes',
  about: `a batch of ${CODES.toLocaleString('en-US')} redeem codes made (createRedeemBatch) and exported as CSV (exportRedeemCodes), in process`,
  database: database.kind,
  codes: CODES,
  madeSeconds: Number(madeSeconds.toFixed(2)),
  exportedSeconds: Number(exportedSeconds.toFixed(2)),
  csvBytes: bytes,
  isEveryCodeOnce: check!.codes === CODES && check!.hashes === CODES,
  isLastExportedCodeOurs: check!.last === 1,
  machine: machine(),
  commit: measuredCommit(),
  at: new Date().toISOString(),
};
console.log(
  `redeem-codes ${CODES} made in ${summary.madeSeconds} s, exported in ${summary.exportedSeconds} s ` +
    `(${(bytes / 1e6).toFixed(1)} MB) on ${database.kind}; every code once: ${summary.isEveryCodeOnce}, ` +
    `last exported code ours: ${summary.isLastExportedCodeOurs}`,
);
recordResult(summary);
if (!summary.isEveryCodeOnce || !summary.isLastExportedCodeOurs) {
  console.error(check);
  process.exitCode = 1;
}
