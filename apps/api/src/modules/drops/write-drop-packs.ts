import { asc, eq, sql } from 'drizzle-orm';
import {
  assignPackContents,
  canonicalEditions,
  provenanceCommitment,
  type TDropPublicationStatus,
  type TProvenancePack,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { ChainPort } from '../../adapters/chain/chain.ts';
import type { TConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { createPackEditions } from '../collection/create-pack-editions.ts';
import { dropContents, drops, salePolicies } from './drops.tables.ts';
import { decryptSeed } from './provenance-seed-cipher.ts';
import { refreshSaleStatistics } from './sale-statistics.ts';
import { sqlArray } from '../../db/sql-arrays.ts';

/*
 * Route: none (publish-drop.ts inline for a small drop; the `publish-drop` job for a large one) · Writes: packs,
 * editions (and their statistics) and their mint intents with the EVM adapter (collection's createPackEditions), drops (commitment, packs_written, PUBLISHED) · Reads: drops, drop_contents,
 * sale_policies · UI: the console's drop editor (progress) · Tests: drop-publication.test.ts.
 */

/** How publications are cut (config.drops.publication): the default batch of 10,000 editions is 500 packs of 20. */
export type TPublicationSizes = TConfig['drops']['publication'];

/**
 * Writes the packs of a drop in PUBLISHING and ends its publication (decision record 0022):
 *
 * 1. the seed is decrypted and the shuffle recomputed from it and the serial runs reserved at the start (it is
 *    deterministic, so a run that resumes after a crash computes the very packs the first one did);
 * 2. each batch is one transaction: the drop row is locked FOR NO KEY UPDATE (its own row: no purchase reads it
 *    locked, and a second runner of the same drop waits here, then continues after what this one wrote), the packs
 *    after `packs_written` are inserted with their editions, and `packs_written` moves on in the same commit;
 * 3. the first batch stores the commitment; a later run checks that it recomputed the same one, and stops loudly if
 *    not (the packs already written would no longer match what is being written);
 * 4. the batch that writes the last pack makes the drop PUBLISHED, so nobody sees it on sale with packs missing;
 *    then the planner's statistics of packs and editions are refreshed (sale-statistics.ts), before the sale opens.
 *
 * `ctx.chain`: with the EVM adapter, each batch records its editions' mint intents too; without one (the demo seed,
 * fixtures) the custodial registry alone, which records none.
 *
 * Answers the drop's publication status afterwards, or null for an unknown drop. Two options are for tests:
 * `batchLimit` stops after that many batches (a process that stopped mid-way), and `beforeCommit` runs inside each
 * batch's transaction once its rows are written (to hold it open and show what it does not block).
 */
export async function writeDropPacks(
  ctx: { db: Db; clock: Clock; seedKey: Buffer; chain?: ChainPort; publication: TPublicationSizes },
  dropId: string,
  options: { batchLimit?: number; beforeCommit?: (batch: { from: number; to: number }) => Promise<void> } = {},
): Promise<TDropPublicationStatus | null> {
  const [drop] = await ctx.db
    .select({ status: drops.publicationStatus, seed: drops.seed, editionsPerPack: drops.editionsPerPack })
    .from(drops)
    .where(eq(drops.id, dropId));
  if (!drop) return null;
  if (drop.status !== 'PUBLISHING') return drop.status;

  const runs = await ctx.db
    .select({
      productId: dropContents.productId,
      firstSerialNumber: dropContents.firstSerialNumber,
      editionCount: dropContents.editionCount,
    })
    .from(dropContents)
    .where(eq(dropContents.dropId, dropId));
  const seed = decryptSeed(ctx.seedKey, dropId, drop.seed!);
  const packs = assignPackContents(
    seed,
    canonicalEditions(
      runs.map((run) => {
        if (run.firstSerialNumber === null) throw new Error(`drop ${dropId} is publishing without a serial run`);
        return { ...run, firstSerialNumber: run.firstSerialNumber };
      }),
    ),
    drop.editionsPerPack,
    1,
  );
  const commitment = provenanceCommitment(seed, packs);
  const policies = await ctx.db
    .select({ id: salePolicies.id, begin: salePolicies.beginIssuedPackNumber, end: salePolicies.endIssuedPackNumber })
    .from(salePolicies)
    .where(eq(salePolicies.dropId, dropId))
    .orderBy(asc(salePolicies.round));
  const policyOfPack = policyByPackNumber(policies, packs.length);
  const packsPerBatch = Math.max(1, Math.floor(ctx.publication.batchEditions / drop.editionsPerPack));

  for (let batch = 0; options.batchLimit === undefined || batch < options.batchLimit; batch += 1) {
    const status = await inTransaction(ctx.db, async (tx) => {
      const [locked] = await tx
        .select({ status: drops.publicationStatus, packsWritten: drops.packsWritten, commitment: drops.commitment })
        .from(drops)
        .where(eq(drops.id, dropId))
        .for('no key update');
      if (!locked || locked.status !== 'PUBLISHING') return locked?.status ?? null;
      if (locked.commitment !== null && locked.commitment !== commitment) {
        throw new Error(`drop ${dropId}: the recomputed packs do not match the commitment stored with the first batch`);
      }
      const from = locked.packsWritten!;
      const to = Math.min(from + packsPerBatch, packs.length);
      const now = ctx.clock.now();
      await insertPacksAndEditions(tx, dropId, packs.slice(from, to), policyOfPack.slice(from, to), {
        now,
        isOnChain: ctx.chain?.isOnChain ?? false,
      });
      const isComplete = to === packs.length;
      await tx
        .update(drops)
        .set({
          packsWritten: to,
          commitment,
          updatedAt: now,
          ...(isComplete ? { publicationStatus: 'PUBLISHED' as const, publishedAt: now } : {}),
        })
        .where(eq(drops.id, dropId));
      await options.beforeCommit?.({ from, to });
      return isComplete ? ('PUBLISHED' as const) : ('PUBLISHING' as const);
    });
    if (status === 'PUBLISHED') await refreshSaleStatistics(ctx.db);
    if (status !== 'PUBLISHING') return status;
  }
  return 'PUBLISHING';
}

/**
 * The policy id of each pack number (index = number - 1). The draft's ranges were fixed from the same request that
 * made its contents fill the packs exactly, so a gap or an overlap here is a bug, never an operator's mistake.
 */
function policyByPackNumber(policies: { id: string; begin: number; end: number }[], packCount: number): string[] {
  const owner: string[] = [];
  for (const policy of policies) {
    if (policy.begin !== owner.length + 1) throw new Error(`pack ranges are not contiguous at ${policy.begin}`);
    for (let number = policy.begin; number <= policy.end; number += 1) owner.push(policy.id);
  }
  if (owner.length !== packCount) throw new Error(`rounds issue ${owner.length} packs, contents fill ${packCount}`);
  return owner;
}

/** Writes: packs (ours), then their editions through the collection module; one statement each for a batch. */
async function insertPacksAndEditions(
  tx: Db,
  dropId: string,
  packs: TProvenancePack[],
  policyOfPack: string[],
  { now, isOnChain }: { now: Date; isOnChain: boolean },
): Promise<void> {
  const packIds = packs.map(() => newId());
  await tx.execute(
    sql`insert into packs (id, drop_id, policy_id, number)
        select p.id, ${dropId}::uuid, p.policy_id, p.number
        from unnest(${sqlArray(packIds)}::uuid[], ${sqlArray(policyOfPack)}::uuid[],
                    ${sqlArray(packs.map((pack) => pack.number))}::int[])
          as p(id, policy_id, number)`,
  );
  const editions = packs.flatMap((pack, index) => pack.items.map((item) => ({ ...item, packId: packIds[index]! })));
  await createPackEditions(tx, editions, now, { isOnChain });
}
