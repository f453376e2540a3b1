import {
  countryNameOf,
  formatMoney,
  withdrawalMethodNames,
  type TConsoleWithdrawal,
  type TConsoleWithdrawalDetail,
} from '@cypher/contract';
import { type ReactNode } from 'react';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { Timeline } from '../../../ui/timeline.tsx';
import { useConsoleWithdrawal } from '../api/get-console-withdrawal.ts';
import { ConsoleDetailStates } from '../components/console-detail-states.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import { DetailCard } from '../components/detail-card.tsx';
import { ConsolePerson, personLabel } from '../components/console-person.tsx';
import { WithdrawalStatusBadge } from '../components/withdrawal-status-badge.tsx';
import formStyles from '../components/console-form.module.css';
import styles from '../components/withdrawals.module.css';
import { historyStepTitle, WithdrawalActions } from './withdrawal-actions.tsx';
import { OtherRequestsCard, RequesterCard, SharedDestinationAlert } from './withdrawal-review-context.tsx';

const payoutFieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  bankName: 'Bank',
  branch: 'Branch',
  address: 'Address',
  city: 'City',
  state: 'State / province',
  zip: 'ZIP / postal code',
  country: 'Country',
  routingNumber: 'Routing number',
  accountNumber: 'Account number',
  institutionNumber: 'Institution number',
  transitNumber: 'Transit number',
  iban: 'IBAN',
  swift: 'SWIFT',
};

// The wire form's order (name, bank, address, account), whatever order the stored details come back in.
const payoutFieldOrder = Object.keys(payoutFieldLabels);
function fieldRank(field: string): number {
  const rank = payoutFieldOrder.indexOf(field);
  return rank === -1 ? payoutFieldOrder.length : rank;
}

function Summary({ withdrawal }: { withdrawal: TConsoleWithdrawal }) {
  const rows: [string, ReactNode][] = [
    ['Person', <ConsolePerson person={withdrawal.user} />],
    ['Method', withdrawalMethodNames[withdrawal.method]],
    ['Amount', <span className={styles.money}>{formatMoney(withdrawal.amount)}</span>],
    ['Fee', <span className={styles.money}>{formatMoney(withdrawal.fee)}</span>],
    ['State', <WithdrawalStatusBadge status={withdrawal.status} />],
    ['Requested', <time dateTime={withdrawal.createdAt}>{formatDateTimeWithZone(withdrawal.createdAt)}</time>],
    ['Last change', <time dateTime={withdrawal.updatedAt}>{formatDateTimeWithZone(withdrawal.updatedAt)}</time>],
  ];
  if (withdrawal.rejectionReason) rows.push(['Reason given', withdrawal.rejectionReason]);
  if (withdrawal.failureReason) rows.push(['Why it failed', withdrawal.failureReason]);
  if (withdrawal.payoutReference) {
    rows.push(['Payout reference', <span className={styles.code}>{withdrawal.payoutReference}</span>]);
  }
  return <DetailCard id="withdrawal-summary" title="Request" rows={rows} />;
}

function PayoutDetails({ withdrawal }: { withdrawal: TConsoleWithdrawal }) {
  const entries = Object.entries(withdrawal.payoutDetails)
    .filter(([, value]) => value.trim() !== '')
    .sort(([a], [b]) => fieldRank(a) - fieldRank(b));
  const title = withdrawal.method === 'usdc' ? 'USDC address' : 'Bank details';
  return (
    <section className={formStyles.card} aria-labelledby="withdrawal-payout">
      <h2 id="withdrawal-payout" className={formStyles.cardTitle}>
        {title}
      </h2>
      {withdrawal.method === 'usdc' ? (
        <p className={styles.address}>{withdrawal.payoutDetails['address'] ?? withdrawal.destination}</p>
      ) : entries.length === 0 ? (
        <p className={formStyles.hint}>{withdrawal.destination}</p>
      ) : (
        <dl className={styles.details}>
          {entries.map(([field, value]) => (
            <div key={field} className={styles.detailRow}>
              <dt>{payoutFieldLabels[field] ?? field}</dt>
              <dd className={/number|iban|swift/i.test(field) ? styles.code : undefined}>
                {/* By name, as the person's wire form and saved account show it ("United States", not "US"). */}
                {field === 'country' ? countryNameOf(value) : value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** Submitted, then every move made on it, oldest first, as the API gives them. */
function History({ withdrawal }: { withdrawal: TConsoleWithdrawalDetail }) {
  return (
    <section className={formStyles.card} aria-labelledby="withdrawal-history">
      <h2 id="withdrawal-history" className={formStyles.cardTitle}>
        History
      </h2>
      <Timeline
        steps={withdrawal.history.map((step, index) => ({
          key: `${step.status}-${index}`,
          title: historyStepTitle(step.status),
          meta: (
            <>
              by {step.by ? personLabel(step.by) : 'the command line'} ·{' '}
              <time dateTime={step.at}>{formatDateTimeWithZone(step.at)}</time>
            </>
          ),
          note: step.reason,
        }))}
      />
    </section>
  );
}

/** `/console/withdrawals/:id` (admins): where the money goes, what happened so far, and the next step. */
export function WithdrawalDetail({ id }: { id: string }) {
  const withdrawal = useConsoleWithdrawal(id);
  const back = { to: '/console/withdrawals', label: 'All withdrawals' };

  return (
    <ConsoleDetailStates
      query={withdrawal}
      back={back}
      title="Withdrawal"
      what="withdrawal"
      notFound={{
        title: 'This withdrawal is not here',
        body: 'No withdrawal has this address: find it among all withdrawals.',
      }}
    >
      {(data) => (
        <>
          <ConsoleHeader
            back={back}
            title={`${withdrawalMethodNames[data.method]} withdrawal of ${formatMoney(data.amount)}`}
            description={`${personLabel(data.user)} · requested ${formatDateTimeWithZone(data.createdAt)}`}
            actions={<WithdrawalStatusBadge status={data.status} />}
          />
          <div className={styles.layout}>
            <div className={styles.main}>
              <SharedDestinationAlert withdrawalId={data.id} method={data.method} />
              <WithdrawalActions withdrawal={data} />
              <PayoutDetails withdrawal={data} />
              <RequesterCard withdrawalId={data.id} method={data.method} />
            </div>
            <div className={styles.side}>
              <Summary withdrawal={data} />
              <History withdrawal={data} />
              <OtherRequestsCard withdrawalId={data.id} />
            </div>
          </div>
        </>
      )}
    </ConsoleDetailStates>
  );
}
