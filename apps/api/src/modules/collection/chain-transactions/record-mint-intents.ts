import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sqlArray } from '../../../db/sql-arrays.ts';
import { newId } from '../../../lib/ids.ts';

/*
 * Route: none; create-pack-editions.ts calls it inside a publication batch's transaction · Writes: chain_transactions
 * · Tests: chain-transactions.test.ts.
 *
 * Intents only (decision record 25): a row saying what must happen on chain, written in the same transaction as the
 * editions it mirrors, so neither exists without the other. No nonce, no signer, no outside call (house rule 7): the
 * sender job gives nonces in a transaction of its own and talks to the node after that commits. Only with the EVM
 * adapter configured; the custodial registry records none (custodial-chain.ts).
 */

/** A publication batch's editions: one MINT each, behind any export's (priority 1). Set-wise: one statement. */
export async function recordMintIntents(tx: Db, editionIds: readonly string[], now: Date): Promise<void> {
  if (editionIds.length === 0) return;
  const at = now.toISOString();
  await tx.execute(sql`
    insert into chain_transactions (id, kind, edition_id, priority, status, created_at, updated_at)
    select i.id, 'MINT', i.edition_id, 1, 'PENDING', ${at}::timestamptz, ${at}::timestamptz
    from unnest(${sqlArray(editionIds.map(() => newId()))}::uuid[], ${sqlArray(editionIds)}::uuid[])
      as i(id, edition_id)
    on conflict (kind, edition_id) do nothing`);
}
