import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  assignPackContents,
  canonicalEditions,
  provenanceCommitment,
  type TConsoleDrop,
  type TProvenancePack,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { createPackEditions } from '../collection/create-pack-editions.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { checkDropProducts } from './drop-products.ts';
import { dropContents, drops, salePolicies } from './drops.tables.ts';
import { dropForAudit, getConsoleDrop } from './get-console-drop.ts';

/** Packs per INSERT: a 100,000-pack drop takes ten statements, and one statement's arrays stay small. */
const PACK_CHUNK = 10_000;

/**
 * Writes: drops (seed, commitment, PUBLISHED), drop_contents (first_serial_number), packs, audit_log; editions through
 * the collection module (createPackEditions).
 * `POST /v1/console/drops/{id}/publish`, in one transaction:
 *
 * 1. the drop row is locked (a second publish waits, then answers DROP_ALREADY_PUBLISHED); its products are locked in
 *    id order and each takes the run of serial numbers after its highest edition (drop-products.ts says why);
 * 2. a secret 32-byte seed shuffles the canonical list of editions into packs (provenance.ts, decision record 0015)
 *    and the commitment over seed and contents is computed;
 * 3. every pack (numbered from 1 across the rounds, each round in its pre-issued range) and every edition (in its
 *    pack, no owner yet) is inserted set-wise from arrays, so publishing costs statements per 10,000 rows, not per row;
 * 4. the drop becomes PUBLISHED with its seed and commitment, by a conditional UPDATE whose row count is checked.
 *
 * `operator` null: the demo seed, which has no operator.
 */
export async function publishDrop(
  ctx: { db: Db; clock: Clock },
  operator: Operator | null,
  id: string,
): Promise<TConsoleDrop> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const [drop] = await tx
      .select({
        brandId: drops.brandId,
        publicationStatus: drops.publicationStatus,
        editionsPerPack: drops.editionsPerPack,
      })
      .from(drops)
      .where(eq(drops.id, id))
      .for('update');
    if (!drop) throw new AppError('DROP_NOT_FOUND');
    if (operator) assertCanManageBrand(operator, drop.brandId);
    if (drop.publicationStatus !== 'DRAFT') throw new AppError('DROP_ALREADY_PUBLISHED');
    const before = await getConsoleDrop(tx, now, null, id);

    const contents = await tx
      .select({ productId: dropContents.productId, editionCount: dropContents.editionCount })
      .from(dropContents)
      .where(eq(dropContents.dropId, id));
    const products = await checkDropProducts(tx, drop.brandId, contents, { publication: true });
    const runs = products.map((product) => ({
      productId: product.productId,
      firstSerialNumber: product.nextSerialNumber,
      editionCount: product.editionCount,
    }));
    await tx.execute(
      sql`update drop_contents c set first_serial_number = r.first
          from unnest(${sql.param(runs.map((run) => run.productId))}::uuid[],
                      ${sql.param(runs.map((run) => run.firstSerialNumber))}::int[]) as r(product_id, first)
          where c.drop_id = ${id} and c.product_id = r.product_id`,
    );

    const seed = randomBytes(32).toString('hex');
    const packs = assignPackContents(seed, canonicalEditions(runs), drop.editionsPerPack, 1);
    const commitment = provenanceCommitment(seed, packs);

    const policies = await tx
      .select({
        id: salePolicies.id,
        begin: salePolicies.beginIssuedPackNumber,
        end: salePolicies.endIssuedPackNumber,
      })
      .from(salePolicies)
      .where(eq(salePolicies.dropId, id))
      .orderBy(asc(salePolicies.round));
    const policyOfPack = policyByPackNumber(policies, packs.length);
    await insertPacksAndEditions(tx, id, packs, policyOfPack, now);

    const published = await tx
      .update(drops)
      .set({ publicationStatus: 'PUBLISHED', seed, commitment, publishedAt: now, updatedAt: now })
      .where(and(eq(drops.id, id), eq(drops.publicationStatus, 'DRAFT')))
      .returning({ id: drops.id });
    if (published.length !== 1) throw new Error(`drop ${id} changed status under a row lock`);

    const after = await getConsoleDrop(tx, now, null, id);
    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'publish',
      entityType: 'drop',
      entityId: id,
      before: dropForAudit(before),
      after: dropForAudit(after),
      at: now,
    });
    return after;
  });
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

/** Writes: packs (ours), then their editions through the collection module. */
async function insertPacksAndEditions(
  tx: Db,
  dropId: string,
  packs: TProvenancePack[],
  policyOfPack: string[],
  now: Date,
): Promise<void> {
  const packIds = packs.map(() => newId());
  for (let start = 0; start < packs.length; start += PACK_CHUNK) {
    const end = Math.min(start + PACK_CHUNK, packs.length);
    await tx.execute(
      sql`insert into packs (id, drop_id, policy_id, number)
          select p.id, ${dropId}::uuid, p.policy_id, p.number
          from unnest(${sql.param(packIds.slice(start, end))}::uuid[],
                      ${sql.param(policyOfPack.slice(start, end))}::uuid[],
                      ${sql.param(packs.slice(start, end).map((pack) => pack.number))}::int[])
            as p(id, policy_id, number)`,
    );
  }
  const editions = packs.flatMap((pack, index) => pack.items.map((item) => ({ ...item, packId: packIds[index]! })));
  await createPackEditions(tx, editions, now);
}
