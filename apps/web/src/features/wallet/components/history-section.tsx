import { formatMoney, type TBalanceHistoryItem, type TMoney } from '@cypher/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Receipt } from '../../../ui/receipt.tsx';
import { useCypMinorUnits } from '../../../api/my-balances.ts';
import { HISTORY_PAGE_SIZE, useBalanceHistory } from '../api/list-balance-history.ts';
import { transactionKindLabels } from '../wallet-messages.ts';
import { ExpandingRow, PagedRows, usePageParam } from './paged-rows.tsx';
import styles from '../payment-page.module.css';

/** Product history: every balance movement, newest first; a payment opens to its receipt (spec section 3). */
export function HistorySection() {
  const history = useBalanceHistory(usePageParam());
  const cypMinorUnits = useCypMinorUnits();
  const format = (money: TMoney) => formatMoney(money, { cypMinorUnits });
  return (
    <PagedRows
      query={history}
      what="history"
      isWhatSingular
      label="Balance history"
      tab="history"
      pageSize={HISTORY_PAGE_SIZE}
      pagesLabel="History pages"
      skeletonRows={4}
      empty={
        <EmptyState
          icon="list"
          title="Nothing in your history yet"
          body="Funds you add, purchases and withdrawals will be listed here, each with its receipt."
          action={
            <ButtonLink to="/payment?tab=add-funds" variant="primary">
              Add funds
            </ButtonLink>
          }
        />
      }
    >
      {(item) => <HistoryRow key={`${item.transactionId}-${item.amount.currency}`} item={item} format={format} />}
    </PagedRows>
  );
}

/**
 * What a movement did to the balance: money in (+, green) or out. A movement between parts leaves the total as it
 * was, and "$0.00" would hide it: a withdrawal requested holds its amount and fee ("$125.00 held"), one rejected or
 * a settlement makes money withdrawable ("$100.00 now withdrawable"), neither green.
 */
function HistoryAmount({ item, format }: { item: TBalanceHistoryItem; format: (money: TMoney) => string }) {
  const { amount, held, withdrawable } = item;
  if (amount.amount === 0 && held.amount > 0) return <span className={styles.rowAmount}>{format(held)} held</span>;
  if (amount.amount === 0 && withdrawable.amount > 0) {
    return <span className={styles.rowAmount}>{format(withdrawable)} now withdrawable</span>;
  }
  const signed = (
    <span className={amount.amount < 0 ? styles.amountOut : styles.amountIn}>
      {amount.amount > 0 ? '+' : ''}
      {format(amount)}
    </span>
  );
  // Money out and money back in one movement: a wire rejected keeps its fee (the amount) and gives the rest back
  // to the withdrawable balance, which "−$25.00" alone did not say.
  if (amount.amount < 0 && withdrawable.amount > 0) {
    return (
      <span className={styles.rowAmounts}>
        {signed}
        <span className={styles.rowAmountNote}>{format(withdrawable)} now withdrawable</span>
      </span>
    );
  }
  return signed;
}

function HistoryRow({ item, format }: { item: TBalanceHistoryItem; format: (money: TMoney) => string }) {
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
      <HistoryAmount item={item} format={format} />
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
    <ExpandingRow
      summary={summary}
      detailsId={receiptId}
      what="receipt"
      details={<Receipt id={receiptId} receipt={item.receipt} format={format} />}
    />
  );
}
