import { eq } from 'drizzle-orm';
import { passTimeIssues, type TConsolePass, type TUpdatePassRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../http/app-error.ts';
import { assertUnchangedSince, nextVersionAt, type TSeenVersion } from '../../http/entry-version.ts';
import type { Operator } from '../../http/operator-guard.ts';
import { inAuditedEdit } from '../console/audit/audited-edit.ts';
import { isPassNamedByRound } from '../drops/rounds-opened-by-passes.ts';
import { consolePassViewsOf } from './pass-views.ts';
import { isPassHeldByAnyone } from './pass-units.ts';
import { lockPass } from './publish-pass.ts';
import { passes, type TPassRow } from './passes.tables.ts';

/**
 * Route: PATCH /v1/console/passes/{id} · Writes: passes, audit_log · Reads: sale_policies (through drops), pass_units
 * · UI: features/console pass form · Tests: passes.test.ts, pass-publication.test.ts, pass-races.test.ts,
 * orders/agreed-price.test.ts.
 *
 * Changes a pass's words, artwork, price, limit and times; its brand stays (a drop's round may name only a pass of
 * the drop's brand). A limit set on a pass already selling counts what each person bought before it: every purchase
 * of a pass is counted, limit or not (orders/sale-items.ts's countsAllowances), so there is nothing to count here. A
 * new price reaches no buyer unseen: a popup that showed the old one is refused PRICE_CHANGED. The supply changes only on a draft (a published pass's units are issued, some perhaps sold) that
 * no drop's round names (a guarantee's pack count was worked out from it): the same number is accepted, so the form
 * may send it back as it was. The times are checked together with the ones kept: a sale that would end before it
 * begins, or a validity that would, is refused.
 *
 * Once anyone holds the pass (a unit paid for, given, or held for a payment) its validity is what they were sold, and
 * a holders-only round admits only a pass valid now: so it may only widen, `validFrom` earlier and `validUntil`
 * later, and a change the other way is refused PASS_VALIDITY_SOLD naming each such field. Checked under the row lock,
 * which every claim of a unit waits for or holds (pass-units.ts's claimPassUnits, FOR KEY SHARE): a purchase in flight
 * commits before this looks and is counted, and one that claims after this commits buys the pass as changed.
 */
export async function updatePass(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  id: string,
  input: TUpdatePassRequest,
  seen: TSeenVersion = null,
): Promise<TConsolePass> {
  const now = ctx.clock.now();
  const audit = { actorUserId: operator.userId, entityType: 'pass', entityId: id, at: now } as const;
  return inAuditedEdit(ctx.db, audit, async (tx) => {
    const before = await lockPass(tx, operator, id);
    assertUnchangedSince(seen, before.updatedAt);
    if (input.supply !== undefined && input.supply !== before.supply) {
      if (before.status !== 'DRAFT') {
        throw new AppError('INVALID_REQUEST', {
          details: [{ field: 'supply', message: 'The supply of a published pass is fixed: its units are issued.' }],
        });
      }
      if (await isPassNamedByRound(tx, id)) throw new AppError('PASS_NAMED_BY_ROUND');
    }
    const times = {
      saleBeginAt: input.saleBeginAt ? new Date(input.saleBeginAt) : before.saleBeginAt,
      saleEndAt: input.saleEndAt ? new Date(input.saleEndAt) : before.saleEndAt,
      validFrom: input.validFrom ? new Date(input.validFrom) : before.validFrom,
      validUntil: input.validUntil ? new Date(input.validUntil) : before.validUntil,
    };
    const issues = passTimeIssues(times);
    if (issues.length > 0) throw new AppError('INVALID_REQUEST', { details: issues });
    const narrowed = narrowedValidity(before, times);
    if (narrowed.length > 0 && (await isPassHeldByAnyone(tx, id))) {
      throw new AppError('PASS_VALIDITY_SOLD', { details: narrowed });
    }
    const [row] = await tx
      .update(passes)
      .set({ ...input, ...times, updatedAt: nextVersionAt(now, before.updatedAt) })
      .where(eq(passes.id, id))
      .returning();
    // The audit row holds the pass as the console shows it on both sides, so only what changed reads as changed.
    const [beforeView, afterView] = await consolePassViewsOf(tx, [before, row!], now);
    return { before: beforeView!, after: afterView! };
  });
}

/**
 * The validity fields the change narrows (`validFrom` later, `validUntil` earlier), with why, as field details: what
 * the pass's holders would lose.
 */
function narrowedValidity(
  before: Pick<TPassRow, 'validFrom' | 'validUntil'>,
  after: { validFrom: Date; validUntil: Date },
): { field: 'validFrom' | 'validUntil'; message: string }[] {
  const narrowed: { field: 'validFrom' | 'validUntil'; message: string }[] = [];
  if (after.validFrom.getTime() > before.validFrom.getTime()) {
    narrowed.push({ field: 'validFrom', message: 'People hold this pass: it can only start earlier, not later.' });
  }
  if (after.validUntil.getTime() < before.validUntil.getTime()) {
    narrowed.push({ field: 'validUntil', message: 'People hold this pass: it can only end later, not earlier.' });
  }
  return narrowed;
}
