import { formatMoney, withdrawalReasonSentence, type TWithdrawalStatus } from '@cypher/contract';
import { emailLayout, type EmailBrand } from '../../../adapters/mail/email-layout.ts';
import type { OutgoingEmail } from '../../../adapters/mail/mail.ts';
import type { TWithdrawalRow } from './withdrawals.tables.ts';

const subjects: Partial<Record<TWithdrawalStatus, string>> = {
  in_review: 'Your withdrawal is in review',
  approved: 'Your withdrawal is approved',
  paid: 'Your withdrawal has been paid',
  rejected: 'Your withdrawal was rejected',
  failed: 'Your withdrawal could not be paid',
};

/** Spec section 4: the person is told each step of their withdrawal. */
export function withdrawalStatusEmail(brand: EmailBrand, to: string, row: TWithdrawalRow): OutgoingEmail {
  const amount = formatMoney({ amount: row.amount, currency: 'USD' });
  const fee = formatMoney({ amount: row.fee, currency: 'USD' });
  const lines: Record<string, string[]> = {
    in_review: [`We are reviewing your withdrawal of ${amount}. A review can take up to two weeks.`],
    approved: [`Your withdrawal of ${amount} is approved and will be paid out shortly.`],
    paid: [
      `Your withdrawal of ${amount} has been paid out.`,
      // On a line of its own, with nothing after it: a hash is copied into a block explorer or a bank's search.
      ...(row.payoutReference ? ['Its reference, to find it where it arrives:', row.payoutReference] : []),
    ],
    rejected: [
      `Your withdrawal of ${amount} was rejected: ${withdrawalReasonSentence(row.rejectionReason)}`,
      row.fee > 0
        ? `The amount is back in your withdrawable balance. The ${fee} fee is kept.`
        : 'The amount is back in your withdrawable balance.',
    ],
    failed: [
      `We could not pay out your withdrawal of ${amount}: ${withdrawalReasonSentence(row.failureReason)}`,
      row.fee > 0
        ? `The amount and the ${fee} fee are back in your withdrawable balance.`
        : 'The amount is back in your withdrawable balance.',
    ],
  };
  return {
    to,
    subject: subjects[row.status] ?? 'Your withdrawal',
    ...emailLayout(brand, lines[row.status] ?? [], { label: 'See your balance', url: `${brand.publicUrl}/payment` }),
  };
}
