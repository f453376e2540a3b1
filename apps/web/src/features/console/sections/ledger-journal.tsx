import {
  ledgerTransactionKinds,
  type TConsoleLedgerEntry,
  type TConsoleLedgerTransaction,
  type TMoney,
} from '@cypher/contract';
import { Fragment, useId } from 'react';
import { Link, type To } from 'react-router';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { oneOf, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { Badge } from '../../../ui/badge.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { CursorPagination } from '../../../ui/pagination.tsx';
import { SearchField } from '../../../ui/search-field.tsx';
import { Select } from '../../../ui/select.tsx';
import { Skeleton } from '../../../ui/skeleton.tsx';
import { useLedgerTransactions } from '../api/list-ledger-transactions.ts';
import { EmailWithBreak } from '../components/console-person.tsx';
import { EntriesTable, type EntryColumn } from '../components/entries-table.tsx';
import {
  ledgerCurrencies,
  type TMoneyFormat,
  ledgerAccountKindNames,
  ledgerTransactionKindNames,
  ledgerTransactionKindTones,
} from '../components/ledger-labels.ts';
import { MutedText } from '../components/name-cell.tsx';
import { withdrawalPath } from '../components/withdrawal-labels.ts';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/ledger.module.css';
import { ClearFiltersButton } from '../../../ui/clear-filters-button.tsx';

const PAGE_SIZE = 20;

/** A line's change: "+$10.00" or "-$13.00", so a movement reads as what each account gained or gave. */
function signed(money: TMoney, format: TMoneyFormat): string {
  return money.amount > 0 ? `+${format(money)}` : format(money);
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

function Lines({ transaction, format }: { transaction: TConsoleLedgerTransaction; format: TMoneyFormat }) {
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

/**
 * "Dec 6, 2026," and "10:04 PM UTC": the journal's When column breaks between the day and the time, never inside
 * either, so that the five columns fit a desktop frame (on one line it was the widest and pushed "For" behind the fade).
 */
function dayThenTime(formatted: string): string[] {
  const at = formatted.search(/, \d{1,2}:/);
  return at === -1 ? [formatted] : [formatted.slice(0, at + 1), formatted.slice(at + 2)];
}

/**
 * The ledger screen's second part: every movement newest first (GET /v1/console/ledger/transactions), filtered in the
 * address. Paged by cursor (`?cursor=`, kept in the address too): Newer and Older, and no page count, since counting
 * every movement of the journal on each visit is what the API no longer does.
 */
export function Journal({ format }: { format: TMoneyFormat }) {
  const kindId = useId();
  const currencyId = useId();
  const { get, setFilters, hrefFor } = useUrlFilters();
  const cursor = get('cursor') || undefined;
  const kind = oneOf(get('kind'), ledgerTransactionKinds);
  const currency = oneOf(get('currency'), ledgerCurrencies);
  const email = get('email')?.trim() ?? '';
  const journal = useLedgerTransactions({ cursor, size: PAGE_SIZE, kind, currency, email: email || undefined });
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
              <time dateTime={transaction.createdAt}>{formatDateTimeWithZone(transaction.createdAt)}</time>
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
          {dayThenTime(formatDateTimeWithZone(transaction.createdAt)).map((part) => (
            <span key={part}>{part}</span>
          ))}
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
          onSearch={(text, history) => setFilters({ email: text }, { history })}
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
            {ledgerCurrencies.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {journal.isPending ? (
        <div role="status" className={listStyles.loading} aria-busy="true" aria-label="Loading the journal">
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
      ) : journal.data.items.length === 0 && cursor ? (
        <EmptyState
          icon="book"
          titleAs="h3"
          title="No movements on this page"
          body="This page starts past the oldest movement that matches. The newest are on the first page."
          action={<ButtonLink to={hrefFor({ cursor: undefined })}>Go to the newest movements</ButtonLink>}
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
              <ClearFiltersButton
                onClear={() => setFilters({ kind: undefined, currency: undefined, email: undefined })}
              />
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
          <CursorPagination
            previousTo={journal.data.previousCursor ? hrefFor({ cursor: journal.data.previousCursor }) : null}
            nextTo={journal.data.nextCursor ? hrefFor({ cursor: journal.data.nextCursor }) : null}
            previousLabel="Newer"
            nextLabel="Older"
            label="Journal pages"
          />
        </>
      )}
    </section>
  );
}
