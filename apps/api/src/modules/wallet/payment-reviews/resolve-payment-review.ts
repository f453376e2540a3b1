import { and, isNull } from 'drizzle-orm';
import type { TDepositMethod, TPaymentReview } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import { recordAudit } from '../../console/audit/record-audit.ts';
import { paymentEvents } from '../deposits/deposits.tables.ts';
import { heldEvents, paymentReviewViews } from './payment-review-views.ts';

/**
 * Records what an operator did about a held payment (refunded it at the provider's dashboard, say): nothing is
 * credited or refunded here. One conditional update claims the open event (`resolved_at is null`), so of two
 * operators resolving at once exactly one succeeds and writes the audit row, in the same transaction; the other, and
 * any later attempt, is PAYMENT_REVIEW_ALREADY_RESOLVED.
 *
 * Route: POST /v1/console/payment-reviews/{provider}/{eventId}/resolve (admin) · Writes: payment_events, audit_log ·
 * UI: apps/web/src/features/console/sections/payment-reviews-section.tsx · Tests: payment-reviews.test.ts,
 * payment-review-races.test.ts.
 */
export async function resolvePaymentReview(
  ctx: AppContext,
  operator: Operator,
  key: { provider: TDepositMethod; eventId: string },
  note: string,
): Promise<TPaymentReview> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const [resolved] = await tx
      .update(paymentEvents)
      .set({ resolvedAt: now, resolvedBy: operator.userId, resolutionNote: note })
      .where(and(heldEvents({ key }), isNull(paymentEvents.resolvedAt)))
      .returning();
    if (!resolved) {
      // Only to tell an unknown event from a resolved one; nothing is decided on this read.
      const [known] = await tx
        .select({ eventId: paymentEvents.eventId })
        .from(paymentEvents)
        .where(heldEvents({ key }));
      throw new AppError(known ? 'PAYMENT_REVIEW_ALREADY_RESOLVED' : 'PAYMENT_REVIEW_NOT_FOUND');
    }
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'resolve',
      entityType: 'payment_event',
      entityId: `${key.provider}:${key.eventId}`,
      before: { resolvedAt: null },
      after: {
        reason: resolved.reviewReason,
        amount: resolved.amount,
        currency: resolved.currency,
        depositId: resolved.depositId,
        note,
      },
      at: now,
    });
    const [view] = await paymentReviewViews(tx, heldEvents({ key }));
    return view!;
  });
}
