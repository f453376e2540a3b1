import type { TConsoleTicketKind, TCreateTicketKindRequest } from '@cypher/contract';
import type { AppContext } from '../../app-context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { assertAdmin, assertCanManageBrand, type Operator } from '../../http/operator-guard.ts';
import { newId } from '../../lib/ids.ts';
import { assertBrandExists } from '../catalog/console/related-items.ts';
import { recordAudit } from '../console/audit/record-audit.ts';
import { consoleTicketKindViewsOf } from './ticket-kind-views.ts';
import { ticketKinds } from './tickets.tables.ts';

/**
 * Route: POST /v1/console/ticket-kinds · Writes: ticket_kinds, audit_log · Reads: brands (through the catalogue) ·
 * UI: features/console ticket-kind-form.tsx · Tests: tickets-console.test.ts.
 *
 * A new kind of ticket. A brand manager makes kinds of their brands; a kind with no brand is the marketplace's own,
 * which only admins make. It is on sale as soon as it is active and has a price.
 */
export async function createTicketKind(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  operator: Operator,
  input: TCreateTicketKindRequest,
): Promise<TConsoleTicketKind> {
  const now = ctx.clock.now();
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    if (input.brandId) {
      assertCanManageBrand(operator, input.brandId);
      await assertBrandExists(tx, input.brandId);
    } else {
      assertAdmin(operator);
    }
    const [row] = await tx
      .insert(ticketKinds)
      .values({ id, ...input, createdAt: now, updatedAt: now })
      .returning();
    const [after] = await consoleTicketKindViewsOf(tx, [row!]);
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'create',
      entityType: 'ticket_kind',
      entityId: id,
      before: null,
      after,
      at: now,
    });
    return after!;
  });
}
