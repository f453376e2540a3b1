import type { TConsoleRedeemBatch } from '@cypher/contract';
import type { ReactNode } from 'react';
import { formatCount, formatCountOf, formatDateTimeWithZone, formatProgressPercent } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useDownloadRedeemCodes } from '../api/download-redeem-codes.ts';
import { useConsoleRedeemBatch } from '../api/get-console-redeem-batch.ts';
import { ConsoleDetailStates } from '../components/console-detail-states.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import { ConsoleOperator } from '../components/console-person.tsx';
import { DetailCard } from '../components/detail-card.tsx';
import { ProgressFigures } from '../components/progress-figures.tsx';
import { RevokeBatchAction } from '../components/revoke-batch-action.tsx';
import { stockSourceOf, useGrantStock } from '../use-grant-stock.ts';
import { BatchStandingBadge, codesSummary, usesSummary } from './redeem-batches-section.tsx';
import formStyles from '../components/console-form.module.css';
import styles from '../components/grants.module.css';
import withdrawalStyles from '../components/withdrawals.module.css';

const back = { to: '/console/redeem-batches', label: 'All batches' };

/** A file name from the batch's name when the API gives none: `launch-party-codes.csv`. */
function fallbackFileName(batch: TConsoleRedeemBatch): string {
  const slug = batch.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'redeem'}-codes.csv`;
}

/** Download CSV: the batch's codes fetched with the operator's token and saved as a file. */
function DownloadCodes({ batch }: { batch: TConsoleRedeemBatch }) {
  const download = useDownloadRedeemCodes();
  return (
    <section className={formStyles.card} aria-labelledby="batch-download">
      <h2 id="batch-download" className={formStyles.cardTitle}>
        Codes
      </h2>
      <p className={formStyles.hint}>
        A CSV file with a line per code (number, code), {formatCount(batch.codeCount)} in all.{' '}
        {batch.revokedAt
          ? // Revoked: the codes are dead, and a file of them is kept only for the record.
            'These codes are revoked: nobody can redeem them any more.'
          : 'Anyone holding it can redeem them: keep it safe.'}{' '}
        Admins see each download, who made it and when, in the audit log.
      </p>
      <div className={styles.download}>
        <Button
          variant={batch.revokedAt ? 'secondary' : 'primary'}
          isLoading={download.isPending}
          onClick={() => download.mutate({ id: batch.id, fallbackName: fallbackFileName(batch) })}
        >
          <Icon name="download" size={18} />
          Download CSV
        </Button>
        {download.isSuccess ? (
          <p className={formStyles.hint} role="status">
            Saved {download.data}.
          </p>
        ) : null}
      </div>
      {download.isError ? <Alert tone="error">{download.error.message}</Alert> : null}
    </section>
  );
}

function Uses({ batch }: { batch: TConsoleRedeemBatch }) {
  const allowed = batch.codeCount * batch.usesPerCode;
  const usesLeft = Math.max(0, allowed - batch.useCount);
  // A pass, pool or gift round gives while it lasts: uses left past it are refused (REDEEM_REWARD_OUT_OF_STOCK), so
  // the batch says so where the uses are counted, as its creation did (session 78's console hunt).
  const { stock } = useGrantStock(stockSourceOf(batch.grant));
  // Not of a batch revoked or expired: its uses left can no longer be redeemed anyway.
  const isRedeemable = !batch.revokedAt && Date.parse(batch.validUntil) > Date.now();
  const isShortOfStock = isRedeemable && stock !== undefined && stock.left < usesLeft;
  return (
    <section className={formStyles.card} aria-labelledby="batch-uses">
      <h2 id="batch-uses" className={formStyles.cardTitle}>
        Uses
      </h2>
      <ProgressFigures
        label="Codes used"
        value={batch.usedCodeCount}
        max={batch.codeCount}
        text={`${formatCount(batch.usedCodeCount)} of ${formatCountOf(batch.codeCount, 'code')} used`}
        aside={batch.codeCount > 0 ? formatProgressPercent(batch.usedCodeCount, batch.codeCount) : undefined}
      />
      <dl className={styles.stats}>
        {(
          [
            ['Redeemed', formatCount(batch.useCount)],
            // Revoked, what was left is what the revoke stopped: none of it can still be redeemed.
            [batch.revokedAt ? 'Uses stopped' : 'Uses left', formatCount(usesLeft)],
            ['Codes unused', formatCount(batch.codeCount - batch.usedCodeCount)],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className={styles.stat}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {isShortOfStock ? (
        <Alert tone="error" title={stock.hasOnly}>
          {stock.left === 0
            ? 'Every use left will be refused as out of stock'
            : `${formatCountOf(usesLeft - stock.left, 'use')} of those left will be refused as out of stock`}
          ; a code refused keeps its use.
        </Alert>
      ) : null}
    </section>
  );
}

/**
 * Revoke codes while the batch is open; once revoked, when it was. Revoked stays: there is no undo, so the button is
 * gone rather than disabled.
 */
function Revocation({ batch }: { batch: TConsoleRedeemBatch }) {
  return (
    <section className={formStyles.card} aria-labelledby="batch-revocation">
      <h2 id="batch-revocation" className={formStyles.cardTitle}>
        Revoke
      </h2>
      {batch.revokedAt ? (
        <p className={formStyles.hint} role="status">
          Revoked <time dateTime={batch.revokedAt}>{formatDateTimeWithZone(batch.revokedAt)}</time>. None of its codes
          can be redeemed any more; the uses redeemed before are kept.
        </p>
      ) : (
        <>
          <p className={formStyles.hint}>
            If these codes leaked or went to the wrong people, revoke them: every code stops at once, for good.
          </p>
          <div className={styles.download}>
            <RevokeBatchAction batch={batch} />
          </div>
        </>
      )}
    </section>
  );
}

function About({ batch }: { batch: TConsoleRedeemBatch }) {
  const rows: [string, ReactNode][] = [
    ['Each code gives', batch.grant.description],
    ['Codes', codesSummary(batch)],
    ['Uses per code', formatCount(batch.usesPerCode)],
    ['Uses per person', formatCount(batch.usesPerPerson)],
    ['Valid from', <time dateTime={batch.validFrom}>{formatDateTimeWithZone(batch.validFrom)}</time>],
    ['Valid until', <time dateTime={batch.validUntil}>{formatDateTimeWithZone(batch.validUntil)}</time>],
    ['Made by', batch.createdBy ? <ConsoleOperator operator={batch.createdBy} /> : 'The command line'],
    ['Made', <time dateTime={batch.createdAt}>{formatDateTimeWithZone(batch.createdAt)}</time>],
  ];
  if (batch.revokedAt)
    rows.push(['Revoked', <time dateTime={batch.revokedAt}>{formatDateTimeWithZone(batch.revokedAt)}</time>]);
  return <DetailCard id="batch-about" title="Batch" rows={rows} />;
}

/** `/console/redeem-batches/:id`: what the codes give, how far they were used, their CSV, and their revoke. */
export function RedeemBatchDetail({ id }: { id: string }) {
  const batch = useConsoleRedeemBatch(id);
  return (
    <ConsoleDetailStates
      query={batch}
      back={back}
      title="Batch of codes"
      what="batch"
      notFound={{
        title: 'This batch is not here',
        body: 'It does not exist, or its codes give what a brand you do not manage gives.',
      }}
    >
      {(data) => (
        <>
          <ConsoleHeader
            back={back}
            title={data.name}
            description={`${data.grant.description} · ${usesSummary(data)}`}
            actions={<BatchStandingBadge batch={data} />}
          />
          <div className={withdrawalStyles.layout}>
            <div className={withdrawalStyles.main}>
              <Uses batch={data} />
              <DownloadCodes batch={data} />
              <Revocation batch={data} />
            </div>
            <div className={withdrawalStyles.side}>
              <About batch={data} />
            </div>
          </div>
        </>
      )}
    </ConsoleDetailStates>
  );
}
