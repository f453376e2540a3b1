import { and, eq, isNull, notExists } from 'drizzle-orm';
import type { TDepositMethod, TPaymentReview } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import { recordAudit } from '../../console/audit/record-audit.ts';
import { notify } from '../../notifications/notify.ts';
import { depositPath, paymentReviewResolvedNotice } from '../wallet-notices.ts';
import { deposits, paymentEvents } from '../deposits/deposits.tables.ts';
import { heldEvents, paymentReviewViews } from './payment-review-views.ts';

/** The payment's deposit, when it is `userId`'s: correlated with the payment_events row being updated. */
function ownDeposit(tx: Db, userId: string) {
  return tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.id, paymentEvents.depositId), eq(deposits.userId, userId)));
}

/**
 * Tells the person whose deposit the payment was for that its review is over (an unknown reference has nobody): the
 * listener whose deposit it was (an order's checkout) tells them beside what it paid for, else the wallet does.
 */
async function notifyOwner(
  ctx: Pick<AppContext, 'depositListeners'>,
  tx: Db,
  event: { depositId: string | null; amount: number | null; currency: 'USD' | null },
  now: Date,
) {
  if (!event.depositId) return;
  const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, event.depositId));
  if (!deposit) return;
  const received = event.amount !== null && event.currency ? { amount: event.amount, currency: event.currency } : null;
  let isTold = false;
  for (const listener of ctx.depositListeners) {
    if (await listener.onReviewResolved(tx, deposit, received, now)) isTold = true;
  }
  if (isTold) return;
  await notify(tx, {
    userId: deposit.userId,
    kind: 'DEPOSIT',
    ...paymentReviewResolvedNotice(received),
    linkPath: depositPath(deposit.id),
    referenceId: deposit.id,
    now,
    supersedesEarlier: true,
  });
}

/**
 * Records what an operator did about a held payment (refunded it at the provider's dashboard, say): nothing is
 * credited or refunded here. One conditional update claims the open event (`resolved_at is null`), so of two
 * operators resolving at once exactly one succeeds and writes the audit row, in the same transaction; the other, and
 * any later attempt, is PAYMENT_REVIEW_ALREADY_RESOLVED. The person whose deposit it paid is told the review is over. The same update refuses a payment for the operator's own
 * deposit (OWN_REVIEW_NOT_ALLOWED): a review by the person the money is owed to is none.
 *
 * Route: POST /v1/console/payment-reviews/{provider}/{eventId}/resolve (admin) · Writes: payment_events, audit_log, notifications ·
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
      .where(and(heldEvents({ key }), isNull(paymentEvents.resolvedAt), notExists(ownDeposit(tx, operator.userId))))
      .returning();
    if (!resolved) {
      // Only to tell an unknown event, the operator's own (a deposit's owner never changes) and a resolved one apart;
      // the update decided, and wrote nothing.
      const [known] = await tx
        .select({ ownerId: deposits.userId })
        .from(paymentEvents)
        .leftJoin(deposits, eq(deposits.id, paymentEvents.depositId))
        .where(heldEvents({ key }));
      if (!known) throw new AppError('PAYMENT_REVIEW_NOT_FOUND');
      throw new AppError(
        known.ownerId === operator.userId ? 'OWN_REVIEW_NOT_ALLOWED' : 'PAYMENT_REVIEW_ALREADY_RESOLVED',
      );
    }
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: 'resolve',
      entityType: 'payment_event',
      entityId: `${key.provider}:${key.eventId}`,
      before: { resolvedAt: null },
      after: {
        reason: resolved.reviewReason,
        // As money is written everywhere else, so the audit log shows it as "$9.99" (it read "Amount: 999").
        received: { amount: resolved.amount, currency: resolved.currency },
        depositId: resolved.depositId,
        note,
      },
      at: now,
    });
    await notifyOwner(ctx, tx, resolved, now);
    const [view] = await paymentReviewViews(tx, heldEvents({ key }));
    return view!;
  });
}
