import type { TConsoleAirdrop } from '@cypher/contract';
import type { ReactNode } from 'react';
import { formatCount, formatDateTime, formatProgressPercent } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { useConsoleAirdrop } from '../api/get-console-airdrop.ts';
import { ConsoleDetailStates } from '../components/console-detail-states.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import { ConsolePerson } from '../components/console-person.tsx';
import { DetailCard } from '../components/detail-card.tsx';
import { ProgressFigures } from '../components/progress-figures.tsx';
import { AirdropStatusBadge, audienceSummary, deliveredText } from './airdrops-section.tsx';
import formStyles from '../components/console-form.module.css';
import styles from '../components/grants.module.css';
import withdrawalStyles from '../components/withdrawals.module.css';

const back = { to: '/console/airdrops', label: 'All airdrops' };

function Delivery({ airdrop }: { airdrop: TConsoleAirdrop }) {
  const { total, delivered, outOfStock, pending } = airdrop.progress;
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
          ? `Completed${airdrop.completedAt ? ` ${formatDateTime(airdrop.completedAt)}` : ''}: everyone listed was reached.`
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
    </section>
  );
}

function About({ airdrop }: { airdrop: TConsoleAirdrop }) {
  const rows: [string, ReactNode][] = [
    ['Each person receives', airdrop.grant.description],
    ['To', audienceSummary(airdrop)],
    ['Made by', airdrop.createdBy ? <ConsolePerson person={airdrop.createdBy} /> : 'The command line'],
    ['Made', <time dateTime={airdrop.createdAt}>{formatDateTime(airdrop.createdAt)}</time>],
  ];
  if (airdrop.completedAt) {
    rows.push(['Completed', <time dateTime={airdrop.completedAt}>{formatDateTime(airdrop.completedAt)}</time>]);
  }
  return <DetailCard id="airdrop-about" title="Airdrop" rows={rows} />;
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
