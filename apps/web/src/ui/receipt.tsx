import type { TMoney, TReceipt } from '@cypher/contract';
import { formatMoney } from '@cypher/contract';
import { formatDateTime } from '../lib/format.ts';
import styles from './receipt.module.css';

interface ReceiptProps {
  receipt: TReceipt;
  id?: string;
  /** The money formatter with the CYP unit the API configured; USD needs nothing more. */
  format?: (money: TMoney) => string;
  /** Inside a row (the payment history) the receipt sits indented; on its own it fills its box. */
  isInset?: boolean;
  /** Its heading's level in the page's outline: under a history row's h3 by default; beside a page's sections, h2. */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/**
 * Spec section 3's purchase receipt: payment ID, merchant, date and time, payment method, subtotal, service fee and
 * total paid; when CYP credit paid part of it (it is spent first), what it spent and what dollars paid. Shared by the payment page's history and purchases and the purchase page.
 */
export function Receipt({
  receipt,
  id,
  format = (money) => formatMoney(money),
  isInset = true,
  headingLevel: Heading = 'h4',
}: ReceiptProps) {
  const orNotApplicable = (money: TMoney | null) => (money ? format(money) : 'Not applicable');
  return (
    <section id={id} className={isInset ? `${styles.receipt} ${styles.inset}` : styles.receipt} aria-label="Receipt">
      <Heading className={styles.title}>Receipt</Heading>
      <dl className={styles.facts}>
        <dt className={styles.wholeRow}>Payment ID</dt>
        <dd className={`${styles.mono} ${styles.wholeRow}`}>{receipt.paymentId}</dd>
        <dt>Merchant</dt>
        <dd>{receipt.merchant}</dd>
        <dt>Date and time</dt>
        <dd>
          <time dateTime={receipt.paidAt}>{formatDateTime(receipt.paidAt)}</time>
        </dd>
        <dt>Payment method</dt>
        <dd>{receipt.paymentMethod ?? 'Not applicable'}</dd>
        <dt>Subtotal</dt>
        <dd>{orNotApplicable(receipt.subtotal)}</dd>
        <dt>Service fee</dt>
        <dd>{orNotApplicable(receipt.serviceFee)}</dd>
        <dt>Total paid</dt>
        <dd className={styles.strong}>{orNotApplicable(receipt.totalPaid)}</dd>
        {receipt.paidWithCredit && receipt.totalPaid ? (
          <>
            <dt>CYP credit spent</dt>
            <dd>
              {format(receipt.paidWithCredit.credit)}, for {format(receipt.paidWithCredit.covers)}
            </dd>
            <dt>Dollars spent</dt>
            <dd>
              {format({
                amount: receipt.totalPaid.amount - receipt.paidWithCredit.covers.amount,
                currency: 'USD',
              })}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
