import type { TConsoleDrop, TConsoleDropRequest } from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { assertBrandExists } from '../catalog/console/related-items.ts';
import { checkDropProducts } from './drop-products.ts';
import { drops } from './drops.tables.ts';
import { dropForAudit, getConsoleDrop } from './get-console-drop.ts';
import { writeDropDraftParts } from './write-drop-draft.ts';

/**
 * Writes: drops, drop_contents, sale_policies, sale_policy_whitelist, audit_log. `POST /v1/console/drops`: a new
 * DRAFT, which nobody outside the console sees and which can be replaced until it is published. `operator` null: the
 * demo seed, which has no operator.
 */
export async function createDrop(
  ctx: { db: Db; clock: Clock },
  operator: Operator | null,
  input: TConsoleDropRequest,
): Promise<TConsoleDrop> {
  if (operator) assertCanManageBrand(operator, input.brandId);
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    await assertBrandExists(tx, input.brandId);
    await checkDropProducts(tx, input.brandId, input.contents, { publication: false });
    await tx.insert(drops).values({
      id,
      brandId: input.brandId,
      name: input.name,
      description: input.description,
      imageUrl: input.imageUrl,
      visibleAt: new Date(input.visibleAt),
      dropBeginAt: new Date(input.dropBeginAt),
      dropEndAt: new Date(input.dropEndAt),
      editionsPerPack: input.editionsPerPack,
      publicationStatus: 'DRAFT',
      createdAt: now,
      updatedAt: now,
    });
    await writeDropDraftParts(tx, id, input);
    const after = await getConsoleDrop(tx, now, null, id);
    await recordAudit(tx, {
      actorUserId: operator?.userId ?? null,
      action: 'create',
      entityType: 'drop',
      entityId: id,
      before: null,
      after: dropForAudit(after),
      at: now,
    });
    return after;
  });
}
