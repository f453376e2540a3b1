import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TGrantRequest } from '@cypher/contract';
import { queryRows } from '../db/query-rows.ts';
import { MINUTE_MS } from '../lib/clock.ts';
import { bearer } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/**
 * A batch of `codeCount` codes granting `grant`, each usable `usesPerCode` times and valid from a minute ago for an
 * hour, made and exported through the console as an operator does: its id, its codes, and their rows' ids, both in
 * number order.
 */
export async function makeRedeemBatch(
  t: TestApp,
  operatorToken: string,
  batch: { grant: TGrantRequest; codeCount: number; usesPerCode?: number; name?: string },
) {
  const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE_MS).toISOString();
  const made = await t.app.inject({
    method: 'POST',
    url: '/v1/console/redeem-batches',
    headers: bearer(operatorToken),
    payload: {
      name: batch.name ?? 'Test codes',
      grant: batch.grant,
      codeCount: batch.codeCount,
      usesPerCode: batch.usesPerCode ?? 1,
      validFrom: at(-1),
      validUntil: at(60),
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const batchId = made.json().data.id as string;
  const csv = await t.app.inject({
    method: 'GET',
    url: `/v1/console/redeem-batches/${batchId}/codes.csv`,
    headers: bearer(operatorToken),
  });
  const codes = csv.body
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[1]!);
  const rows = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from redeem_codes where batch_id = ${batchId} order by number`,
  );
  return { batchId, codes, codeIds: rows.map((row) => row.id) };
}
