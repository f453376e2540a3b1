import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/*
 * Writes: chain_contracts · Reads: nothing else · Route: none; publishing a drop mints through createPackEditions ·
 * Tests: editions.test.ts.
 */

/** The registry's name for a contract: one per collection, or per brand for a product outside any collection. */
export function registryKeyOf(product: { brandId: string; collectionId: string | null }): string {
  return product.collectionId ? `collection:${product.collectionId}` : `brand:${product.brandId}`;
}

/**
 * The custodial registry's contract address for a registry key: 20 bytes of SHA-256 over a fixed phrase and the key,
 * as an EVM address. Deterministic, so any copy of the database names the same contract; migration 0018 computes the
 * same formula in SQL for editions minted before the registry (editions.test.ts checks they agree).
 */
export function custodialContractAddress(registryKey: string): string {
  return `0x${createHash('sha256').update(`cypher custodial contract ${registryKey}`).digest('hex').slice(0, 40)}`;
}

/**
 * Claims `count` consecutive token ids on each contract (creating the contract on first use): one conditional update per
 * contract, whose returned value is the run's end, so two publications sharing a contract get runs that never meet.
 * Only publishing mints, a batch at a time; no purchase touches these rows.
 */
export async function claimTokenIds(
  tx: Db,
  counts: ReadonlyMap<string, number>,
  now: Date,
): Promise<Map<string, { address: string; firstTokenId: number }>> {
  const keys = [...counts.keys()].sort();
  if (keys.length === 0) return new Map();
  const addresses = keys.map(custodialContractAddress);
  // No conflict target: the row has two unique keys, its address and its registry key. Naming only one lets a claim
  // that passed its check before another's insert fail on the other key when that one commits; the address is derived
  // from the key, so a conflict on either means the contract exists.
  await tx.execute(sql`
    insert into chain_contracts (address, registry_key, next_token_id, created_at)
    select address, registry_key, 1, ${now.toISOString()}::timestamptz
    from unnest(${sqlArray(addresses)}::text[], ${sqlArray(keys)}::text[]) as c(address, registry_key)
    on conflict do nothing`);
  // One statement per contract, in key order: two publications sharing contracts lock them in the same order. A
  // drop's products span a few collections, so this is a handful of statements per batch of 10,000 editions.
  const claimed = new Map<string, { address: string; firstTokenId: number }>();
  for (const key of keys) {
    const count = counts.get(key)!;
    const [row] = await queryRows<{ address: string; first_token_id: string | number }>(
      tx,
      sql`update chain_contracts set next_token_id = next_token_id + ${count}
          where registry_key = ${key}
          returning address, next_token_id - ${count} as first_token_id`,
    );
    claimed.set(key, { address: row!.address, firstTokenId: Number(row!.first_token_id) });
  }
  return claimed;
}
