import {
  formatMoney,
  withdrawalMethodNames,
  withdrawalReasonSentence,
  withdrawalStatusNames,
  type TMyWithdrawal,
} from '@cypher/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { Badge } from '../../../ui/badge.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useMyWithdrawals, WITHDRAWALS_PAGE_SIZE } from '../api/list-my-withdrawals.ts';
import { withdrawalStatusNote } from '../wallet-messages.ts';
import { PagedRows, usePageParam } from './paged-rows.tsx';
import { WithdrawalSteps } from './withdrawal-steps.tsx';
import styles from '../payment-page.module.css';

/**
 * My withdrawal requests and where each one is: submitted, in review (up to two weeks), approved, paid, rejected,
 * failed. Paged like the payment page's other lists, so a rejected request a notification points to stays in reach.
 */
export function WithdrawalsList() {
  const withdrawals = useMyWithdrawals(usePageParam());
  return (
    <section className={styles.card} aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className={styles.sectionTitle}>
        Your withdrawals
      </h2>
      <PagedRows
        query={withdrawals}
        what="withdrawals"
        label="Withdrawal requests"
        tab="withdraw"
        pageSize={WITHDRAWALS_PAGE_SIZE}
        pagesLabel="Withdrawal pages"
        skeletonRows={2}
        titleAs="h3"
        empty={
          <EmptyState
            titleAs="h3"
            icon="wallet"
            title="No withdrawals yet"
            body="Requests you make above appear here with their review status."
          />
        }
      >
        {(withdrawal) => <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />}
      </PagedRows>
    </section>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: TMyWithdrawal }) {
  const status = withdrawalStatusNote(withdrawal);
  return (
    <li className={styles.row}>
      <div className={styles.rowSummary}>
        <span className={styles.rowMain}>
          <span className={styles.rowTitle}>
            {withdrawalMethodNames[withdrawal.method]} to {withdrawal.destination}
          </span>
          <span className={styles.rowMeta}>
            Requested <time dateTime={withdrawal.createdAt}>{formatDateTime(withdrawal.createdAt)}</time> · Updated{' '}
            <time dateTime={withdrawal.updatedAt}>{formatDateTime(withdrawal.updatedAt)}</time>
            {/* Named only when there is one, as the notices and emails name it: "Fee $0.00" reads as a charge. */}
            {withdrawal.fee.amount > 0 ? ` · Fee ${formatMoney(withdrawal.fee)}` : null}
          </span>
        </span>
        <span className={styles.rowEnd}>
          <span className={styles.rowAmount}>{formatMoney(withdrawal.amount)}</span>
          <Badge tone={status.tone}>{withdrawalStatusNames[withdrawal.status]}</Badge>
        </span>
      </div>
      <p className={styles.rowNote}>
        {status.note}
        {/* Worded as the notice and the email word it: a full stop, and "no reason given" rather than nothing. */}
        {withdrawal.status === 'rejected' ? ` Reason: ${withdrawalReasonSentence(withdrawal.rejectionReason)}` : null}
        {withdrawal.status === 'failed' ? ` Reason: ${withdrawalReasonSentence(withdrawal.failureReason)}` : null}
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
}
