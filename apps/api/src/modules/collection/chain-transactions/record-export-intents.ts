import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';

/*
 * Route: POST /v1/editions/{id}/export, through export-edition.ts inside its transaction · Writes: chain_transactions
 * · Tests: chain-transactions.test.ts.
 */

/**
 * An export: the TRANSFER from the custodian to the collector's wallet, and the MINT it needs, both at the head of the
 * queue (priority 0). The mint may exist already (the publication recorded it): if it has no nonce yet it moves up,
 * so a collector does not wait behind a 2,000,000-edition backlog. It may not (an edition minted before the EVM
 * adapter was configured): then it is recorded now. An edition is exported once (EXPORTED is final), and the unique
 * (kind, edition) keeps it to one transfer whatever happens.
 */
export async function recordExportIntents(
  tx: Db,
  request: { editionId: string; toAddress: string; now: Date },
): Promise<void> {
  const at = request.now.toISOString();
  await tx.execute(sql`
    insert into chain_transactions (id, kind, edition_id, priority, status, created_at, updated_at)
    values (${newId()}, 'MINT', ${request.editionId}, 0, 'PENDING', ${at}::timestamptz, ${at}::timestamptz)
    on conflict (kind, edition_id) do update set priority = 0, updated_at = excluded.updated_at
      where chain_transactions.nonce is null and chain_transactions.status = 'PENDING'`);
  await tx.execute(sql`
    insert into chain_transactions (id, kind, edition_id, priority, status, to_address, created_at, updated_at)
    values (${newId()}, 'TRANSFER', ${request.editionId}, 0, 'PENDING', ${request.toAddress.toLowerCase()},
            ${at}::timestamptz, ${at}::timestamptz)
    on conflict (kind, edition_id) do nothing`);
}
