import { sql } from 'drizzle-orm';
import type { TClaimLog, TClaimLogQuery } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { inRetriedTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import { publishedBrandIds } from '../../catalog/published-brand-ids.ts';
import { revealDropIfDue } from '../reveal-drop.ts';
import { sealClaimLog } from './seal-claim-log.ts';

/**
 * Route: GET /v1/drops/{id}/claim-log · Writes: pack_claim_log (sealing), drops (revealed_at, when due) · Reads:
 * drops · UI: features/drops provenance page · Tests: claim-log.test.ts.
 *
 * A drop's claim log (decision record 23): while the drop sells, its head (how many claims are chained, and the last
 * chain hash), sealed up to now first, so a buyer can note it right after their purchase; once the drop is revealed,
 * the entries themselves, a page at a time in chain order, for anyone to check against the commitment and the heads
 * they noted. A drop that is not published, not visible yet, or of a brand not published, is not found.
 */
export async function getClaimLog(db: Db, dropId: string, query: TClaimLogQuery, now: Date): Promise<TClaimLog> {
  const [drop] = await queryRows<{ visible_at: Date | string; status: string; brand_id: string }>(
    db,
    sql`select visible_at, publication_status as status, brand_id from drops where id = ${dropId}::uuid`,
  );
  if (!drop || drop.status !== 'PUBLISHED' || new Date(drop.visible_at) > now) throw new AppError('DROP_NOT_FOUND');
  // A drop of a brand taken down is not found, as on the drop's other public pages.
  if (!(await publishedBrandIds(db, [drop.brand_id])).has(drop.brand_id)) throw new AppError('DROP_NOT_FOUND');
  const isRevealed = (await revealDropIfDue(db, dropId, now)) !== null;
  const head = await inRetriedTransaction(db, (tx) => sealClaimLog(tx, dropId));
  if (!isRevealed) return { dropId, head, isRevealed, entries: null, nextAfter: null };
  const rows = await queryRows<{
    position: number;
    kind: 'CLAIMED' | 'RELEASED';
    pack_number: number;
    order_id: string;
    buyer_hash: string;
    at: Date | string;
    chain_hash: string;
  }>(
    db,
    sql`select position, kind, pack_number, order_id, buyer_hash, at, chain_hash from pack_claim_log
        where drop_id = ${dropId}::uuid and position > ${query.after} order by position limit ${query.size}`,
  );
  const entries = rows.map((row) => ({
    position: Number(row.position),
    kind: row.kind,
    packNumber: Number(row.pack_number),
    orderId: row.order_id,
    buyerHash: row.buyer_hash,
    at: new Date(row.at).toISOString(),
    chainHash: row.chain_hash,
  }));
  const last = entries.at(-1);
  return { dropId, head, isRevealed, entries, nextAfter: last && last.position < head.length ? last.position : null };
}
