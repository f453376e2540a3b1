import type { BadgeTone } from '../../ui/badge.tsx';
import type { TDeposit, TLedgerTransactionKind, TWithdrawal } from '@cypher/contract';
import { heldPaymentInWords, paymentFailureInWords } from '../../lib/payment-failure.ts';

/**
 * Why a deposit did not go through, in words. A crypto payment is sent by the person, not taken from them: one that
 * failed may have arrived in part, so its words say that nothing was added to the balance, never that nothing was taken.
 */
export function depositFailureInWords(deposit: Pick<TDeposit, 'failureReason' | 'method' | 'heldPayment'>): string {
  // Money that arrived and was held was taken, for now: neither "No money was taken" nor "nothing was added" alone.
  if (deposit.heldPayment) {
    return `${paymentFailureInWords(deposit.failureReason, 'The payment did not go through.')} ${heldPaymentInWords(deposit.heldPayment)}`;
  }
  return paymentFailureInWords(
    deposit.failureReason,
    deposit.method === 'crypto'
      ? 'The payment did not go through, so nothing was added to your balance.'
      : 'The payment did not go through. No money was taken.',
  );
}

/**
 * What each state means for the person; its name is the contract's withdrawalStatusNames. The fee is named only when
 * there was one: a USDC withdrawal has none, and "the fee was kept" would read as a charge.
 */
export function withdrawalStatusNote(withdrawal: Pick<TWithdrawal, 'status' | 'fee'>): {
  tone: BadgeTone;
  note: string;
} {
  const hasFee = withdrawal.fee.amount > 0;
  switch (withdrawal.status) {
    case 'submitted':
      return { tone: 'neutral', note: 'Waiting for compliance review (up to two weeks).' };
    case 'in_review':
      return { tone: 'warning', note: 'Compliance review takes up to two weeks.' };
    case 'approved':
      return { tone: 'accent', note: 'Approved; the payout is on its way.' };
    case 'paid':
      return { tone: 'success', note: 'Paid out.' };
    case 'rejected':
      return {
        tone: 'warning',
        note: hasFee
          ? 'The amount went back to your balance; the fee was kept.'
          : 'The amount went back to your balance.',
      };
    case 'failed':
      return {
        tone: 'warning',
        note: hasFee
          ? 'The payout failed; the amount and fee went back to your balance.'
          : 'The payout failed; the amount went back to your balance.',
      };
  }
}

export const transactionKindLabels: Record<TLedgerTransactionKind, string> = {
  deposit: 'Funds added',
  purchase: 'Purchase',
  settlement: 'Funds settled',
  reward: 'Reward',
  withdrawal_request: 'Withdrawal requested',
  withdrawal_reject: 'Withdrawal rejected',
  withdrawal_paid: 'Withdrawal paid',
  withdrawal_failed: 'Withdrawal failed',
};

/** A failed identity check's `failureReason` (the provider's code) in plain words, with what to do next. */
const identityFailureWords: Record<string, string> = {
  document_unreadable:
    'We could not read the photo of your ID. Please take a clear, well-lit photo of the whole document, without glare or blur.',
  name_mismatch:
    'The name on your ID does not match the name on your account. Please use an ID in your own name; if your name has changed, contact support.',
};

export function identityFailureInWords(reason: string | null | undefined): string {
  return (
    (reason && identityFailureWords[reason]) ||
    'Our verification partner could not confirm your ID. Please try again with a valid, unexpired ID.'
  );
}
