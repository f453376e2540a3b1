import { fusionStatusLabels, type TConsoleFusion, type TFusionStatus } from '@cypher/contract';
import { formatCount, formatDate, formatDateTimeWithZone } from '../../../lib/format.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useConsoleFusions } from '../api/list-console-fusions.ts';
import { BrandFilter } from '../components/brand-filter.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import type { EntryColumn } from '../components/entries-table.tsx';
import { MutedText, NameCell } from '../components/name-cell.tsx';
import { PagedEntries } from '../components/paged-entries.tsx';
import { PublicationBadge } from '../components/publication-badge.tsx';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/drops.module.css';
import { ClearFiltersButton } from '../../../ui/clear-filters-button.tsx';

const PAGE_SIZE = 20;

const statusTones: Record<TFusionStatus, BadgeTone> = { UPCOMING: 'accent', AVAILABLE: 'success', ENDED: 'neutral' };

/**
 * Draft or Published; once published its schedule status, and "All fused" once every result is made (a draft's
 * schedule would read as if collectors could see it).
 */
export function FusionStatusBadges({
  fusion,
}: {
  fusion: Pick<TConsoleFusion, 'status' | 'isAllFused' | 'publicationStatus'>;
}) {
  return (
    <span className={styles.badges}>
      <PublicationBadge status={fusion.publicationStatus} />
      {fusion.publicationStatus === 'PUBLISHED' ? (
        <>
          <Badge tone={statusTones[fusion.status]}>{fusionStatusLabels[fusion.status]}</Badge>
          {fusion.isAllFused ? <Badge tone="warning">All fused</Badge> : null}
        </>
      ) : null}
    </span>
  );
}

/**
 * "12 of 100 made · 88 left"; "100 results, minted when published" for a draft; "12 of 100 made · ended" once it has
 * ended or was closed, when nothing is left to anyone (it said "88 left").
 */
export function madeSummary(fusion: TConsoleFusion): string {
  if (fusion.publicationStatus === 'DRAFT') {
    return `${formatCount(fusion.result.supply)} ${fusion.result.supply === 1 ? 'result' : 'results'}, minted when published`;
  }
  if (fusion.status === 'ENDED') {
    return `${formatCount(fusion.madeCount)} of ${formatCount(fusion.result.supply)} made · ended`;
  }
  return `${formatCount(fusion.madeCount)} of ${formatCount(fusion.result.supply)} made · ${formatCount(fusion.result.remaining)} left`;
}

const columns: EntryColumn<TConsoleFusion>[] = [
  {
    id: 'name',
    header: 'Fusion',
    cell: (fusion) => (
      <span className={styles.dropCell}>
        <NameCell to={`/console/fusions/${fusion.id}`} name={fusion.name} imageUrl={fusion.imageUrl} />
        <span className={listStyles.phoneOnly}>
          {fusion.brand.name} · {formatDate(fusion.beginAt)} – {formatDate(fusion.endAt)}
        </span>
      </span>
    ),
  },
  { id: 'brand', header: 'Brand', isSecondary: true, cell: (fusion) => fusion.brand.name },
  { id: 'status', header: 'Status', cell: (fusion) => <FusionStatusBadges fusion={fusion} /> },
  {
    id: 'window',
    header: 'Open',
    isSecondary: true,
    cell: (fusion) => (
      <span className={styles.window}>
        <time dateTime={fusion.beginAt}>{formatDateTimeWithZone(fusion.beginAt)}</time>
        <MutedText>
          to <time dateTime={fusion.endAt}>{formatDateTimeWithZone(fusion.endAt)}</time>
        </MutedText>
      </span>
    ),
  },
  {
    id: 'makes',
    header: 'Makes',
    isSecondary: true,
    cell: (fusion) => (
      <span className={styles.packCounts}>
        <span>{fusion.result.product.name}</span>
        <MutedText>
          {formatCount(fusion.slots.length)} {fusion.slots.length === 1 ? 'slot' : 'slots'}
        </MutedText>
      </span>
    ),
  },
  { id: 'made', header: 'Made', cell: (fusion) => <MutedText>{madeSummary(fusion)}</MutedText> },
];

/**
 * `/console/fusions`: the operator's fusions (a brand manager's brands only), newest first, filtered by brand in the
 * address, with how many of each one's results were made.
 */
export function FusionsSection() {
  const { get, page, setFilters } = useUrlFilters();
  const brandId = get('brand');
  const fusions = useConsoleFusions({ page, size: PAGE_SIZE, brandId });
  const newFusion = (
    <ButtonLink to="/console/fusions/new" variant="primary">
      <Icon name="plus" size={18} />
      New fusion
    </ButtonLink>
  );

  return (
    <>
      <ConsoleHeader
        title="Fusions"
        description="Fusions collectors burn editions in: what each makes and how many, its slots and their rules, and when it is open. A fusion is a draft until you publish it, and can change until it begins; an open one can be closed early."
        actions={newFusion}
      />
      <div className={listStyles.toolbar}>
        <BrandFilter value={brandId ?? ''} onChange={(brand) => setFilters({ brand })} />
      </div>

      <PagedEntries
        query={fusions}
        noun="fusions"
        caption="Fusions"
        pagesLabel="Fusion pages"
        columns={columns}
        empty={{
          icon: 'flame',
          title: brandId ? 'No fusions match' : 'No fusions yet',
          body: brandId ? 'Try another brand.' : 'Create the first fusion: it is a draft until you publish it.',
          action: brandId ? <ClearFiltersButton onClear={() => setFilters({ brand: undefined })} /> : newFusion,
        }}
      />
    </>
  );
}
