import {
  formatMoney,
  withdrawalMethodNames,
  withdrawalStatuses,
  withdrawalStatusNames,
  type TConsoleWithdrawal,
} from '@cypher/contract';
import { Link } from 'react-router';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { oneOf, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { FilterLinks } from '../../../ui/filter-links.tsx';
import { useConsoleWithdrawals } from '../api/list-console-withdrawals.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import { EmailWithBreak } from '../components/console-person.tsx';
import type { EntryColumn } from '../components/entries-table.tsx';
import { MutedText } from '../components/name-cell.tsx';
import { PagedEntries } from '../components/paged-entries.tsx';
import { withdrawalPath } from '../components/withdrawal-labels.ts';
import { WithdrawalStatusBadge } from '../components/withdrawal-status-badge.tsx';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/withdrawals.module.css';

const PAGE_SIZE = 20;

const columns: EntryColumn<TConsoleWithdrawal>[] = [
  {
    id: 'person',
    header: 'Person',
    cell: (withdrawal) => (
      <span className={styles.person}>
        <Link to={withdrawalPath(withdrawal.id)}>
          {withdrawal.user.nickname ?? <EmailWithBreak email={withdrawal.user.email} />}
        </Link>
        {withdrawal.user.nickname ? (
          <span className={styles.email}>
            <EmailWithBreak email={withdrawal.user.email} />
          </span>
        ) : null}
        <span className={listStyles.phoneOnly}>
          {formatDateTimeWithZone(withdrawal.createdAt)} · fee {formatMoney(withdrawal.fee)}
        </span>
      </span>
    ),
  },
  { id: 'method', header: 'Method', cell: (withdrawal) => withdrawalMethodNames[withdrawal.method] },
  {
    id: 'amount',
    header: 'Amount',
    cell: (withdrawal) => <span className={styles.money}>{formatMoney(withdrawal.amount)}</span>,
  },
  {
    id: 'fee',
    header: 'Fee',
    isSecondary: true,
    cell: (withdrawal) => <span className={styles.money}>{formatMoney(withdrawal.fee)}</span>,
  },
  { id: 'state', header: 'State', cell: (withdrawal) => <WithdrawalStatusBadge status={withdrawal.status} /> },
  {
    id: 'requested',
    header: 'Requested',
    isSecondary: true,
    cell: (withdrawal) => (
      <MutedText>
        <time dateTime={withdrawal.createdAt}>{formatDateTimeWithZone(withdrawal.createdAt)}</time>
      </MutedText>
    ),
  },
  {
    id: 'updated',
    header: 'Last change',
    isSecondary: true,
    cell: (withdrawal) => (
      <MutedText>
        <time dateTime={withdrawal.updatedAt}>{formatDateTimeWithZone(withdrawal.updatedAt)}</time>
      </MutedText>
    ),
  },
];

/** `/console/withdrawals` (admins): withdrawal requests, newest first, filtered by state in the address. */
export function WithdrawalsSection() {
  const { get, page, hrefFor } = useUrlFilters();
  const status = oneOf(get('state'), withdrawalStatuses);
  const withdrawals = useConsoleWithdrawals({ status, page, size: PAGE_SIZE });

  const filters = [
    { id: 'all', label: 'All', to: hrefFor({ state: undefined }) },
    ...withdrawalStatuses.map((id) => ({ id, label: withdrawalStatusNames[id], to: hrefFor({ state: id }) })),
  ];

  return (
    <>
      <ConsoleHeader
        title="Withdrawals"
        description="Requests to take money out, newest first. Open one to see where the money goes and to move it on."
      />
      <FilterLinks label="Withdrawal state" items={filters} selectedId={status ?? 'all'} />
      <PagedEntries
        query={withdrawals}
        noun="withdrawals"
        caption="Withdrawal requests"
        pagesLabel="Withdrawal pages"
        columns={columns}
        empty={{
          icon: 'wallet',
          title: 'No withdrawal requests',
          body: status
            ? `None is ${withdrawalStatusNames[status].toLowerCase()} right now. Pick another state to see the rest.`
            : 'Requests appear here as soon as someone asks to withdraw.',
        }}
      />
    </>
  );
}
