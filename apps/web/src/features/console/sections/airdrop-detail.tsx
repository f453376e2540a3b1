import {
  airdropRecipientStatuses,
  airdropRecipientStatusNames,
  type TConsoleAirdrop,
  type TConsoleAirdropRecipient,
} from '@cypher/contract';
import type { ReactNode } from 'react';
import { formatCount, formatDateTimeWithZone, formatProgressPercent } from '../../../lib/format.ts';
import { oneOf, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { FilterLinks } from '../../../ui/filter-links.tsx';
import { useConsoleAirdrop } from '../api/get-console-airdrop.ts';
import { useAirdropRecipients } from '../api/list-airdrop-recipients.ts';
import { ConsoleDetailStates } from '../components/console-detail-states.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import { ConsoleOperator, ConsoleRecipient } from '../components/console-person.tsx';
import { DetailCard } from '../components/detail-card.tsx';
import type { EntryColumn } from '../components/entries-table.tsx';
import { MutedText } from '../components/name-cell.tsx';
import { useOperator } from '../components/operator-context.ts';
import { PagedEntries } from '../components/paged-entries.tsx';
import { ProgressFigures } from '../components/progress-figures.tsx';
import { AirdropStatusBadge, audienceSummary, deliveredText } from './airdrops-section.tsx';
import formStyles from '../components/console-form.module.css';
import styles from '../components/grants.module.css';
import withdrawalStyles from '../components/withdrawals.module.css';

const back = { to: '/console/airdrops', label: 'All airdrops' };

function Delivery({ airdrop }: { airdrop: TConsoleAirdrop }) {
  const { total, delivered, outOfStock, accountDeleted, pending } = airdrop.progress;
  const isDone = airdrop.status === 'COMPLETED';
  return (
    <section className={formStyles.card} aria-labelledby="airdrop-delivery">
      <h2 id="airdrop-delivery" className={formStyles.cardTitle}>
        Delivery
      </h2>
      <ProgressFigures
        label="Delivered"
        value={delivered}
        max={total}
        text={deliveredText(airdrop)}
        aside={total > 0 ? formatProgressPercent(delivered, total) : undefined}
      />
      <dl className={styles.stats}>
        {(
          [
            ['Delivered', delivered],
            ['Still to deliver', pending],
            ['Out of stock', outOfStock],
            ...(accountDeleted > 0 ? ([['Accounts deleted', accountDeleted]] as const) : []),
            ['Recipients', total],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className={styles.stat}>
            <dt>{term}</dt>
            <dd>{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      <p className={formStyles.hint} role="status">
        {isDone
          ? `Completed${airdrop.completedAt ? ` ${formatDateTimeWithZone(airdrop.completedAt)}` : ''}${delivered === total ? ': everyone listed was reached.' : '.'}`
          : airdrop.status === 'QUEUED'
            ? 'Waiting for its turn: delivery starts in a moment. This page follows it as it goes.'
            : 'Delivering in batches. This page follows it as it goes; you can leave and come back.'}
      </p>
      {outOfStock > 0 ? (
        <Alert tone="info">
          {formatCount(outOfStock)} {outOfStock === 1 ? 'person was' : 'people were'} not reached: the pass’s or the
          pool’s supply ran out before their turn.
        </Alert>
      ) : null}
      {accountDeleted > 0 ? (
        <Alert tone="info">
          {formatCount(accountDeleted)} {accountDeleted === 1 ? 'account was' : 'accounts were'} deleted before their
          turn came, and given nothing.
        </Alert>
      ) : null}
    </section>
  );
}

function About({ airdrop }: { airdrop: TConsoleAirdrop }) {
  const rows: [string, ReactNode][] = [
    ['Each person receives', airdrop.grant.description],
    ['To', audienceSummary(airdrop)],
    ['Made by', airdrop.createdBy ? <ConsoleOperator operator={airdrop.createdBy} /> : 'The command line'],
    ['Made', <time dateTime={airdrop.createdAt}>{formatDateTimeWithZone(airdrop.createdAt)}</time>],
  ];
  if (airdrop.completedAt) {
    rows.push(['Completed', <time dateTime={airdrop.completedAt}>{formatDateTimeWithZone(airdrop.completedAt)}</time>]);
  }
  return <DetailCard id="airdrop-about" title="Airdrop" rows={rows} />;
}

const RECIPIENTS_PAGE_SIZE = 20;

const recipientTones: Record<TConsoleAirdropRecipient['status'], BadgeTone> = {
  PENDING: 'neutral',
  DELIVERED: 'success',
  OUT_OF_STOCK: 'warning',
  ACCOUNT_DELETED: 'neutral',
};

const recipientColumns: EntryColumn<TConsoleAirdropRecipient>[] = [
  {
    id: 'person',
    header: 'Person',
    cell: ({ user }) => <ConsoleRecipient person={user} />,
  },
  {
    id: 'state',
    header: 'State',
    cell: ({ status }) => <Badge tone={recipientTones[status]}>{airdropRecipientStatusNames[status]}</Badge>,
  },
  {
    id: 'when',
    header: 'When',
    isSecondary: true,
    cell: ({ processedAt }) => (
      <MutedText>
        {processedAt ? <time dateTime={processedAt}>{formatDateTimeWithZone(processedAt)}</time> : '—'}
      </MutedText>
    ),
  },
];

/**
 * Each person it reaches and where they stand, by state, a page at a time (in the address, so a page can be shared
 * and Back returns to it). Only an admin sees addresses: a brand's manager sees nicknames.
 */
function Recipients({ airdrop }: { airdrop: TConsoleAirdrop }) {
  const { isAdmin } = useOperator();
  const { get, page, hrefFor } = useUrlFilters();
  const status = oneOf(get('state'), airdropRecipientStatuses);
  const recipients = useAirdropRecipients(
    airdrop.id,
    { page, size: RECIPIENTS_PAGE_SIZE, status },
    airdrop.status !== 'COMPLETED',
  );
  const filters = [
    { id: 'all', label: 'All', to: hrefFor({ state: undefined, page: undefined }) },
    ...airdropRecipientStatuses.map((id) => ({
      id,
      label: airdropRecipientStatusNames[id],
      to: hrefFor({ state: id, page: undefined }),
    })),
  ];
  return (
    <section className={formStyles.card} aria-labelledby="airdrop-recipients">
      <h2 id="airdrop-recipients" className={formStyles.cardTitle}>
        Recipients
      </h2>
      {isAdmin ? null : <p className={formStyles.hint}>Addresses are shown to admins only.</p>}
      <FilterLinks label="Recipient state" items={filters} selectedId={status ?? 'all'} />
      <PagedEntries
        query={recipients}
        noun="recipients"
        loadingLabel="Loading the recipients"
        caption="Recipients"
        pagesLabel="Recipient pages"
        columns={recipientColumns}
        rowId={(recipient) => recipient.user.id}
        empty={{
          icon: 'gift',
          title: 'Nobody here',
          body: status ? `No recipient is “${airdropRecipientStatusNames[status]}”.` : 'This airdrop names nobody.',
        }}
        titleAs="h3"
        skeletonRows={3}
        skeletonHeight="44px"
      />
    </section>
  );
}

/** `/console/airdrops/:id`: what it gives and to whom, and how far its delivery has come, followed while it runs. */
export function AirdropDetail({ id }: { id: string }) {
  const airdrop = useConsoleAirdrop(id);
  return (
    <ConsoleDetailStates
      query={airdrop}
      back={back}
      title="Airdrop"
      what="airdrop"
      notFound={{
        title: 'This airdrop is not here',
        body: 'It does not exist, or it gives what a brand you do not manage gives.',
      }}
    >
      {(data) => (
        <>
          <ConsoleHeader
            back={back}
            title={data.name}
            description={`${data.grant.description} · ${audienceSummary(data)}`}
            actions={<AirdropStatusBadge status={data.status} />}
          />
          {airdrop.isError ? (
            <Alert tone="error">We could not read its progress just now: the figures below may be behind.</Alert>
          ) : null}
          <div className={withdrawalStyles.layout}>
            <div className={withdrawalStyles.main}>
              <Delivery airdrop={data} />
              <Recipients airdrop={data} />
            </div>
            <div className={withdrawalStyles.side}>
              <About airdrop={data} />
            </div>
          </div>
        </>
      )}
    </ConsoleDetailStates>
  );
}
