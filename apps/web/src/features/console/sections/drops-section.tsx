import { dropPublicationStatuses, type TConsoleDropListItem } from '@cypher/contract';
import { formatCount, formatDate, formatDateTimeWithZone } from '../../../lib/format.ts';
import { oneOf, useUrlFilters } from '../../../lib/use-url-filters.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useConsoleDrops } from '../api/list-console-drops.ts';
import { BrandFilter } from '../components/brand-filter.tsx';
import { ConsoleHeader } from '../components/console-header.tsx';
import { DropStatusBadge } from '../components/drop-status-badge.tsx';
import type { EntryColumn } from '../components/entries-table.tsx';
import { MutedText, NameCell } from '../components/name-cell.tsx';
import { PagedEntries } from '../components/paged-entries.tsx';
import { PublicationBadge } from '../components/publication-badge.tsx';
import { PublicationFilter } from '../components/publication-filter.tsx';
import { PublicationProgress } from '../components/publication-progress.tsx';
import listStyles from '../components/entry-list.module.css';
import styles from '../components/drops.module.css';
import { ClearFiltersButton } from '../../../ui/clear-filters-button.tsx';

const PAGE_SIZE = 20;
const statuses = dropPublicationStatuses;

const packCounts = (drop: TConsoleDropListItem) =>
  `${formatCount(drop.counts.soldCount)} / ${formatCount(drop.counts.dropCount)} sold · ${formatCount(drop.counts.heldCount)} held`;

/** While a drop's packs are being written there is nothing sold yet to count: its progress stands in their place. */
const isPublishing = (drop: TConsoleDropListItem) => drop.publicationStatus === 'PUBLISHING' && drop.publication;

const columns: EntryColumn<TConsoleDropListItem>[] = [
  {
    id: 'name',
    header: 'Drop',
    cell: (drop) => (
      <span className={styles.dropCell}>
        <NameCell to={`/console/drops/${drop.id}`} name={drop.name} imageUrl={drop.imageUrl} />
        <span className={listStyles.phoneOnly}>
          {drop.brand.name} · {formatDate(drop.dropBeginAt)} – {formatDate(drop.dropEndAt)}
          <br />
          {isPublishing(drop) ? null : packCounts(drop)}
        </span>
        {isPublishing(drop) ? (
          <span className={listStyles.phoneOnly}>
            <PublicationProgress publication={drop.publication!} isCompact />
          </span>
        ) : null}
      </span>
    ),
  },
  { id: 'brand', header: 'Brand', isSecondary: true, cell: (drop) => drop.brand.name },
  {
    id: 'status',
    header: 'Status',
    cell: (drop) => (
      <span className={styles.badges}>
        <PublicationBadge status={drop.publicationStatus} />
        <DropStatusBadge drop={drop} />
      </span>
    ),
  },
  {
    id: 'window',
    header: 'On sale',
    isSecondary: true,
    cell: (drop) => (
      <span className={styles.window}>
        <time dateTime={drop.dropBeginAt}>{formatDateTimeWithZone(drop.dropBeginAt)}</time>
        <MutedText>
          to <time dateTime={drop.dropEndAt}>{formatDateTimeWithZone(drop.dropEndAt)}</time>
        </MutedText>
      </span>
    ),
  },
  {
    id: 'packs',
    header: 'Packs',
    isSecondary: true,
    cell: (drop) =>
      isPublishing(drop) ? (
        <PublicationProgress publication={drop.publication!} isCompact />
      ) : (
        <span className={styles.packCounts}>
          <span>
            {formatCount(drop.counts.soldCount)} / {formatCount(drop.counts.dropCount)} sold
          </span>
          <MutedText>
            {formatCount(drop.counts.heldCount)} held · {formatCount(drop.roundCount)}{' '}
            {drop.roundCount === 1 ? 'round' : 'rounds'}
          </MutedText>
        </span>
      ),
  },
];

/**
 * `/console/drops`: the operator's drops (a brand manager's brands only), drafts included, newest first, filtered
 * by status and brand in the address; their sold and held counts are read again while one of them is live.
 */
export function DropsSection() {
  const { get, page, setFilters } = useUrlFilters();
  const status = oneOf(get('status')?.toUpperCase(), statuses);
  const brandId = get('brand');
  const drops = useConsoleDrops({ page, size: PAGE_SIZE, status, brandId });
  const isFiltered = Boolean(status || brandId);
  const newDrop = (
    <ButtonLink to="/console/drops/new" variant="primary">
      <Icon name="plus" size={18} />
      New drop
    </ButtonLink>
  );

  return (
    <>
      <ConsoleHeader
        title="Drops"
        description="Schedule drops: artwork, times, rounds with prices and whitelists, and what the packs hold. Publishing fixes the contents; then watch the sale live."
        actions={newDrop}
      />
      <div className={listStyles.toolbar}>
        <PublicationFilter
          value={status?.toLowerCase() ?? ''}
          onChange={(next) => setFilters({ status: next })}
          hasPublishing
        />
        <BrandFilter value={brandId ?? ''} onChange={(brand) => setFilters({ brand })} />
      </div>

      <PagedEntries
        query={drops}
        noun="drops"
        caption="Drops"
        pagesLabel="Drop pages"
        columns={columns}
        what={isFiltered ? 'The drops that match' : undefined}
        empty={{
          icon: 'package',
          title: isFiltered ? 'No drops match' : 'No drops yet',
          body: isFiltered
            ? 'Try another status or brand.'
            : 'Create the first drop; it stays a draft, seen by operators only, until you publish it.',
          action: isFiltered ? (
            <ClearFiltersButton onClear={() => setFilters({ status: undefined, brand: undefined })} />
          ) : (
            newDrop
          ),
        }}
      />
    </>
  );
}
