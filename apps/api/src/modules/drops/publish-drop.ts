import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { errorCatalogue, type TConsoleDrop } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ChainPort } from '../../adapters/chain/chain.ts';
import type { Clock } from '../../lib/clock.ts';
import { nudgeChainSender } from '../collection/chain-transactions/send-chain-transactions.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { PUBLISH_DROP_JOB } from './drop-publication-jobs.ts';
import { checkDropProducts } from './drop-products.ts';
import { dropContents, drops } from './drops.tables.ts';
import { dropForAudit, getConsoleDrop } from './get-console-drop.ts';
import { encryptSeed } from './provenance-seed-cipher.ts';
import { writeDropPacks, type TPublicationSizes } from './write-drop-packs.ts';
import { sqlArray } from '../../db/sql-arrays.ts';
import { passNamesByIds } from '../passes/pass-names.ts';

/**
 * Route: POST /v1/console/drops/{id}/publish (console-drops.routes.ts) · Writes: drops (seed, PUBLISHING,
 * packs_written 0), drop_contents (first_serial_number), audit_log; then packs and editions (and, with the EVM
 * adapter, their mint intents) through write-drop-packs.ts · Reads: products (catalog's productsByIds, locked), editions (collection's highest serials) · UI:
 * features/console/components/publish-drop-action.tsx · Tests: console-drops.test.ts, drop-publication.test.ts
 *
 * Starts a drop's publication in one short transaction (decision record 0022):
 *
 * 1. the drop row is locked (a second publish waits, then answers DROP_ALREADY_PUBLISHED) and the checks of a draft
 *    are repeated; its products are locked FOR NO KEY UPDATE in id order and each reserves the run of serial numbers
 *    after its highest edition and after every run reserved before (drop-products.ts): purchases of live drops of the
 *    same products never wait for this, and a second publication of the same product waits for its commit;
 * 2. a secret 32-byte seed is drawn and stored encrypted (provenance-seed-cipher.ts); the drop becomes PUBLISHING with
 *    0 packs written, which no public page, list or purchase shows (they all ask for PUBLISHED);
 * 3. the operator's audit row is written with it.
 *
 * Then the packs and editions are written in batches by writeDropPacks, in this request for a drop of at most
 * `publication.inlineMaxEditions` (DROP_PUBLISH_INLINE_MAX_EDITIONS, 20,000: a couple of batches, about a second), by
 * the `publish-drop` job for a larger one; either way the batch that writes the last pack makes the drop PUBLISHED. A process that stops
 * mid-way leaves the drop PUBLISHING, and the `resume-drop-publications` job hands it to a worker again.
 *
 * `operator` null: the demo seed, which has no operator.
 */
export async function publishDrop(
  ctx: { db: Db; clock: Clock; seedKey: Buffer; jobs: JobQueue; chain?: ChainPort; publication: TPublicationSizes },
  operator: Operator | null,
  id: string,
): Promise<TConsoleDrop> {
  const editionCount = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.clock.now();
    const [drop] = await tx
      .select({ brandId: drops.brandId, publicationStatus: drops.publicationStatus, dropEndAt: drops.dropEndAt })
      .from(drops)
      .where(eq(drops.id, id))
      .for('no key update');
    if (!drop) throw new AppError('DROP_NOT_FOUND');
    if (operator) assertCanManageBrand(operator, drop.brandId);
    if (drop.publicationStatus !== 'DRAFT') throw new AppError('DROP_ALREADY_PUBLISHED');
    // Published over, it would mint its editions for a sale nobody could join and list itself as completed.
    if (drop.dropEndAt <= now) {
      throw new AppError('DROP_SCHEDULE_PASSED', {
        details: [{ field: 'dropEndAt', message: errorCatalogue.DROP_SCHEDULE_PASSED.message }],
      });
    }
    const before = await getConsoleDrop(tx, now, null, id);
    await assertRoundPassesPublished(tx, before);

    const contents = await tx
      .select({ productId: dropContents.productId, editionCount: dropContents.editionCount })
      .from(dropContents)
      .where(eq(dropContents.dropId, id));
    const products = await checkDropProducts(tx, drop.brandId, contents, { publication: true });
    await tx.execute(
      sql`update drop_contents c set first_serial_number = r.first
          from unnest(${sqlArray(products.map((product) => product.productId))}::uuid[],
                      ${sqlArray(products.map((product) => product.nextSerialNumber))}::int[]) as r(product_id, first)
          where c.drop_id = ${id} and c.product_id = r.product_id`,
    );

    const seed = randomBytes(32).toString('hex');
    const started = await tx
      .update(drops)
      .set({
        publicationStatus: 'PUBLISHING',
        seed: encryptSeed(ctx.seedKey, id, seed),
        packsWritten: 0,
        updatedAt: now,
      })
      .where(and(eq(drops.id, id), eq(drops.publicationStatus, 'DRAFT')))
      .returning({ id: drops.id });
    if (started.length !== 1) throw new Error(`drop ${id} changed status under a row lock`);

    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'publish',
      entityType: 'drop',
      entityId: id,
      before: dropForAudit(before),
      after: dropForAudit(await getConsoleDrop(tx, now, null, id)),
      at: now,
    });
    return products.reduce((sum, product) => sum + product.editionCount, 0);
  });

  if (editionCount <= ctx.publication.inlineMaxEditions) {
    try {
      // With the EVM adapter the batches recorded their editions' mint intents: a worker sends them now.
      if ((await writeDropPacks(ctx, id)) === 'PUBLISHED') await nudgeChainSender(ctx);
    } catch (error) {
      // The drop stays PUBLISHING with what was written; a worker goes on from there (the database was away, say).
      // The request still fails with the first error, which is the one worth reporting.
      await ctx.jobs.send(PUBLISH_DROP_JOB, { dropId: id }).catch(() => null);
      throw error;
    }
  } else {
    // The publication is under way whatever happens to this message: if it cannot be sent (the database went away
    // between the two), the resume sweep sends it within minutes, and the operator is not told to publish again.
    await ctx.jobs.send(PUBLISH_DROP_JOB, { dropId: id }).catch(() => null);
  }
  return getConsoleDrop(ctx.db, ctx.clock.now(), null, id);
}

/**
 * A round for a pass's holders (or guaranteeing them packs) needs the pass on show: a draft pass cannot be bought, so
 * its round would sell to nobody while the drop page named a pass collectors cannot find. A pass is published once and
 * never drafted again, so what is read here stays true. DROP_PASS_NOT_PUBLISHED names each draft under `rounds`.
 */
async function assertRoundPassesPublished(tx: Db, drop: TConsoleDrop): Promise<void> {
  const passIds = drop.rounds.flatMap((round) =>
    [round.requiredPass?.id ?? [], round.passGuarantee?.pass.id ?? []].flat(),
  );
  const found = await passNamesByIds(tx, passIds);
  const drafts = [...new Set(passIds)].flatMap((passId) => {
    const pass = found.get(passId);
    return pass && !pass.isPublished ? [pass.name] : [];
  });
  if (drafts.length > 0) {
    throw new AppError('DROP_PASS_NOT_PUBLISHED', {
      details: drafts.map((name) => ({ field: 'rounds', message: `${name} is still a draft.` })),
    });
  }
}
