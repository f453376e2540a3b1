import { systemLedgerAccountKinds, type TCurrency, type TLedgerCheck, type TMoney } from '@cypher/contract';
import { Fragment, type ReactNode } from 'react';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useLedgerCheck } from '../api/get-ledger-check.ts';
import { FormSection } from '../components/form-section.tsx';
import {
  houseAccountMeanings,
  ledgerCurrencies,
  type TMoneyFormat,
  ledgerAccountKindNames,
} from '../components/ledger-labels.ts';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/ledger.module.css';

/** The audit lists at most this many offenders of each kind. */
const AUDIT_LIST_LIMIT = 20;

function sumOf(moneys: readonly TMoney[], currency: TCurrency): number {
  return moneys.filter((money) => money.currency === currency).reduce((sum, money) => sum + money.amount, 0);
}

/** The audit's findings, one sentence each, for an admin to act on. */
function problemsOf(check: TLedgerCheck, format: TMoneyFormat): ReactNode[] {
  const more = (count: number) => (count >= AUDIT_LIST_LIMIT ? ` (the first ${AUDIT_LIST_LIMIT} shown)` : '');
  const counted = (count: number, one: string, other: string) => `${formatCount(count)} ${count === 1 ? one : other}`;
  const problems: ReactNode[] = [];
  for (const total of check.currencyTotals) {
    if (total.amount !== 0) problems.push(`${total.currency} sums to ${format(total)} over every account, not zero.`);
  }
  if (check.unbalancedTransactions.length > 0) {
    problems.push(
      <>
        {counted(check.unbalancedTransactions.length, 'movement does', 'movements do')} not sum to zero
        {more(check.unbalancedTransactions.length)}:
        <ul className={styles.problemIds}>
          {check.unbalancedTransactions.map((item) => (
            <li key={`${item.transactionId}-${item.sum.currency}`}>
              {item.transactionId}: {format(item.sum)}
            </li>
          ))}
        </ul>
      </>,
    );
  }
  if (check.accountsOffEntries.length > 0) {
    problems.push(
      <>
        {counted(
          check.accountsOffEntries.length,
          'balance differs from the sum of its',
          'balances differ from the sum of their',
        )}{' '}
        entries
        {more(check.accountsOffEntries.length)}:
        <ul className={styles.problemIds}>
          {check.accountsOffEntries.map((item) => (
            <li key={item.accountId}>
              {item.accountId}: {format(item.balance)}, entries {format(item.entries)}
            </li>
          ))}
        </ul>
      </>,
    );
  }
  if (check.negativeAccounts.length > 0) {
    problems.push(
      <>
        {counted(check.negativeAccounts.length, 'person’s account is', 'people’s accounts are')} below zero
        {more(check.negativeAccounts.length)}:
        <ul className={styles.problemIds}>
          {check.negativeAccounts.map((item) => (
            <li key={item.accountId}>
              {item.accountId} ({ledgerAccountKindNames[item.kind]}): {format(item.balance)}
            </li>
          ))}
        </ul>
      </>,
    );
  }
  for (const house of check.houseAccountsBelowZero) {
    problems.push(`${ledgerAccountKindNames[house.kind]} totals ${format(house.balance)}, below zero.`);
  }
  return problems;
}

function AuditVerdict({
  check,
  format,
  onRecheck,
  isRechecking,
}: {
  check: TLedgerCheck;
  format: TMoneyFormat;
  onRecheck: () => void;
  isRechecking: boolean;
}) {
  const checkedAt = <time dateTime={check.checkedAt}>{formatDateTimeWithZone(check.checkedAt)}</time>;
  const recheck = (
    <Button size="sm" onClick={onRecheck} isLoading={isRechecking}>
      Check again
    </Button>
  );
  if (check.isExact) {
    return (
      <div className={styles.verdict}>
        <div className={styles.verdictCopy}>
          <p className={`${styles.verdictTitle} ${styles.balanced}`}>
            <Icon name="check" size={18} />
            The ledger balances
          </p>
          <p className={styles.muted}>
            Every currency sums to zero, every movement balances, every balance equals its entries and nobody is below
            zero. Checked {checkedAt}.
          </p>
        </div>
        {recheck}
      </div>
    );
  }
  return (
    <Alert tone="error" title="The ledger does not balance" action={recheck}>
      <ul className={styles.problems}>
        {problemsOf(check, format).map((problem, index) => (
          <li key={index}>{problem}</li>
        ))}
      </ul>
      <p>Checked {checkedAt}.</p>
    </Alert>
  );
}

/** The house's accounts per currency, summed over their buckets, then what people hold, then the total: zero. */
function HouseBalances({ check, format }: { check: TLedgerCheck; format: TMoneyFormat }) {
  const balanceOf = (kind: (typeof systemLedgerAccountKinds)[number], currency: TCurrency): TMoney => ({
    amount: sumOf(
      check.houseAccounts.filter((house) => house.kind === kind).map((house) => house.balance),
      currency,
    ),
    currency,
  });
  const total = (currency: TCurrency): TMoney => ({ amount: sumOf(check.currencyTotals, currency), currency });
  const house = (currency: TCurrency) =>
    sumOf(
      check.houseAccounts.map((account) => account.balance),
      currency,
    );
  const money = (value: TMoney) => <td className={styles.money}>{format(value)}</td>;
  return (
    <div className={styles.balancesWrap}>
      <table className={styles.balances}>
        <caption className="visually-hidden">House accounts by currency, each summed over its buckets</caption>
        <thead>
          <tr>
            <th scope="col">Account</th>
            {ledgerCurrencies.map((currency) => (
              <th key={currency} scope="col">
                {currency}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {systemLedgerAccountKinds.map((kind) => (
            <tr key={kind}>
              <th scope="row">
                <span className={styles.accountName}>
                  {ledgerAccountKindNames[kind]}
                  <span className={styles.meaning}>{houseAccountMeanings[kind]}</span>
                </span>
              </th>
              {ledgerCurrencies.map((currency) => (
                <Fragment key={currency}>{money(balanceOf(kind, currency))}</Fragment>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <span className={styles.accountName}>
                People’s balances
                <span className={styles.meaning}>
                  Every person’s parts together: withdrawable, unsettled, not withdrawable and held in review.
                </span>
              </span>
            </th>
            {ledgerCurrencies.map((currency) => (
              <Fragment key={currency}>
                {money({ amount: total(currency).amount - house(currency), currency })}
              </Fragment>
            ))}
          </tr>
          <tr className={styles.total}>
            <th scope="row">Total</th>
            {ledgerCurrencies.map((currency) => (
              <Fragment key={currency}>{money(total(currency))}</Fragment>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The ledger screen's first part: the audit's verdict (run when asked, GET /v1/console/ledger) and the house accounts per currency. */
export function HouseAccounts({ format }: { format: TMoneyFormat }) {
  const check = useLedgerCheck();
  return (
    <FormSection id="ledger-house" title="House accounts">
      {check.isPending ? (
        <div role="status" className={listStyles.loading} aria-busy="true" aria-label="Checking the ledger">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height="40px" radius="var(--radius-md)" />
          ))}
        </div>
      ) : check.isError && !check.data ? (
        <ErrorState
          titleAs="h3"
          title="We could not check the ledger"
          error={check.error}
          onRetry={() => void check.refetch()}
          isRetrying={check.isRefetching}
        />
      ) : (
        <>
          <AuditVerdict
            check={check.data}
            format={format}
            onRecheck={() => void check.refetch()}
            isRechecking={check.isFetching}
          />
          <HouseBalances check={check.data} format={format} />
        </>
      )}
    </FormSection>
  );
}
