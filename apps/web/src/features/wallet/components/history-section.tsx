import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, type TBalanceHistoryItem, type TMoney, type TReceipt } from '@cypher/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useMyBalances } from '../api/get-my-balances.ts';
import { HISTORY_PAGE_SIZE, useBalanceHistory } from '../api/list-balance-history.ts';
import { transactionKindLabels } from '../wallet-messages.ts';
import styles from '../payment-page.module.css';

/** Product history: every balance movement, newest first; a payment opens to its receipt (spec section 3). */
export function HistorySection() {
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const history = useBalanceHistory(page);
  const cypMinorUnits = useMyBalances().data?.cypUnit.minorUnits;
  const format = (money: TMoney) => formatMoney(money, { cypMinorUnits });

  if (history.isPending) {
    return (
      <ul className={styles.rows} aria-busy="true" aria-label="Loading your history">
        {[0, 1, 2, 3].map((index) => (
          <li key={index} className={styles.row}>
            <Skeleton width="60%" />
            <Skeleton width="30%" />
          </li>
        ))}
      </ul>
    );
  }
  if (history.isError) {
    return (
      <ErrorState
        title="We could not load your history"
        error={history.error}
        onRetry={() => void history.refetch()}
        isRetrying={history.isFetching}
      />
    );
  }
  if (history.data.items.length === 0) {
    return (
      <EmptyState
        icon="list"
        title="No payments yet"
        body="Funds you add, purchases and withdrawals will be listed here, each with its receipt."
        action={
          <ButtonLink to="/payment?tab=add-funds" variant="primary">
            Add funds
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div className={styles.stack}>
      <ul className={styles.rows} aria-label="Balance history">
        {history.data.items.map((item) => (
          <HistoryRow key={`${item.transactionId}-${item.amount.currency}`} item={item} format={format} />
        ))}
      </ul>
      <Pagination
        page={history.data.page}
        size={HISTORY_PAGE_SIZE}
        total={history.data.total}
        hrefFor={(next) => `/payment?tab=history&page=${next}`}
        label="History pages"
      />
    </div>
  );
}

function HistoryRow({ item, format }: { item: TBalanceHistoryItem; format: (money: TMoney) => string }) {
  const [isOpen, setIsOpen] = useState(false);
  const receiptId = `receipt-${item.transactionId}-${item.amount.currency}`;
  const kindLabel = transactionKindLabels[item.kind];
  const summary = (
    <>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>{item.description}</span>
        <span className={styles.rowMeta}>
          {kindLabel === item.description ? null : `${kindLabel} · `}
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </span>
      </span>
      <span className={item.amount.amount < 0 ? styles.amountOut : styles.amountIn}>
        {item.amount.amount > 0 ? '+' : ''}
        {format(item.amount)}
      </span>
    </>
  );
  if (!item.receipt) {
    return (
      <li className={styles.row}>
        <div className={styles.rowSummary}>{summary}</div>
      </li>
    );
  }
  return (
    <li className={styles.row}>
      <button
        type="button"
        className={styles.rowButton}
        aria-expanded={isOpen}
        aria-controls={receiptId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {summary}
        <Icon name="chevron-down" size={18} className={isOpen ? styles.chevronOpen : styles.chevron} />
        <span className="visually-hidden">{isOpen ? 'Hide receipt' : 'Show receipt'}</span>
      </button>
      {isOpen ? <Receipt id={receiptId} receipt={item.receipt} format={format} /> : null}
    </li>
  );
}

function Receipt({ id, receipt, format }: { id: string; receipt: TReceipt; format: (money: TMoney) => string }) {
  const orDash = (money: TMoney | null) => (money ? format(money) : 'Not applicable');
  return (
    <section id={id} className={styles.receipt} aria-label="Receipt">
      <h4 className={styles.receiptTitle}>Receipt</h4>
      <dl className={styles.facts}>
        <dt>Payment ID</dt>
        <dd className={styles.mono}>{receipt.paymentId}</dd>
        <dt>Merchant</dt>
        <dd>{receipt.merchant}</dd>
        <dt>Date and time</dt>
        <dd>
          <time dateTime={receipt.paidAt}>{formatDateTime(receipt.paidAt)}</time>
        </dd>
        <dt>Payment method</dt>
        <dd>{receipt.paymentMethod ?? 'Not applicable'}</dd>
        <dt>Subtotal</dt>
        <dd>{orDash(receipt.subtotal)}</dd>
        <dt>Service fee</dt>
        <dd>{orDash(receipt.serviceFee)}</dd>
        <dt>Total paid</dt>
        <dd className={styles.strong}>{orDash(receipt.totalPaid)}</dd>
      </dl>
    </section>
  );
}
