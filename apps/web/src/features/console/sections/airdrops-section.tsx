import type { TAirdropStatus, TConsoleAirdrop } from '@cypher/contract';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useConsoleAirdrops } from '../api/list-console-airdrops.ts';
import { ConsoleHeader } from '../components/console-header.tsx';
import type { EntryColumn } from '../components/entries-table.tsx';
import { NameCell } from '../components/name-cell.tsx';
import { PagedEntries } from '../components/paged-entries.tsx';
import { ProgressFigures } from '../components/progress-figures.tsx';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/drops.module.css';
import { useOperator } from '../components/operator-context.ts';

const PAGE_SIZE = 20;

const statusBadges: Record<TAirdropStatus, { label: string; tone: BadgeTone }> = {
  QUEUED: { label: 'Queued', tone: 'accent' },
  RUNNING: { label: 'Delivering', tone: 'warning' },
  COMPLETED: { label: 'Completed', tone: 'success' },
};

export function AirdropStatusBadge({ status }: { status: TAirdropStatus }) {
  const { label, tone } = statusBadges[status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** "1,234 people listed" or "Holders of Neon Season Pass". */
export function audienceSummary(airdrop: TConsoleAirdrop): string {
  if (airdrop.audience.kind === 'PASS_HOLDERS') {
    return `Holders of ${airdrop.audience.pass?.name ?? 'a pass'} (${formatCount(airdrop.progress.total)})`;
  }
  return `${formatCount(airdrop.progress.total)} ${airdrop.progress.total === 1 ? 'person' : 'people'} listed`;
}

/** "1,234 of 10,000 delivered". */
export function deliveredText(airdrop: TConsoleAirdrop): string {
  return `${formatCount(airdrop.progress.delivered)} of ${formatCount(airdrop.progress.total)} delivered`;
}

const columns: EntryColumn<TConsoleAirdrop>[] = [
  {
    id: 'name',
    header: 'Airdrop',
    cell: (airdrop) => (
      <span className={styles.dropCell}>
        <NameCell to={`/console/airdrops/${airdrop.id}`} name={airdrop.name} />
        <span className={listStyles.phoneOnly}>
          {airdrop.grant.description} · {audienceSummary(airdrop)}
        </span>
      </span>
    ),
  },
  { id: 'grant', header: 'Gives', isSecondary: true, cell: (airdrop) => airdrop.grant.description },
  { id: 'audience', header: 'To', isSecondary: true, cell: (airdrop) => audienceSummary(airdrop) },
  {
    id: 'progress',
    header: 'Progress',
    cell: (airdrop) => (
      <span className={styles.dropCell}>
        <AirdropStatusBadge status={airdrop.status} />
        <ProgressFigures
          isCompact
          label="Delivered"
          value={airdrop.progress.delivered}
          max={airdrop.progress.total}
          text={deliveredText(airdrop)}
        />
      </span>
    ),
  },
  {
    id: 'made',
    header: 'Made',
    isSecondary: true,
    cell: (airdrop) => <time dateTime={airdrop.createdAt}>{formatDateTimeWithZone(airdrop.createdAt)}</time>,
  },
];

/**
 * `/console/airdrops`: grants given to a list of people or to a pass's holders, newest first (a brand manager's
 * brands' only), with how far each delivery has come, read again every few seconds while one is under way.
 */
/** What an airdrop can give, as the API allows it: CYP credit and the marketplace's own items are an admin's to give. */
const airdropsIntro = {
  admin:
    'Give CYP credit, tickets, a pass, an edition or a pack to a list of people or to everyone holding a pass. Each person receives it once, with a notification.',
  brandManager:
    'Give your brands’ tickets, passes, editions or packs to a list of people or to everyone holding one of their passes. Each person receives it once, with a notification.',
};

export function AirdropsSection() {
  const { isAdmin } = useOperator();
  const { page } = useUrlFilters();
  const airdrops = useConsoleAirdrops({ page, size: PAGE_SIZE });
  const newAirdrop = (
    <ButtonLink to="/console/airdrops/new" variant="primary">
      <Icon name="plus" size={18} />
      New airdrop
    </ButtonLink>
  );
  return (
    <>
      <ConsoleHeader
        title="Airdrops"
        description={isAdmin ? airdropsIntro.admin : airdropsIntro.brandManager}
        actions={newAirdrop}
      />
      <PagedEntries
        query={airdrops}
        noun="airdrops"
        caption="Airdrops"
        columns={columns}
        empty={{
          icon: 'send',
          title: 'No airdrops yet',
          body: 'Make an airdrop: its delivery runs in the background, and its page shows how far it has come.',
          action: newAirdrop,
        }}
      />
    </>
  );
}
