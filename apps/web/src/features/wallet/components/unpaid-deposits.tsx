import { formatMoney, purchaseStatusPath, type TDeposit } from '@cypher/contract';
import { Link } from 'react-router';
import { buttonClassName } from '../../../ui/button-class-name.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { UNPAID_DEPOSITS_SHOWN, useUnpaidDeposits } from '../api/list-my-deposits.ts';
import { depositFailureInWords } from '../wallet-messages.ts';
import { depositMethodWords } from './open-deposits.tsx';
import rowList from '../../../ui/row-list.module.css';
import styles from '../payment-page.module.css';

/**
 * Payments I started that ended without being paid, the latest first: a declined card, a checkout left to expire.
 * They never moved the balance, so the balance history above has no line for them; without this list, someone whose
 * payment failed after they left its return page would find no trace of it. Each says why, in words (a crypto charge
 * paid the wrong amount says that nothing was added, not that nothing was taken: money may have been sent). Nothing shows when there are none, or while the list loads or fails: the balance history is the tab's
 * subject.
 */
export function UnpaidDeposits() {
  const unpaid = useUnpaidDeposits();
  const page = unpaid.data;
  if (!page || page.items.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="unpaid-deposits-title">
      <h2 id="unpaid-deposits-title" className={styles.sectionTitle}>
        Payments that did not go through
      </h2>
      <p className={styles.muted}>
        None of these changed your balance.
        {page.total > page.items.length
          ? ` The latest ${formatCount(UNPAID_DEPOSITS_SHOWN)} of ${formatCount(page.total)}.`
          : ''}
      </p>
      <ul className={rowList.list} aria-label="Payments that did not go through">
        {page.items.map((deposit) => (
          <UnpaidDepositRow key={deposit.id} deposit={deposit} />
        ))}
      </ul>
    </section>
  );
}

function UnpaidDepositRow({ deposit }: { deposit: TDeposit }) {
  return (
    <li className={styles.row}>
      <div className={styles.rowSummary}>
        <span className={styles.rowMain}>
          <span className={styles.rowTitle}>
            {depositMethodWords[deposit.method]} payment{deposit.orderId ? ' for a purchase' : ''}
            {deposit.paymentMethod ? ` · ${deposit.paymentMethod}` : ''}
          </span>
          <span className={styles.rowMeta}>
            Started <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)}</time>
          </span>
        </span>
        <span className={styles.rowEnd}>
          <span className={styles.rowAmount}>{formatMoney(deposit.amount)}</span>
          <Badge tone="neutral">{deposit.status === 'expired' ? 'Expired' : 'Failed'}</Badge>
        </span>
      </div>
      <p className={styles.rowNote}>{depositFailureInWords(deposit)}</p>
      {/* A purchase's payment leads to the purchase, which says what became of it (cancelled, timed out, paid again). */}
      {deposit.orderId ? (
        <p className={styles.rowActions}>
          <Link to={purchaseStatusPath(deposit.orderId)} className={buttonClassName({ size: 'sm', variant: 'ghost' })}>
            See the purchase
          </Link>
        </p>
      ) : null}
    </li>
  );
}
