import type { TConsoleRedeemBatch } from '@cypher/contract';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useConsoleRedeemBatches } from '../api/list-console-redeem-batches.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import type { EntryColumn } from '../components/entries-table.tsx';
import { MutedText, NameCell } from '../components/name-cell.tsx';
import { PagedEntries } from '../components/paged-entries.tsx';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/drops.module.css';
import grantStyles from '../components/grants.module.css';

const PAGE_SIZE = 20;

type TBatchStanding = 'REVOKED' | 'NOT_YET_VALID' | 'VALID' | 'USED_UP' | 'EXPIRED';

const standingBadges: Record<TBatchStanding, { label: string; tone: BadgeTone }> = {
  REVOKED: { label: 'Revoked', tone: 'neutral' },
  NOT_YET_VALID: { label: 'Not valid yet', tone: 'accent' },
  VALID: { label: 'Valid', tone: 'success' },
  USED_UP: { label: 'Used up', tone: 'warning' },
  EXPIRED: { label: 'Expired', tone: 'neutral' },
};

function standingOf(batch: TConsoleRedeemBatch, now: number): TBatchStanding {
  // Revoked outweighs the rest, as the API's refusal does: none of its codes will work again, whatever the dates say.
  if (batch.revokedAt) return 'REVOKED';
  if (now >= Date.parse(batch.validUntil)) return 'EXPIRED';
  if (batch.useCount >= batch.codeCount * batch.usesPerCode) return 'USED_UP';
  return now < Date.parse(batch.validFrom) ? 'NOT_YET_VALID' : 'VALID';
}

/** Whether its codes can be redeemed now: revoked, not valid yet, valid, used up or expired. */
export function BatchStandingBadge({ batch }: { batch: TConsoleRedeemBatch }) {
  const { label, tone } = standingBadges[standingOf(batch, Date.now())];
  return <Badge tone={tone}>{label}</Badge>;
}

/** "1,000 codes · single use" or "10 codes · 50 uses each, 1 per person". */
export function codesSummary(batch: TConsoleRedeemBatch): string {
  const codes = `${formatCount(batch.codeCount)} ${batch.codeCount === 1 ? 'code' : 'codes'}`;
  if (batch.usesPerCode === 1) return `${codes} · single use`;
  return `${codes} · ${formatCount(batch.usesPerCode)} uses each, ${formatCount(batch.usesPerPerson)} per person`;
}

/** "120 uses · 96 codes used". */
export function usesSummary(batch: TConsoleRedeemBatch): string {
  return `${formatCount(batch.useCount)} ${batch.useCount === 1 ? 'use' : 'uses'} · ${formatCount(batch.usedCodeCount)} ${batch.usedCodeCount === 1 ? 'code' : 'codes'} used`;
}

const columns: EntryColumn<TConsoleRedeemBatch>[] = [
  {
    id: 'name',
    header: 'Batch',
    cell: (batch) => (
      <span className={styles.dropCell}>
        <NameCell to={`/console/redeem-batches/${batch.id}`} name={batch.name} />
        <span className={grantStyles.rowNote}>{codesSummary(batch)}</span>
        <span className={listStyles.phoneOnly}>
          {batch.grant.description} · {usesSummary(batch)}
        </span>
      </span>
    ),
  },
  { id: 'grant', header: 'Gives', isSecondary: true, cell: (batch) => batch.grant.description },
  {
    id: 'uses',
    header: 'Uses',
    isSecondary: true,
    cell: (batch) => (
      <span className={styles.packCounts}>
        <span>{formatCount(batch.useCount)}</span>
        <MutedText>
          {formatCount(batch.usedCodeCount)} of {formatCount(batch.codeCount)}{' '}
          {batch.codeCount === 1 ? 'code' : 'codes'}
        </MutedText>
      </span>
    ),
  },
  {
    id: 'validity',
    header: 'Valid',
    isSecondary: true,
    cell: (batch) => (
      <span className={styles.window}>
        <time dateTime={batch.validFrom}>{formatDateTimeWithZone(batch.validFrom)}</time>
        <MutedText>
          to <time dateTime={batch.validUntil}>{formatDateTimeWithZone(batch.validUntil)}</time>
        </MutedText>
      </span>
    ),
  },
  { id: 'standing', header: 'Status', cell: (batch) => <BatchStandingBadge batch={batch} /> },
];

/**
 * `/console/redeem-batches`: batches of redeem codes, newest first (a brand manager's brands' only), with what their
 * codes give, how often they were used and when they are valid.
 */
export function RedeemBatchesSection() {
  const { page } = useUrlFilters();
  const batches = useConsoleRedeemBatches({ page, size: PAGE_SIZE });
  const newBatch = (
    <ButtonLink to="/console/redeem-batches/new" variant="primary">
      <Icon name="plus" size={18} />
      New batch
    </ButtonLink>
  );
  return (
    <>
      <ConsoleHeader
        title="Redeem codes"
        description="Batches of codes collectors redeem on their profile: what each code gives, how often it can be used, and when. Download a batch’s codes as CSV from its page."
        actions={newBatch}
      />
      <PagedEntries
        query={batches}
        noun="batches"
        caption="Batches"
        columns={columns}
        empty={{
          icon: 'gift',
          title: 'No codes yet',
          body: 'Make a batch of codes, then download them to hand out.',
          action: newBatch,
        }}
      />
    </>
  );
}
