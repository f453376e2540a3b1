import { eq } from 'drizzle-orm';
import {
  isPayoutReferenceFor,
  payoutReferenceMessages,
  type TConsoleWithdrawalDetail,
  type TWithdrawalMove,
  withdrawalMoves,
  withdrawalsPath,
} from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import type { Db } from '../../../db/client.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Operator } from '../../../http/operator-guard.ts';
import { recordAudit } from '../../console/audit/record-audit.ts';
import { notify } from '../../notifications/notify.ts';
import { postLedgerTransaction, type TLedgerEntryInput } from '../post-ledger-transaction.ts';
import { withdrawalNotice } from '../wallet-notices.ts';
import { getConsoleWithdrawal } from './get-console-withdrawal.ts';
import { emailWithdrawalStep } from './withdrawal-emails.ts';
import { transitionWithdrawal } from './withdrawal-states.ts';
import { withdrawals, type TWithdrawalRow } from './withdrawals.tables.ts';

/**
 * The money side of each end state, posted in the same transaction as the status change. Rejected: the amount goes
 * back to withdrawable and the fee is kept (spec). Paid: the amount leaves to the payout account, the fee to fees.
 * Failed: the payout did not happen through no fault of the person, so amount and fee both go back.
 */
function ledgerEntriesFor(row: TWithdrawalRow): TLedgerEntryInput[] | null {
  const held = {
    account: { userId: row.userId, kind: 'held' as const, currency: 'USD' as const },
    amount: -(row.amount + row.fee),
  };
  const withdrawable = (amount: number) => ({
    account: { userId: row.userId, kind: 'withdrawable' as const, currency: 'USD' as const },
    amount,
  });
  const fees = { account: { system: 'fees' as const, currency: 'USD' as const }, amount: row.fee };
  if (row.status === 'rejected') return [held, withdrawable(row.amount), fees];
  if (row.status === 'paid') {
    return [held, { account: { system: 'withdrawals_payout', currency: 'USD' }, amount: row.amount }, fees];
  }
  if (row.status === 'failed') return [held, withdrawable(row.amount + row.fee)];
  return null;
}

const ledgerKindOf = { rejected: 'withdrawal_reject', paid: 'withdrawal_paid', failed: 'withdrawal_failed' } as const;

/**
 * A USDC payout's reference must be its transaction hash (isPayoutReferenceFor). The method never changes, so it is
 * read without a lock; an unknown withdrawal passes here and is answered by the move itself.
 */
async function assertPayoutReferenceFits(tx: Db, id: string, payoutReference: string): Promise<void> {
  const [known] = await tx.select({ method: withdrawals.method }).from(withdrawals).where(eq(withdrawals.id, id));
  if (known && !isPayoutReferenceFor(known.method, payoutReference)) {
    throw new AppError('INVALID_REQUEST', {
      details: [{ field: 'payoutReference', message: payoutReferenceMessages.usdcHash }],
    });
  }
}

/** What a move's request carries (the contract's withdrawalMoves says which: `asks`). */
export interface TWithdrawalMoveWords {
  /** Reject and failed: the reason the person is told. */
  reason?: string;
  /** Paid: the payout's reference, which the person is shown. */
  payoutReference?: string;
}

/**
 * Console (admins): moves a withdrawal one step (the contract's withdrawalMoves names its target and its audit
 * decision), with its ledger effect, audit row and the person's notification in one transaction, then emails them.
 * Reject and failed carry the reason the person is told, paid the payout's reference (their request schemas require
 * them). No admin moves their own withdrawal (OWN_REVIEW_NOT_ALLOWED): the move's statement refuses its owner.
 *
 * Route: POST /v1/console/withdrawals/{id}/{review|approve|reject|paid|failed} (admin) · Writes: withdrawals,
 * ledger, audit_log, notifications · Reads: users · UI: features/console/sections/withdrawal-actions.tsx · Tests:
 * withdrawals.test.ts.
 */
export async function changeWithdrawalStatus(
  ctx: AppContext,
  operator: Operator,
  id: string,
  move: TWithdrawalMove,
  { reason, payoutReference }: TWithdrawalMoveWords = {},
): Promise<TConsoleWithdrawalDetail> {
  const now = ctx.clock.now();
  const { to, decision } = withdrawalMoves[move];
  const detail = await inTransaction(ctx.db, async (tx) => {
    if (to === 'paid') await assertPayoutReferenceFits(tx, id, payoutReference ?? '');
    const moved = await transitionWithdrawal(tx, id, {
      to,
      now,
      reviewerId: operator.userId,
      changes: {
        reviewedByUserId: operator.userId,
        ...(to === 'rejected' ? { rejectionReason: reason ?? null } : {}),
        ...(to === 'failed' ? { failureReason: reason ?? null } : {}),
        ...(to === 'paid' ? { payoutReference: payoutReference ?? null } : {}),
      },
    });
    if (!moved) {
      // Only to tell an unknown withdrawal, the reviewer's own (its owner never changes) and one in another state
      // apart; the move's own statement decided, and wrote nothing.
      const [known] = await tx.select({ userId: withdrawals.userId }).from(withdrawals).where(eq(withdrawals.id, id));
      if (!known) throw new AppError('WITHDRAWAL_NOT_FOUND');
      throw new AppError(known.userId === operator.userId ? 'OWN_REVIEW_NOT_ALLOWED' : 'WITHDRAWAL_STATUS_CONFLICT');
    }
    const entries = ledgerEntriesFor(moved.row);
    if (entries && (to === 'rejected' || to === 'paid' || to === 'failed')) {
      await postLedgerTransaction(tx, {
        kind: ledgerKindOf[to],
        reference: { type: 'withdrawal', id },
        description:
          to === 'rejected' ? 'Withdrawal rejected' : to === 'paid' ? 'Withdrawal paid' : 'Withdrawal failed',
        entries,
        now,
      });
    }
    // `before` is the state the move's own statement locked and left, so each step starts where the last one ended.
    await recordAudit(tx, {
      actorUserId: operator.userId,
      action: decision,
      entityType: 'withdrawal',
      entityId: id,
      before: { status: moved.before },
      after: {
        status: moved.row.status,
        rejectionReason: moved.row.rejectionReason,
        failureReason: moved.row.failureReason,
        payoutReference: moved.row.payoutReference,
      },
      at: moved.at,
    });
    // Each step supersedes the one before it (marked read): one unread notice per withdrawal, its latest step.
    await notify(tx, {
      userId: moved.row.userId,
      kind: 'WITHDRAWAL',
      ...withdrawalNotice(moved.row),
      linkPath: withdrawalsPath,
      referenceId: id,
      now: moved.at,
      supersedesEarlier: true,
    });
    return getConsoleWithdrawal(tx, id);
  });
  await emailWithdrawalStep(ctx, detail.user.email, detail);
  return detail;
}
