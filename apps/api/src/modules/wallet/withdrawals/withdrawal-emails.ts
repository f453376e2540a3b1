import {
  formatMoney,
  type TWithdrawal,
  type TWithdrawalStatus,
  withdrawalReasonSentence,
  withdrawalsPath,
} from '@cypher/contract';
import { emailLayout, type EmailBrand } from '../../../adapters/mail/email-layout.ts';
import type { OutgoingEmail } from '../../../adapters/mail/mail.ts';
import type { AppContext } from '../../../app-context.ts';
import { deliver } from '../../auth/deliver.ts';

const subjects: Record<TWithdrawalStatus, string> = {
  submitted: 'We received your withdrawal request',
  in_review: 'Your withdrawal is in review',
  approved: 'Your withdrawal is approved',
  paid: 'Your withdrawal has been paid',
  rejected: 'Your withdrawal was rejected',
  failed: 'Your withdrawal could not be paid',
};

/**
 * Spec section 4: the person is told each step of their withdrawal, the request first: money asked out of an account
 * is news its owner should have by email at once, so someone who took over the account cannot empty it unseen until
 * a reviewer acts (session 79's hunt). A replayed request sends none (withdrawals.routes.ts); each step's email has
 * a Message-ID of its own all the same, by which mail services drop a copy sent again.
 */
function withdrawalStatusEmail(brand: EmailBrand, to: string, withdrawal: TWithdrawal): OutgoingEmail {
  const amount = formatMoney(withdrawal.amount);
  const fee = formatMoney(withdrawal.fee);
  const hasFee = withdrawal.fee.amount > 0;
  const lines: Record<TWithdrawalStatus, string[]> = {
    submitted: [
      `We received your request to withdraw ${amount} to ${withdrawal.destination}. A review can take up to two weeks.`,
      'If this was not you, reset your password now and contact support.',
    ],
    in_review: [`We are reviewing your withdrawal of ${amount}. A review can take up to two weeks.`],
    approved: [`Your withdrawal of ${amount} is approved and will be paid out shortly.`],
    paid: [
      `Your withdrawal of ${amount} has been paid out.`,
      // On a line of its own, with nothing after it: a hash is copied into a block explorer or a bank's search.
      ...(withdrawal.payoutReference
        ? ['Its reference, to find it where it arrives:', withdrawal.payoutReference]
        : []),
    ],
    rejected: [
      `Your withdrawal of ${amount} was rejected: ${withdrawalReasonSentence(withdrawal.rejectionReason)}`,
      hasFee
        ? `The amount is back in your withdrawable balance. The ${fee} fee is kept.`
        : 'The amount is back in your withdrawable balance.',
    ],
    failed: [
      `We could not pay out your withdrawal of ${amount}: ${withdrawalReasonSentence(withdrawal.failureReason)}`,
      hasFee
        ? `The amount and the ${fee} fee are back in your withdrawable balance.`
        : 'The amount is back in your withdrawable balance.',
    ],
  };
  return {
    to,
    subject: subjects[withdrawal.status],
    // Where the notice of the same step leads: the withdrawals, with this one's state and reason.
    ...emailLayout(brand, lines[withdrawal.status], {
      label: 'See your withdrawals',
      url: `${brand.publicUrl}${withdrawalsPath}`,
    }),
    messageId: `withdrawal.${withdrawal.id}.${withdrawal.status}`,
  };
}

/** Sends a step's email once its transaction has committed (house rule 7): a courtesy, so a failure is only reported. */
export function emailWithdrawalStep(
  ctx: Pick<AppContext, 'config' | 'mailer' | 'errorReporter'>,
  to: string,
  withdrawal: TWithdrawal,
): Promise<void> {
  return deliver(() => ctx.mailer.sendEmail(withdrawalStatusEmail(ctx.config, to, withdrawal)), {
    isRequired: false,
    errorReporter: ctx.errorReporter,
  });
}
