import { formatMoney, withdrawalMethodNames, withdrawalStatusNames } from '@cypher/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useMyWithdrawals } from '../api/list-my-withdrawals.ts';
import { withdrawalStatusNote } from '../wallet-messages.ts';
import { WithdrawalSteps } from './withdrawal-steps.tsx';
import rowList from '../../../ui/row-list.module.css';
import styles from '../payment-page.module.css';

/** My withdrawal requests and where each one is: submitted, in review (up to two weeks), approved, paid, rejected, failed. */
export function WithdrawalsList() {
  const withdrawals = useMyWithdrawals();
  let body;
  if (withdrawals.isPending) {
    body = (
      <ul className={rowList.list} aria-busy="true" aria-label="Loading your withdrawals">
        {[0, 1].map((index) => (
          <li key={index} className={styles.row}>
            <Skeleton width="50%" />
            <Skeleton width="25%" />
          </li>
        ))}
      </ul>
    );
  } else if (withdrawals.isError && !withdrawals.data) {
    body = (
      <ErrorState
        titleAs="h3"
        title="We could not load your withdrawals"
        error={withdrawals.error}
        onRetry={() => void withdrawals.refetch()}
        isRetrying={withdrawals.isFetching}
      />
    );
  } else if (withdrawals.data.items.length === 0) {
    body = (
      <EmptyState
        titleAs="h3"
        icon="wallet"
        title="No withdrawals yet"
        body="Requests you make above appear here with their review status."
      />
    );
  } else {
    body = (
      <ul className={rowList.list} aria-label="Withdrawal requests">
        {withdrawals.data.items.map((withdrawal) => {
          const status = withdrawalStatusNote(withdrawal);
          return (
            <li key={withdrawal.id} className={styles.row}>
              <div className={styles.rowSummary}>
                <span className={styles.rowMain}>
                  <span className={styles.rowTitle}>
                    {withdrawalMethodNames[withdrawal.method]} to {withdrawal.destination}
                  </span>
                  <span className={styles.rowMeta}>
                    Requested <time dateTime={withdrawal.createdAt}>{formatDateTime(withdrawal.createdAt)}</time> ·
                    Updated <time dateTime={withdrawal.updatedAt}>{formatDateTime(withdrawal.updatedAt)}</time> · Fee{' '}
                    {formatMoney(withdrawal.fee)}
                  </span>
                </span>
                <span className={styles.rowEnd}>
                  <span className={styles.rowAmount}>{formatMoney(withdrawal.amount)}</span>
                  <Badge tone={status.tone}>{withdrawalStatusNames[withdrawal.status]}</Badge>
                </span>
              </div>
              <p className={styles.rowNote}>
                {status.note}
                {withdrawal.rejectionReason ? ` Reason: ${withdrawal.rejectionReason}` : null}
                {withdrawal.failureReason ? ` Reason: ${withdrawal.failureReason}` : null}
                {withdrawal.payoutReference ? (
                  <>
                    {' '}
                    Reference: <span className={styles.reference}>{withdrawal.payoutReference}</span>
                  </>
                ) : null}
              </p>
              <WithdrawalSteps steps={withdrawal.steps} />
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className={styles.sectionTitle}>
        Your withdrawals
      </h2>
      {body}
    </section>
  );
}
