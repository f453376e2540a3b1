import { eq } from 'drizzle-orm';
import type { TConsoleDrop, TConsoleDropRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../http/entry-version.ts';
import { assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { inAuditedEdit } from '../console/audit/audited-edit.ts';
import { assertBrandExists } from '../catalog/console/related-items.ts';
import { checkDropProducts } from './drop-products.ts';
import { dropContents, drops, salePolicies } from './drops.tables.ts';
import { dropForAudit, getConsoleDrop } from './get-console-drop.ts';
import { lockDraftDrop, writeDropDraftParts } from './write-drop-draft.ts';

/**
 * Writes: drops, drop_contents, sale_policies, sale_policy_whitelist, audit_log. `PUT /v1/console/drops/{id}`: the
 * whole draft replaced by the request, under the draft's lock (lockDraftDrop): a publish at the same moment publishes
 * the draft before or after it, never a mix. ENTRY_CHANGED when the form was opened on a version of the draft changed
 * since (`seen`, the request's If-Match). Audited as the console shows it (dropForAudit); a save that changes nothing
 * is rolled back (inAuditedEdit).
 */
export async function updateDrop(
  ctx: AppContext,
  operator: Operator,
  id: string,
  input: TConsoleDropRequest,
  seen: TSeenVersion = null,
): Promise<TConsoleDrop> {
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'drop', entityId: id, at: now } as const;
  const edit = async (tx: Db) => {
    const { updatedAt } = await lockDraftDrop(tx, operator, id);
    assertUnchangedSince(seen, updatedAt);
    // Moving a draft to another brand needs that brand too.
    assertCanManageBrand(operator, input.brandId);
    await assertBrandExists(tx, input.brandId);
    await checkDropProducts(tx, input.brandId, input.contents, { publication: false });

    const before = await getConsoleDrop(tx, now, null, id);
    // A draft has no packs yet, so its rounds and contents can be replaced outright (whitelists go with their rounds).
    await tx.delete(salePolicies).where(eq(salePolicies.dropId, id));
    await tx.delete(dropContents).where(eq(dropContents.dropId, id));
    await tx
      .update(drops)
      .set({
        brandId: input.brandId,
        name: input.name,
        description: input.description,
        imageUrl: input.imageUrl,
        visibleAt: new Date(input.visibleAt),
        dropBeginAt: new Date(input.dropBeginAt),
        dropEndAt: new Date(input.dropEndAt),
        editionsPerPack: input.editionsPerPack,
        updatedAt: nextVersionAt(now, updatedAt),
      })
      .where(eq(drops.id, id));
    await writeDropDraftParts(tx, id, input);
    return { before, after: await getConsoleDrop(tx, now, null, id) };
  };
  // A draft saved as it was loaded is no new version and no audit row (decision record 52), though its rounds and gift
  // round were written anew, with new ids.
  return inAuditedEdit(ctx.db, audit, edit, { view: dropForAudit, comparedAs: withoutRoundIds });
}

function withoutRoundIds(view: unknown): unknown {
  const { rounds, giftRound, ...rest } = view as ReturnType<typeof dropForAudit>;
  const withoutId = <TRound extends { id: string }>({ id: _id, ...round }: TRound) => round;
  return { ...rest, rounds: rounds.map(withoutId), giftRound: giftRound && withoutId(giftRound) };
}
