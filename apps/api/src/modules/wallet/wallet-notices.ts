import {
  formatMoney,
  withdrawalReasonSentence,
  type TMoney,
  type TNotificationStage,
  type TWithdrawalStatus,
} from '@cypher/contract';

/*
 * Writes: nothing · Reads: nothing (words only) · Used by: deposits and withdrawals when they notify · Tests:
 * wallet-notifications.test.ts.
 */

/**
 * What the wallet's notifications say (issue 22): funds added by a deposit, and each step of a withdrawal, in the
 * words of its emails (withdrawal-emails.ts). One place, so the notice and the email never tell two stories.
 */
const usd = (cents: number) => formatMoney({ amount: cents, currency: 'USD' });

/**
 * Money a provider received for a person's deposit that it cannot take, held for review to be refunded: another amount
 * than asked, or a payment that arrived after its deposit had failed. Said at once, so nobody pays again a checkout
 * that looks unpaid, and with the reason it was not added.
 */
export function paymentHeldNotice(reason: 'amount_mismatch' | 'deposit_failed', received: TMoney, asked: number) {
  const why =
    reason === 'amount_mismatch'
      ? `We received ${formatMoney(received)} for your ${usd(asked)} payment, not the amount asked`
      : `Your ${formatMoney(received)} payment arrived after it had failed`;
  return {
    stage: 'FAILED' as TNotificationStage,
    title: 'Payment held for review',
    body: `${why}, so nothing was added to your balance. Our team will refund it to you; you do not need to pay again.`,
  };
}

/**
 * An operator resolved the held payment (resolve-payment-review.ts): the review is over. The operator's note is the
 * team's own record and is not repeated; what the person needs is that nothing is left pending (session 78's hunt:
 * every screen kept saying "will refund").
 */
export function paymentReviewResolvedNotice(received: TMoney | null) {
  const payment = received ? `the ${formatMoney(received)} payment` : 'your payment';
  return {
    stage: 'SUCCESSFUL' as TNotificationStage,
    title: 'Held payment resolved',
    body: `Our team has finished reviewing ${payment} that was held. If a refund was due, it was sent back through your payment provider.`,
  };
}

/**
 * A crypto top-up that ended unpaid, told to someone who left its checkout long before: a charge is paid from a wallet
 * elsewhere and confirmed, or expires, up to an hour later (session 79's hunt: only a success was told). It was sent by
 * the person, not taken from them, so it says that nothing was added, never that nothing was taken; the deposit's page
 * says why (the payment page's words, wallet-messages.ts).
 */
export function cryptoDepositClosedNotice(deposit: { status: 'failed' | 'expired'; amount: number }) {
  const amount = usd(deposit.amount);
  return deposit.status === 'expired'
    ? {
        stage: 'FAILED' as TNotificationStage,
        title: 'Crypto charge expired',
        body: `Your ${amount} crypto charge expired before a payment was confirmed, so nothing was added to your balance. If the ${amount} still arrives, it is added then.`,
      }
    : {
        stage: 'FAILED' as TNotificationStage,
        title: 'Crypto payment failed',
        body: `Your ${amount} crypto payment did not go through, so nothing was added to your balance.`,
      };
}

export function depositSucceededNotice(amount: number, paymentMethod: string) {
  return {
    stage: 'SUCCESSFUL' as TNotificationStage,
    title: 'Funds added',
    body: `${usd(amount)} was added to your balance (${paymentMethod}).`,
  };
}

const withdrawalStages: Record<TWithdrawalStatus, TNotificationStage> = {
  submitted: 'PENDING',
  in_review: 'PENDING',
  approved: 'PENDING',
  paid: 'SUCCESSFUL',
  rejected: 'FAILED',
  failed: 'FAILED',
};

export function withdrawalNotice(row: {
  status: TWithdrawalStatus;
  amount: number;
  fee: number;
  rejectionReason: string | null;
  failureReason: string | null;
}) {
  const amount = usd(row.amount);
  const fee = usd(row.fee);
  const words: Record<TWithdrawalStatus, { title: string; body: string }> = {
    submitted: {
      title: 'Withdrawal requested',
      body: `We received your withdrawal of ${amount}. A review can take up to two weeks.`,
    },
    in_review: {
      title: 'Withdrawal in review',
      body: `We are reviewing your withdrawal of ${amount}. A review can take up to two weeks.`,
    },
    approved: {
      title: 'Withdrawal approved',
      body: `Your withdrawal of ${amount} is approved and will be paid out shortly.`,
    },
    paid: { title: 'Withdrawal paid', body: `Your withdrawal of ${amount} has been paid out.` },
    rejected: {
      title: 'Withdrawal rejected',
      body: `Your withdrawal of ${amount} was rejected: ${withdrawalReasonSentence(row.rejectionReason)} The amount is back in your withdrawable balance${row.fee > 0 ? `; the ${fee} fee is kept` : ''}.`,
    },
    failed: {
      title: 'Withdrawal could not be paid',
      body: `We could not pay out your withdrawal of ${amount}: ${withdrawalReasonSentence(row.failureReason)} ${row.fee > 0 ? `The amount and the ${fee} fee are` : 'The amount is'} back in your withdrawable balance.`,
    },
  };
  return { stage: withdrawalStages[row.status], ...words[row.status] };
}

/** Where a wallet notification leads: the deposit's outcome, or the Withdraw tab with its history. */
export const depositPath = (depositId: string) => `/payment?deposit=${encodeURIComponent(depositId)}`;
