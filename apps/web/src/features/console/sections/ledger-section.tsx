import {
  formatMoney,
  ledgerTransactionKinds,
  systemLedgerAccountKinds,
  type TConsoleLedgerEntry,
  type TConsoleLedgerTransaction,
  type TCurrency,
  type TLedgerCheck,
  type TMoney,
} from '@cypher/contract';
import { Fragment, useId, type ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { formatCount, formatCountOf, formatDateTime } from '../../../lib/format.ts';
import { oneOf, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { Select } from '../../../ui/select.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useLedgerCheck } from '../api/get-ledger-check.ts';
import { useLedgerTransactions } from '../api/list-ledger-transactions.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import { EmailWithBreak } from '../components/console-person.tsx';
import { EntriesTable, type EntryColumn } from '../components/entries-table.tsx';
import { FormSection } from '../components/form-section.tsx';
import {
  houseAccountMeanings,
  ledgerAccountKindNames,
  ledgerTransactionKindNames,
  ledgerTransactionKindTones,
} from '../components/ledger-labels.ts';
import { MutedText } from '../components/name-cell.tsx';
import { withdrawalPath } from '../components/withdrawal-labels.ts';
import { useCypUnit } from '../use-cyp-unit.ts';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/ledger.module.css';

const PAGE_SIZE = 20;
const currencies: readonly TCurrency[] = ['USD', 'CYP'];
/** The audit lists at most this many offenders of each kind. */
const AUDIT_LIST_LIMIT = 20;

type TFormat = (money: TMoney) => string;

const lastPage = (page: { total: number; size: number }) => Math.max(1, Math.ceil(page.total / page.size));

/** A line's change: "+$10.00" or "-$13.00", so a movement reads as what each account gained or gave. */
function signed(money: TMoney, format: TFormat): string {
  return money.amount > 0 ? `+${format(money)}` : format(money);
}

function sumOf(moneys: readonly TMoney[], currency: TCurrency): number {
  return moneys.filter((money) => money.currency === currency).reduce((sum, money) => sum + money.amount, 0);
}

/** The audit's findings, one sentence each, for an admin to act on. */
function problemsOf(check: TLedgerCheck, format: TFormat): ReactNode[] {
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
  format: TFormat;
  onRecheck: () => void;
  isRechecking: boolean;
}) {
  const checkedAt = <time dateTime={check.checkedAt}>{formatDateTime(check.checkedAt)}</time>;
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
function HouseBalances({ check, format }: { check: TLedgerCheck; format: TFormat }) {
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
            {currencies.map((currency) => (
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
              {currencies.map((currency) => (
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
            {currencies.map((currency) => (
              <Fragment key={currency}>
                {money({ amount: total(currency).amount - house(currency), currency })}
              </Fragment>
            ))}
          </tr>
          <tr className={styles.total}>
            <th scope="row">Total</th>
            {currencies.map((currency) => (
              <Fragment key={currency}>{money(total(currency))}</Fragment>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function HouseAccounts({ format }: { format: TFormat }) {
  const check = useLedgerCheck();
  return (
    <FormSection id="ledger-house" title="House accounts">
      {check.isPending ? (
        <div className={listStyles.loading} aria-busy="true" aria-label="Checking the ledger">
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

type TPerson = NonNullable<TConsoleLedgerEntry['person']>;

function PersonLink({ person, to }: { person: TPerson; to: To }) {
  return (
    <span className={styles.person}>
      <Link to={to}>
        {person.nickname ?? <EmailWithBreak email={person.email} />}
        <span className="visually-hidden"> (show only their movements)</span>
      </Link>
      {person.nickname ? (
        <span className={styles.email}>
          <EmailWithBreak email={person.email} />
        </span>
      ) : null}
    </span>
  );
}

/** The people a movement touched, once each (a purchase moves one person's parts; a transfer would name two). */
function peopleOf(transaction: TConsoleLedgerTransaction) {
  const people = new Map<string, TPerson>();
  for (const entry of transaction.entries) if (entry.person) people.set(entry.person.id, entry.person);
  return [...people.values()];
}

const referenceNames: Record<string, string> = {
  order: 'Order',
  withdrawal: 'Withdrawal',
  deposit_card: 'Card payment',
  deposit_crypto: 'Crypto payment',
  deposit_tilia: 'Tilia payment',
  deposit_reward: 'Reward delivery',
  deposit_redeemed_credit: 'Code redemption',
  ledger_entry: 'Deposits settled up to entry',
};

function ReferenceCell({ transaction }: { transaction: TConsoleLedgerTransaction }) {
  const { type, id } = transaction.reference;
  if (type === 'withdrawal') {
    return (
      <span className={styles.reference}>
        <Link to={withdrawalPath(id)}>Open the withdrawal</Link>
      </span>
    );
  }
  return (
    <span className={styles.reference}>
      <span>{referenceNames[type] ?? type}</span>
      <span className={styles.referenceId}>{id}</span>
    </span>
  );
}

function Lines({ transaction, format }: { transaction: TConsoleLedgerTransaction; format: TFormat }) {
  const isOfSeveral = peopleOf(transaction).length > 1;
  return (
    <ul className={styles.lines} aria-label="Money moved">
      {transaction.entries.map((entry) => {
        const name = ledgerAccountKindNames[entry.account];
        const owner = entry.person
          ? isOfSeveral
            ? `${entry.person.nickname ?? entry.person.email} · `
            : ''
          : 'House · ';
        return (
          <li key={`${entry.person?.id ?? 'house'}-${entry.account}-${entry.amount.currency}`} className={styles.line}>
            <span className={`${styles.lineAccount} ${entry.person ? '' : styles.house}`}>
              {owner}
              {name}
            </span>
            <span className={styles.lineAmount}>{signed(entry.amount, format)}</span>
          </li>
        );
      })}
    </ul>
  );
}

function Journal({ format }: { format: TFormat }) {
  const kindId = useId();
  const currencyId = useId();
  const { get, page, setFilters, hrefFor } = useUrlFilters();
  const kind = oneOf(get('kind'), ledgerTransactionKinds);
  const currency = oneOf(get('currency'), currencies);
  const email = get('email')?.trim() ?? '';
  const journal = useLedgerTransactions({ page, size: PAGE_SIZE, kind, currency, email: email || undefined });
  const isFiltered = Boolean(kind || currency || email);
  const onlyTheirs = (person: { email: string }) => hrefFor({ email: person.email });

  const columns: EntryColumn<TConsoleLedgerTransaction>[] = [
    {
      id: 'movement',
      header: 'Movement',
      cell: (transaction) => {
        const people = peopleOf(transaction);
        return (
          <span className={styles.movement}>
            <Badge tone={ledgerTransactionKindTones[transaction.kind]}>
              {ledgerTransactionKindNames[transaction.kind]}
            </Badge>
            <span className={styles.description}>{transaction.description}</span>
            <span className={listStyles.phoneOnly}>
              <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
              {people.map((person) => (
                <Fragment key={person.id}>
                  {' · '}
                  <Link to={onlyTheirs(person)}>
                    {person.nickname ?? <EmailWithBreak email={person.email} />}
                    <span className="visually-hidden"> (show only their movements)</span>
                  </Link>
                </Fragment>
              ))}
            </span>
          </span>
        );
      },
    },
    {
      id: 'when',
      header: 'When',
      isSecondary: true,
      cell: (transaction) => (
        <time className={styles.when} dateTime={transaction.createdAt}>
          {formatDateTime(transaction.createdAt)}
        </time>
      ),
    },
    {
      id: 'person',
      header: 'Person',
      isSecondary: true,
      cell: (transaction) => {
        const people = peopleOf(transaction);
        if (people.length === 0) return <MutedText>The house only</MutedText>;
        return people.map((person) => <PersonLink key={person.id} person={person} to={onlyTheirs(person)} />);
      },
    },
    { id: 'lines', header: 'Money moved', cell: (transaction) => <Lines transaction={transaction} format={format} /> },
    {
      id: 'reference',
      header: 'For',
      isSecondary: true,
      cell: (transaction) => <ReferenceCell transaction={transaction} />,
    },
  ];

  return (
    <section className={styles.journal} aria-labelledby="ledger-journal">
      <div className={styles.journalHead}>
        <h2 id="ledger-journal" className={styles.journalTitle}>
          Journal
        </h2>
        <p className={styles.muted}>
          Every movement of money, newest first: which accounts it changed and by how much. In each currency a
          movement’s lines sum to zero.
        </p>
      </div>
      <div className={listStyles.toolbar}>
        <SearchField
          className={listStyles.search}
          label="Person’s email address"
          placeholder="Person’s email address"
          value={email}
          onSearch={(text) => setFilters({ email: text })}
        />
        <div className={listStyles.filter}>
          <label htmlFor={kindId} className={listStyles.filterLabel}>
            Occasion
          </label>
          <Select id={kindId} value={kind ?? ''} onChange={(event) => setFilters({ kind: event.target.value })}>
            <option value="">Every occasion</option>
            {ledgerTransactionKinds.map((option) => (
              <option key={option} value={option}>
                {ledgerTransactionKindNames[option]}
              </option>
            ))}
          </Select>
        </div>
        <div className={listStyles.filter}>
          <label htmlFor={currencyId} className={listStyles.filterLabel}>
            Currency
          </label>
          <Select
            id={currencyId}
            value={currency ?? ''}
            onChange={(event) => setFilters({ currency: event.target.value })}
          >
            <option value="">USD and CYP</option>
            {currencies.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {journal.isPending ? (
        <div className={listStyles.loading} aria-busy="true" aria-label="Loading the journal">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height="64px" radius="var(--radius-md)" />
          ))}
        </div>
      ) : journal.isError && !journal.data ? (
        <ErrorState
          titleAs="h3"
          title="We could not load the journal"
          error={journal.error}
          onRetry={() => void journal.refetch()}
          isRetrying={journal.isRefetching}
        />
      ) : journal.data.items.length === 0 && journal.data.total > 0 ? (
        <EmptyState
          icon="book"
          titleAs="h3"
          title="This page is past the last one"
          body={`${formatCountOf(journal.data.total, 'movement')} ${journal.data.total === 1 ? 'matches' : 'match'}, on ${formatCountOf(lastPage(journal.data), 'page')}.`}
          action={<ButtonLink to={hrefFor({ page: lastPage(journal.data) })}>Go to the last page</ButtonLink>}
        />
      ) : journal.data.items.length === 0 ? (
        <EmptyState
          icon="book"
          titleAs="h3"
          title={isFiltered ? 'No movements match' : 'No money has moved yet'}
          body={
            isFiltered
              ? 'Try another occasion, currency or address. An address must be the whole address of an account.'
              : 'Deposits, purchases, credits and withdrawals appear here as soon as they are posted.'
          }
          action={
            isFiltered ? (
              <Button onClick={() => setFilters({ kind: undefined, currency: undefined, email: undefined })}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <EntriesTable
            caption="Journal"
            columns={columns}
            items={journal.data.items}
            isRefreshing={journal.isPlaceholderData}
          />
          <Pagination
            page={journal.data.page}
            size={journal.data.size}
            total={journal.data.total}
            hrefFor={(next) => hrefFor({ page: next })}
            label="Journal pages"
          />
        </>
      )}
    </section>
  );
}

/** `/console/ledger` (admins): the ledger's audit with the house accounts per currency, and the journal. */
export function LedgerSection() {
  // CYP's decimals are the server's (CYP_MINOR_UNITS): no amount is shown before they are known, since a guess would
  // show every CYP amount of an audit scaled wrong.
  const cypUnit = useCypUnit();
  const cypMinorUnits = cypUnit.decimals;
  const format: TFormat = (money) => formatMoney(money, { cypMinorUnits });
  const header = (
    <ConsoleHeader
      title="Ledger"
      description="Where the money is: the house’s accounts in each currency, checked against every entry, and every movement that got it there."
    />
  );
  if (cypMinorUnits === undefined) {
    return (
      <>
        {header}
        {cypUnit.isPending ? (
          <div aria-busy="true" aria-label="Loading the ledger">
            <Skeleton height="320px" radius="var(--radius-lg)" />
          </div>
        ) : (
          <ErrorState
            titleAs="h2"
            title="We could not load the ledger"
            error={cypUnit.error}
            onRetry={() => void cypUnit.refetch()}
            isRetrying={cypUnit.isRefetching}
          />
        )}
      </>
    );
  }
  return (
    <>
      {header}
      <HouseAccounts format={format} />
      <Journal format={format} />
    </>
  );
}
