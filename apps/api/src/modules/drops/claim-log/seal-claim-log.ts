import { sql } from 'drizzle-orm';
import { claimLogLine, nextChainHash, type TClaimLogHead } from '@cypher/contract';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { sqlArray } from '../../../db/sql-arrays.ts';
import { inRetriedTransaction } from '../../../db/transaction.ts';
import { sha256Hex } from '../../../lib/sha256-hex.ts';
import { advisoryLockClasses } from '../../../db/advisory-locks.ts';

/** Entries chained per statement: a 100,000-pack drop's log is sealed in tens of statements. */
const SEAL_CHUNK = 5_000;
/**
 * Route: GET /v1/drops/{id}/claim-log, the reveal (reveal-drop.ts) and the recurring job `seal-claim-logs` · Writes:
 * pack_claim_log (position, chain_hash, once per row) · Reads: drops (commitment) · Tests: claim-log.test.ts.
 *
 * Chains the drop's claim log entries that are not chained yet, in the order they became visible (their time, then
 * id), after the current head (decision record 23). Purchases only append rows; the chain is built here, by one
 * sealer per drop at a time (an advisory lock), so no purchase ever waits on the log's head: a head row every purchase
 * updated would cap the drop at one purchase per round trip. An entry committed late (its transaction ran long) is
 * chained when it becomes visible, after entries of a later time: its place is where it is in the chain, and the time
 * it carries is part of what the chain commits to. Inside `tx` when given (the reveal seals within its transaction).
 */
export async function sealClaimLog(tx: Db, dropId: string): Promise<TClaimLogHead> {
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockClasses.claimLogSeal}, hashtext(${dropId}))`);
  let head = await claimLogHead(tx, dropId);
  for (;;) {
    const unsealed = await queryRows<{
      id: string;
      kind: 'CLAIMED' | 'RELEASED';
      pack_number: number;
      order_id: string;
      buyer_hash: string;
      at: Date | string;
    }>(
      tx,
      sql`select id, kind, pack_number, order_id, buyer_hash, at from pack_claim_log
          where drop_id = ${dropId}::uuid and position is null order by at, id limit ${SEAL_CHUNK}`,
    );
    if (unsealed.length === 0) return head;
    const positions: number[] = [];
    const hashes: string[] = [];
    for (const row of unsealed) {
      const line = claimLogLine({
        kind: row.kind,
        packNumber: Number(row.pack_number),
        orderId: row.order_id,
        buyerHash: row.buyer_hash,
        at: new Date(row.at).toISOString(),
      });
      head = { length: head.length + 1, chainHash: nextChainHash(head.chainHash, line, sha256Hex) };
      positions.push(head.length);
      hashes.push(head.chainHash);
    }
    await tx.execute(sql`
      update pack_claim_log l set position = s.position, chain_hash = s.chain_hash
      from unnest(${sqlArray(unsealed.map((row) => row.id))}::uuid[], ${sqlArray(positions)}::int[], ${sqlArray(hashes)}::text[])
        as s(id, position, chain_hash)
      where l.id = s.id`);
    if (unsealed.length < SEAL_CHUNK) return head;
  }
}

/** The sealed head: how many entries are chained and the last one's hash (the drop's commitment for none). */
export async function claimLogHead(db: Db, dropId: string): Promise<TClaimLogHead> {
  const [row] = await queryRows<{ commitment: string | null; position: number | null; chain_hash: string | null }>(
    db,
    sql`select d.commitment, l.position, l.chain_hash
        from drops d
        left join lateral (select position, chain_hash from pack_claim_log
                           where drop_id = d.id and position is not null order by position desc limit 1) l on true
        where d.id = ${dropId}::uuid`,
  );
  return { length: Number(row?.position ?? 0), chainHash: row?.chain_hash ?? row?.commitment ?? '' };
}

/** The recurring job: seals every drop's new entries, so each head is at most a minute behind the purchases. */
export async function sealClaimLogs(db: Db): Promise<number> {
  const pending = await queryRows<{ drop_id: string }>(
    db,
    sql`select distinct drop_id from pack_claim_log where position is null`,
  );
  for (const { drop_id: dropId } of pending) await inRetriedTransaction(db, (tx) => sealClaimLog(tx, dropId));
  return pending.length;
}
