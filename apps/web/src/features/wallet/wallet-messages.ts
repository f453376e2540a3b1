import type { BadgeTone } from '../../ui/badge.tsx';
import {
  errorCatalogue,
  type TDepositMethod,
  type TLedgerTransactionKind,
  type TWithdrawalStatus,
} from '@cypher/contract';

export const depositMethodLabels: Record<TDepositMethod, string> = { card: 'Card', crypto: 'Crypto', tilia: 'Tilia' };

/** A failed deposit's `failureReason` (a provider's code) in plain words. */
const failureReasonWords: Record<string, string> = {
  card_declined: 'Your card was declined. Please try another card.',
  insufficient_funds: 'Your card was declined for insufficient funds.',
  payment_declined: 'The payment was declined.',
  provider_unavailable: errorCatalogue.PAYMENT_PROVIDER_UNAVAILABLE.message,
  provider_not_configured: errorCatalogue.PAYMENT_PROVIDER_UNAVAILABLE.message,
  expired: 'The checkout expired before the payment was completed.',
};

export function depositFailureInWords(reason: string | null | undefined): string {
  return (reason && failureReasonWords[reason]) || 'The payment did not go through. No money was taken.';
}

export const withdrawalStatusLabels: Record<TWithdrawalStatus, { label: string; tone: BadgeTone; note: string }> = {
  submitted: { label: 'Submitted', tone: 'neutral', note: 'Waiting for compliance review (up to two weeks).' },
  in_review: { label: 'In review', tone: 'warning', note: 'Compliance review takes up to two weeks.' },
  approved: { label: 'Approved', tone: 'accent', note: 'Approved; the payout is on its way.' },
  paid: { label: 'Paid', tone: 'success', note: 'Paid out.' },
  rejected: { label: 'Rejected', tone: 'warning', note: 'The amount went back to your balance; the fee was kept.' },
  failed: {
    label: 'Failed',
    tone: 'warning',
    note: 'The payout failed; the amount and fee went back to your balance.',
  },
};

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
