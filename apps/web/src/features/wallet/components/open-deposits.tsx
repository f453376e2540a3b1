import { formatMoney, purchaseStatusPath, type TDeposit } from '@cypher/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { buttonClassName } from '../../../ui/button-class-name.ts';
import { useOpenDeposits } from '../api/list-my-deposits.ts';
import rowList from '../../../ui/row-list.module.css';
import styles from '../payment-page.module.css';

/** How a deposit's method reads in a payment's line. */
export const depositMethodWords: Record<TDeposit['method'], string> = {
  card: 'Card',
  crypto: 'Crypto',
  tilia: 'Tilia',
};

/**
 * Payments I started that have not ended (an open checkout, a charge the provider has not answered): each with when it
 * expires and, while its checkout is open, the way back to it; one that pays a purchase says so, with the way to it
 * (its checkout closes when the purchase's hold ends). They hold back an account's deletion, which links here
 * (`#payments-in-progress`). Nothing shows when there are none, or while the list loads or fails: the balance above
 * is the page's subject.
 */
export function OpenDeposits() {
  const open = useOpenDeposits();
  const items = open.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section id="payments-in-progress" className={styles.card} aria-labelledby="payments-in-progress-title">
      <h2 id="payments-in-progress-title" className={styles.sectionTitle}>
        Payments in progress
      </h2>
      <p className={styles.muted}>
        Money you add arrives in your balance once its payment completes; a payment for a purchase completes the
        purchase. A checkout left unpaid expires by itself.
      </p>
      <ul className={rowList.list} aria-label="Payments in progress">
        {items.map((deposit) => (
          <li key={deposit.id} className={styles.row}>
            <div className={styles.rowSummary}>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>
                  {depositMethodWords[deposit.method]} payment{deposit.orderId ? ' for a purchase' : ''}
                  {deposit.paymentMethod ? ` · ${deposit.paymentMethod}` : ''}
                </span>
                <span className={styles.rowMeta}>
                  Started <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)}</time>
                  {deposit.expiresAt ? (
                    <>
                      {' '}
                      · Expires <time dateTime={deposit.expiresAt}>{formatDateTime(deposit.expiresAt)}</time>
                    </>
                  ) : (
                    ' · Waiting for the provider’s answer'
                  )}
                </span>
              </span>
              <span className={styles.rowEnd}>
                <span className={styles.rowAmount}>{formatMoney(deposit.amount)}</span>
                <Badge tone="warning">In progress</Badge>
              </span>
            </div>
            {deposit.checkoutUrl || deposit.orderId ? (
              <p className={styles.rowActions}>
                {deposit.checkoutUrl ? (
                  <a href={deposit.checkoutUrl} className={buttonClassName({ size: 'sm' })}>
                    Continue to payment
                  </a>
                ) : null}
                {deposit.orderId ? (
                  <Link
                    to={purchaseStatusPath(deposit.orderId)}
                    className={buttonClassName({ size: 'sm', variant: 'ghost' })}
                  >
                    See the purchase
                  </Link>
                ) : null}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
