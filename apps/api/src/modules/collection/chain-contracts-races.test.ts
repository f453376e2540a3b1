import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { newId } from '../../lib/ids.ts';
import { oneInstanceOnPostgres } from '../../testing/second-instance.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { claimTokenIds, custodialContractAddress } from './chain-contracts.ts';

// Publications whose products share a contract no edition was minted on yet: each creates the contract's row as it
// claims token ids. The row has two unique keys (its address, and the registry key the address is derived from), so
// creating it must give way on either, or a publication fails on the other's commit. On PGlite (one transaction at a
// time) there is no race to run: this runs in CI's PostgreSQL pass.
const isOnPostgres = Boolean(testDatabaseUrl());
const claimants = 8;

let t: TestApp;
let database: Database;
oneInstanceOnPostgres({}, (made) => ({ t } = made));
beforeAll(async () => {
  if (!isOnPostgres) return;
  // A pool of its own, one connection per claimant, on the test app's migrated database.
  database = await openDatabase({ databaseUrl: t.database.pool!.options.connectionString!, poolSize: claimants });
});
// Closed before the app is (vitest runs afterAll hooks last registered first).
afterAll(() => database?.close());

describe('the first claims on a new contract, at once', () => {
  it.runIf(isOnPostgres)(
    'all succeed, on one contract row, with token id runs that never meet',
    async () => {
      // The window is the moment between a claim’s conflict check and its insert: 400 rounds fail on a conflict target of the registry key alone (tried on PostgreSQL 15, in each of two runs).
      for (let round = 0; round < 400; round += 1) {
        const key = `brand:${newId()}`;
        const runs = await Promise.all(
          Array.from({ length: claimants }, () =>
            inTransaction(database.db, (tx) => claimTokenIds(tx, new Map([[key, 10]]), new Date())),
          ),
        );
        const claimed = runs.map((run) => run.get(key)!);
        expect(new Set(claimed.map((run) => run.address))).toEqual(new Set([custodialContractAddress(key)]));
        expect(claimed.map((run) => run.firstTokenId).sort((a, b) => a - b)).toEqual(
          Array.from({ length: claimants }, (_, i) => 1 + i * 10),
        );
      }
    },
    120_000,
  );
});
