import { useNow } from '../../../lib/use-now.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { ClearFiltersButton } from '../../../ui/clear-filters-button.tsx';
import { CardGrid, CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { isPastLastPage, PastLastPage } from '../../../ui/past-last-page.tsx';
import { useDrops, type TDropsListStatus } from '../../../api/list-drops.ts';
import { DropCard } from '../../../ui/drop-card.tsx';
import styles from '../drops.module.css';

const DROPS_PAGE_SIZE = 20;

const emptyStates: Record<TDropsListStatus, { title: string; body: string; to: string; action: string }> = {
  AVAILABLE: {
    title: 'No drops on sale right now',
    body: 'See which drops are coming up next, and be ready when they open.',
    to: '/drops?tab=upcoming',
    action: 'See upcoming drops',
  },
  NEXT: {
    title: 'No drops announced yet',
    body: 'New drops appear here as soon as they are announced. Meanwhile, browse the products in the catalogue.',
    to: '/products',
    action: 'Browse products',
  },
  COMPLETED: {
    title: 'No completed drops yet',
    body: 'Drops that have ended are kept here with their results. See what is on sale now.',
    to: '/drops',
    action: 'See drops on sale',
  },
};

const listLabels: Record<TDropsListStatus, string> = {
  AVAILABLE: 'Drops available now',
  NEXT: 'Upcoming drops',
  COMPLETED: 'Completed drops',
};

const brandEmptyTitles: Record<TDropsListStatus, string> = {
  AVAILABLE: 'No drops of this brand on sale right now',
  NEXT: 'No drops of this brand announced yet',
  COMPLETED: 'No completed drops of this brand yet',
};

/**
 * One tab of the drops page: its cards, twenty to a page, with their loading, empty and error states; one brand's
 * only when `brandId` is given, with a way back to every brand's when there are none.
 */
export function DropList({
  status,
  page,
  brandId,
  hrefFor,
  onClearBrand,
}: {
  status: TDropsListStatus;
  page: number;
  brandId?: string;
  hrefFor: (page: number) => string;
  onClearBrand: () => void;
}) {
  const drops = useDrops({ status, page, size: DROPS_PAGE_SIZE, brandId });
  const now = useNow();

  if (drops.isPending) return <CardGridSkeleton count={5} label={`Loading ${listLabels[status].toLowerCase()}`} />;
  if (drops.isError && !drops.data) {
    return (
      <ErrorState
        title="We could not load the drops"
        error={drops.error}
        onRetry={() => void drops.refetch()}
        isRetrying={drops.isFetching}
      />
    );
  }
  if (isPastLastPage(drops.data)) {
    return (
      <PastLastPage
        icon="package"
        total={drops.data.total}
        size={drops.data.size}
        hrefFor={hrefFor}
        what={listLabels[status]}
      />
    );
  }
  if (drops.data.items.length === 0 && brandId) {
    return (
      <EmptyState
        icon="package"
        title={brandEmptyTitles[status]}
        body="Its other tabs may have some, or see the drops of every brand."
        action={<ClearFiltersButton onClear={onClearBrand}>Show all brands</ClearFiltersButton>}
      />
    );
  }
  if (drops.data.items.length === 0) {
    const empty = emptyStates[status];
    return (
      <EmptyState
        icon="package"
        title={empty.title}
        body={empty.body}
        action={
          <ButtonLink to={empty.to} variant="primary">
            {empty.action}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div className={styles.stack} aria-busy={drops.isPlaceholderData || undefined}>
      <CardGrid label={listLabels[status]} className={drops.isPlaceholderData ? styles.refreshing : undefined}>
        {drops.data.items.map((drop) => (
          <li key={drop.id}>
            <DropCard drop={drop} now={now} headingAs="h2" />
          </li>
        ))}
      </CardGrid>
      <Pagination
        page={drops.data.page}
        size={drops.data.size}
        total={drops.data.total}
        hrefFor={hrefFor}
        label="Drop pages"
      />
    </div>
  );
}
