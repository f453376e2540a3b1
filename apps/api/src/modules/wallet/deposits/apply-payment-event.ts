import { and, eq, isNull, or } from 'drizzle-orm';
import { DEPOSIT_AMOUNT_MISMATCH, type TDepositMethod, type TPaymentReviewReason } from '@cypher/contract';
import type { TPaymentEvent } from '../../../adapters/payments/payment-provider.ts';
import type { Db } from '../../../db/client.ts';
import { inRetriedTransaction } from '../../../db/transaction.ts';
import { notify } from '../../notifications/notify.ts';
import { lockAccountForCredit } from '../../users/people.ts';
import { postDeposit } from '../post-deposit.ts';
import { depositPath, depositSucceededNotice, paymentHeldNotice } from '../wallet-notices.ts';
import { tellDepositClosed } from './close-deposit.ts';
import type { DepositListener } from './deposit-listener.ts';
import { transitionDeposit } from './deposit-states.ts';
import { deposits, paymentEvents, type TDepositRow } from './deposits.tables.ts';

export type TPaymentEventOutcome = 'applied' | 'duplicate' | 'ignored' | 'held_for_review';

/** A payment.succeeded that credited nothing: kept on its payment_events row, and told to whoever watches. */
export interface TPaymentEventReview {
  provider: TDepositMethod;
  eventId: string;
  providerReference: string;
  depositId: string | null;
  amount: number;
  reason: TPaymentReviewReason;
}

const paymentMethodLabel: Record<TDepositMethod, string> = { card: 'Card', crypto: 'Crypto', tilia: 'Tilia' };

/**
 * Applies a verified provider event exactly once (house rule 7): the event id row, the deposit's transition and the
 * ledger posting commit in one transaction. Concurrent deliveries of the same event meet at the event id's primary
 * key: one inserts, the others wait for it and find the row (duplicate). A succeeded event credits a pending deposit,
 * or an expired one (the money arrived late, but it arrived). A succeeded event for no deposit we know, for a failed
 * deposit, of another amount or for a deleted account credits nothing and is held for review (the row's
 * review_reason with the amount received, and onHeldForReview after commit; operators find and resolve it in the
 * console's payments for review); any other event that changes nothing is ignored, but still recorded. An account
 * whose deletion is only requested is still credited: its owner can sign in, cancel and use the money, and the
 * deletion job then finds the balance and waits (decision record 0007).
 *
 * Route: POST /v1/webhooks/{provider} (receive-webhook.ts) and the sandboxes' checkouts · Writes: payment_events,
 * deposits, the ledger (postDeposit), notifications ("Funds added", unless a listener's order told the person), and
 * the listeners' rows · Reads: users (whether the owner is deleted, under lockAccountForCredit) · Tests:
 * deposits.test.ts, card-orders.test.ts, wallet-notifications.test.ts, users/deletion/deletion-and-payments.test.ts,
 * users/deletion/deletion-payment-races.test.ts.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: TDepositMethod,
  event: TPaymentEvent,
  now: Date,
  hooks: { onHeldForReview?: (review: TPaymentEventReview) => void; listeners?: readonly DepositListener[] } = {},
): Promise<TPaymentEventOutcome> {
  // Retried as a whole on a deadlock: the event id's row commits with the effect, so a retry applies it once.
  const result = await inRetriedTransaction<{ outcome: TPaymentEventOutcome; review?: TPaymentEventReview }>(
    db,
    async (tx) => {
      // By the provider's reference; or, for an event that overtook the provider call's answer (so no reference is
      // recorded yet), by the deposit id the provider echoes back.
      const [deposit] = await tx
        .select()
        .from(deposits)
        .where(
          and(
            eq(deposits.method, provider),
            event.data.depositId
              ? or(
                  eq(deposits.providerReference, event.data.providerReference),
                  and(eq(deposits.id, event.data.depositId), isNull(deposits.providerReference)),
                )
              : eq(deposits.providerReference, event.data.providerReference),
          ),
        );
      // Locked before anything is written, so the deletion job's final check and this credit never interleave (review
      // B: a late payment credited to an account deleted a moment before).
      const isOwnerDeleted =
        deposit && event.type === 'payment.succeeded'
          ? (await lockAccountForCredit(tx, deposit.userId)).isDeleted
          : false;
      const reviewReason = event.type === 'payment.succeeded' ? reviewReasonFor(deposit, event, isOwnerDeleted) : null;
      const inserted = await tx
        .insert(paymentEvents)
        .values({
          provider,
          eventId: event.id,
          eventType: event.type,
          depositId: deposit?.id ?? null,
          receivedAt: now,
          reviewReason,
          // What the provider says it received, kept so a held payment can be refunded to the cent.
          amount: event.data.amount,
          currency: event.data.currency,
        })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (inserted.length === 0) return { outcome: 'duplicate' as const };
      const heldForReview = (reason: TPaymentReviewReason) => ({
        outcome: 'held_for_review' as const,
        review: {
          provider,
          eventId: event.id,
          providerReference: event.data.providerReference,
          depositId: deposit?.id ?? null,
          amount: event.data.amount,
          reason,
        } satisfies TPaymentEventReview,
      });
      if (reviewReason) {
        // The person whose payment it was hears it is held (nobody to tell for an unknown or a deleted account's).
        if (deposit && (reviewReason === 'amount_mismatch' || reviewReason === 'deposit_failed')) {
          const isToldByListener =
            reviewReason === 'amount_mismatch' &&
            (await closeDepositPaidAnotherAmount(tx, deposit, event, hooks.listeners ?? [], now));
          if (!isToldByListener) await notifyPaymentHeld(tx, deposit, event, reviewReason, now);
        }
        return heldForReview(reviewReason);
      }
      if (!deposit) return { outcome: 'ignored' as const };
      for (const listener of hooks.listeners ?? []) await listener.lockFor(tx, deposit);
      if (event.type === 'payment.succeeded') {
        // From pending, or from expired (see depositTransitions): the expiry's reason no longer applies.
        const succeeded = await transitionDeposit(tx, deposit.id, {
          to: 'succeeded',
          now,
          changes: { failureReason: null, providerReference: event.data.providerReference },
        });
        if (!succeeded) {
          // The deposit moved after it was read above: another event of this payment credited it (nothing to do), or a
          // failed event committed in between, and then the money received is held like any that came after a failure.
          if (!(await hasFailedSince(tx, deposit.id))) return { outcome: 'ignored' as const };
          await tx
            .update(paymentEvents)
            .set({ reviewReason: 'deposit_failed' })
            .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, event.id)));
          await notifyPaymentHeld(tx, deposit, event, 'deposit_failed', now);
          return heldForReview('deposit_failed');
        }
        const paymentMethod = event.data.paymentMethod ?? deposit.paymentMethodLabel ?? paymentMethodLabel[provider];
        let description: string | undefined;
        for (const listener of hooks.listeners ?? [])
          description ??= (await listener.describe(tx, succeeded)) ?? undefined;
        await postDeposit(tx, {
          userId: deposit.userId,
          source: provider,
          amount: deposit.amount,
          currency: deposit.currency,
          referenceId: deposit.id,
          paymentMethod,
          description,
          now,
        });
        let isToldByListener = false;
        for (const listener of hooks.listeners ?? []) {
          if (await listener.onSucceeded(tx, succeeded, paymentMethod, now)) isToldByListener = true;
        }
        // Funds added to the balance (issue 22), in the transaction that credits them; an order's payment is told by
        // the order instead ("Purchase complete", or where the money went).
        if (!isToldByListener) {
          await notify(tx, {
            userId: deposit.userId,
            kind: 'DEPOSIT',
            ...depositSucceededNotice(deposit.amount, paymentMethod),
            linkPath: depositPath(deposit.id),
            referenceId: deposit.id,
            now,
          });
        }
        return { outcome: 'applied' as const };
      }
      const to = event.type === 'payment.failed' ? 'failed' : 'expired';
      const moved = await transitionDeposit(tx, deposit.id, {
        to,
        now,
        changes: {
          failureReason: event.data.failureReason ?? (to === 'expired' ? 'expired' : 'failed'),
          providerReference: event.data.providerReference,
        },
      });
      if (!moved) return { outcome: 'ignored' as const };
      await tellDepositClosed(tx, moved, hooks.listeners ?? [], now);
      return { outcome: 'applied' as const };
    },
  );
  if (result.review) hooks.onHeldForReview?.(result.review);
  return result.outcome;
}

/**
 * Another amount than the deposit asked arrived (held for review): a deposit still waiting for its payment stops
 * waiting, failed with DEPOSIT_AMOUNT_MISMATCH, and an order it paid for is released. Before, it stayed "in progress"
 * with its checkout open, inviting a second payment (bug hunt, session 73). Answers whether a listener (the order)
 * told the person itself.
 */
async function closeDepositPaidAnotherAmount(
  tx: Db,
  deposit: TDepositRow,
  event: TPaymentEvent,
  listeners: readonly DepositListener[],
  now: Date,
): Promise<boolean> {
  for (const listener of listeners) await listener.lockFor(tx, deposit);
  const closed = await transitionDeposit(tx, deposit.id, {
    to: 'failed',
    now,
    changes: { failureReason: DEPOSIT_AMOUNT_MISMATCH, providerReference: event.data.providerReference },
  });
  if (!closed) return false;
  let isTold = false;
  for (const listener of listeners) if (await listener.onClosed(tx, closed, now)) isTold = true;
  return isTold;
}

/** Tells the person money of theirs arrived and is held, to be refunded: nothing for them to do, nor to pay again. */
async function notifyPaymentHeld(
  tx: Db,
  deposit: TDepositRow,
  event: TPaymentEvent,
  reason: 'amount_mismatch' | 'deposit_failed',
  now: Date,
): Promise<void> {
  await notify(tx, {
    userId: deposit.userId,
    kind: 'DEPOSIT',
    ...paymentHeldNotice(reason, { amount: event.data.amount, currency: event.data.currency }, deposit.amount),
    linkPath: depositPath(deposit.id),
    referenceId: deposit.id,
    now,
  });
}

/**
 * Whether the deposit is failed now: read after the succeeded transition matched nothing, whose UPDATE waited for the
 * transaction that moved the row, so this read sees what that one committed.
 */
async function hasFailedSince(tx: Db, depositId: string): Promise<boolean> {
  const [row] = await tx.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, depositId));
  return row?.status === 'failed';
}

/** Money the provider says it received that this deposit cannot take; null when crediting (or a no-op) is right. */
function reviewReasonFor(
  deposit: TDepositRow | undefined,
  event: TPaymentEvent,
  isOwnerDeleted: boolean,
): TPaymentReviewReason | null {
  if (!deposit) return 'unknown_reference';
  // Whatever else is wrong with it, the money goes back through the provider: nobody can use it here any more.
  if (isOwnerDeleted) return 'account_deleted';
  if (event.data.amount !== deposit.amount || event.data.currency !== deposit.currency) return 'amount_mismatch';
  if (deposit.status === 'failed') return 'deposit_failed';
  return null;
}
