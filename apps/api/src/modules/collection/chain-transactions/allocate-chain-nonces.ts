import { sql } from 'drizzle-orm';
import type { ChainPort } from '../../../adapters/chain/chain.ts';
import { chainTokenId } from '../../../adapters/chain/chain.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { sqlArray } from '../../../db/sql-arrays.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../lib/clock.ts';

/*
 * Route: none (the sender job, send-chain-transactions.ts) · Writes: chain_signers, chain_transactions (nonce, signer,
 * contract, token id) · Reads: editions (registry contract and token id) · Tests: chain-transactions.test.ts.
 */

/**
 * Transactions of one signer that may be given a nonce and not yet be mined. Nodes keep a few dozen pending
 * transactions per sender (geth guarantees 16 slots, more while its pool has room); past that they refuse new ones,
 * and a nonce given to a refused transaction would hold up every later one until it is sent.
 */
export const MAX_IN_FLIGHT = 32;

interface TCandidate {
  id: string;
  kind: 'MINT' | 'TRANSFER';
  edition_id: string;
  to_address: string | null;
  registry_address: string;
  registry_token_id: string | number;
  mint_nonce: string | number | null;
  mint_status: string | null;
}

/**
 * Gives the next intents their nonces, in one transaction of their own, before anything about them is sent (house
 * rule 7: record, commit, call). Answers how many were given.
 *
 * 1. The node's count for the key is read first, outside the transaction. The signer's row starts there, and moves
 *    up to it if the key was used elsewhere (never down: nonces given here and not yet sent are above the node's count).
 * 2. The signer's row is the lock: one conditional update per run, so two runners give out disjoint runs; the unique
 *    (signer, nonce) is the last defence. Intents are taken SKIP LOCKED, most urgent first.
 * 3. A transfer is taken only once its edition's mint has a nonce (now or before) and has not failed: nonces are mined
 *    in order, so the mint is on chain before the transfer moves the token. Within a run a mint comes before its
 *    edition's transfer.
 */
export async function allocateChainNonces(ctx: { db: Db; clock: Clock; chain: ChainPort }): Promise<number> {
  const { signerAddress, contractAddress } = ctx.chain;
  if (!signerAddress || !contractAddress) return 0;
  const signer = signerAddress.toLowerCase();
  const contract = contractAddress.toLowerCase();
  const nodeCount = await ctx.chain.transactionCount();
  const now = ctx.clock.now().toISOString();
  return inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`
      insert into chain_signers (address, next_nonce, updated_at) values (${signer}, ${nodeCount}, ${now}::timestamptz)
      on conflict (address) do nothing`);
    await tx.execute(sql`
      update chain_signers set next_nonce = greatest(next_nonce, ${nodeCount}), updated_at = ${now}::timestamptz
      where address = ${signer}`);
    const [flight] = await queryRows<{ count: string | number }>(
      tx,
      sql`select count(*) as count from chain_transactions
          where signer_address = ${signer} and nonce is not null and status in ('PENDING', 'SENT')`,
    );
    const room = MAX_IN_FLIGHT - Number(flight!.count);
    if (room <= 0) return 0;

    const candidates = await queryRows<TCandidate>(
      tx,
      sql`select t.id, t.kind, t.edition_id, t.to_address, e.contract_address as registry_address,
                 e.token_id as registry_token_id, m.nonce as mint_nonce, m.status as mint_status
          from chain_transactions t
          join editions e on e.id = t.edition_id
          left join chain_transactions m on m.kind = 'MINT' and m.edition_id = t.edition_id and t.kind = 'TRANSFER'
          where t.nonce is null and t.status = 'PENDING'
          order by t.priority, t.created_at, t.id
          limit ${room}
          for update of t skip locked`,
    );
    const taken = inNonceOrder(candidates);
    if (taken.length === 0) return 0;

    const [claimed] = await queryRows<{ first: string | number }>(
      tx,
      sql`update chain_signers set next_nonce = next_nonce + ${taken.length}, updated_at = ${now}::timestamptz
          where address = ${signer}
          returning next_nonce - ${taken.length} as first`,
    );
    const first = Number(claimed!.first);
    const given = await queryRows<{ id: string }>(
      tx,
      sql`update chain_transactions t
          set nonce = g.nonce, signer_address = ${signer}, contract_address = ${contract}, token_id = g.token_id,
              to_address = coalesce(t.to_address, ${signer}), updated_at = ${now}::timestamptz
          from unnest(${sqlArray(taken.map((row) => row.id))}::uuid[],
                      ${sqlArray(taken.map((_, index) => first + index))}::bigint[],
                      ${sqlArray(taken.map((row) => chainTokenId(row.registry_address, BigInt(row.registry_token_id)).toString()))}::numeric[])
            as g(id, nonce, token_id)
          where t.id = g.id and t.nonce is null
          returning t.id`,
    );
    // Rows taken FOR UPDATE cannot have changed: a shortfall is a bug, and rolling back returns the nonces.
    if (given.length !== taken.length) throw new Error(`gave ${given.length} of ${taken.length} chain nonces`);
    return taken.length;
  });
}

/**
 * The candidates that can go now, in the queue's order, except that a transfer taken with its edition's mint comes
 * right after that mint if it was ahead of it. A transfer whose mint has no nonce and is not taken now waits.
 */
function inNonceOrder(candidates: TCandidate[]): TCandidate[] {
  const mintPosition = new Map<string, number>();
  candidates.forEach((row, index) => {
    if (row.kind === 'MINT') mintPosition.set(row.edition_id, index);
  });
  return candidates
    .map((row, index) => {
      const mintAt = row.kind === 'TRANSFER' ? mintPosition.get(row.edition_id) : undefined;
      return { row, key: mintAt === undefined ? index : Math.max(index, mintAt + 0.5) };
    })
    .filter(
      ({ row }) =>
        row.kind === 'MINT' ||
        mintPosition.has(row.edition_id) ||
        (row.mint_nonce !== null && row.mint_status !== 'FAILED'),
    )
    .sort((a, b) => a.key - b.key)
    .map(({ row }) => row);
}
