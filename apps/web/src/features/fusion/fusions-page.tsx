import type { TFusionSummary } from '@cypher/contract';
import { formatCount } from '../../lib/format.ts';
import { useNow } from '../../lib/use-now.ts';
import { useUrlFilters } from '../../lib/use-url-filters.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { CardGrid, CardGridSkeleton } from '../../ui/card-grid.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { useFusions } from './api/list-fusions.ts';
import { FusionCard } from './components/fusion-card.tsx';
import { FusionFilters } from './components/fusion-filters.tsx';
import { clearedFusionFilters, hasFusionFilters, readFusionFilters, toFusionQuery } from './fusion-filter-values.ts';
import styles from './fusions-page.module.css';
import { ClearFiltersButton } from '../../ui/clear-filters-button.tsx';

const FUSIONS_PAGE_SIZE = 20;

/**
 * `/fusions` (spec section 2): every fusion, filtered by brand, category and status (coming up, available, ended) in
 * the address, twenty to a page; each card says what it makes and how many of the results are left.
 */
export default function FusionsPage() {
  const { get, page, setFilters, hrefFor } = useUrlFilters();
  const filters = readFusionFilters(get);
  const fusions = useFusions(toFusionQuery(filters, page, FUSIONS_PAGE_SIZE));
  const isFiltered = hasFusionFilters(filters);

  let results;
  if (fusions.isPending) {
    results = <CardGridSkeleton count={5} label="Loading fusions" />;
  } else if (fusions.isError && !fusions.data) {
    results = (
      <ErrorState
        title="We could not load the fusions"
        error={fusions.error}
        onRetry={() => void fusions.refetch()}
        isRetrying={fusions.isFetching}
      />
    );
  } else if (fusions.data.items.length === 0) {
    results = (
      <EmptyState
        icon="flame"
        title={isFiltered ? 'No fusions match these filters' : page > 1 ? 'No fusions on this page' : 'No fusions yet'}
        body={
          isFiltered
            ? 'Remove a filter to see more fusions.'
            : 'Brands announce their fusions here. Meanwhile, collect the editions they may ask for in a live drop.'
        }
        action={
          isFiltered ? (
            <ClearFiltersButton onClear={() => setFilters(clearedFusionFilters)} />
          ) : page > 1 ? (
            <ButtonLink to="/fusions" variant="primary">
              Back to the first page
            </ButtonLink>
          ) : (
            <ButtonLink to="/drops" variant="primary">
              See drops
            </ButtonLink>
          )
        }
      />
    );
  } else {
    results = (
      <div className={styles.stack} aria-busy={fusions.isPlaceholderData || undefined}>
        <p className={styles.count} aria-live="polite">
          {fusions.data.total === 1 ? '1 fusion' : `${formatCount(fusions.data.total)} fusions`}
        </p>
        <FusionGrid fusions={fusions.data.items} isRefreshing={fusions.isPlaceholderData} />
        <Pagination
          page={fusions.data.page}
          size={fusions.data.size}
          total={fusions.data.total}
          hrefFor={(next) => hrefFor({ page: next })}
          label="Fusion pages"
        />
      </div>
    );
  }

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta
        title="Fusions"
        description="Burn editions from your collection into a new one: see which fusions are coming up, open now or ended."
      />
      <PageHeader
        eyebrow="Fusion"
        title="Fusions"
        lead="Burn editions you hold into a new one. Each fusion asks for its own materials and makes a limited number of results."
        isFlush
      >
        <FusionFilters values={filters} onChange={setFilters} />
      </PageHeader>
      {results}
    </div>
  );
}

function FusionGrid({ fusions, isRefreshing }: { fusions: TFusionSummary[]; isRefreshing: boolean }) {
  // The cards show dates, not countdowns: a clock that turns on the minute is enough to move a status at its time.
  const now = useNow(60_000);
  return (
    <CardGrid label="Fusions" className={isRefreshing ? styles.refreshing : undefined}>
      {fusions.map((fusion) => (
        <li key={fusion.id}>
          <FusionCard fusion={fusion} now={now} />
        </li>
      ))}
    </CardGrid>
  );
}
