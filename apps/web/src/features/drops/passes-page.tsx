import { Navigate, useLocation, type To } from 'react-router';
import type { TPass } from '@cypher/contract';
import { useSession } from '../../lib/session.ts';
import { useNow } from '../../lib/use-now.ts';
import { useUrlFilters } from '../../lib/use-url-filters.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { CardGrid, CardGridSkeleton } from '../../ui/card-grid.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FilterLinks } from '../../ui/filter-links.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { useMyPasses } from './api/list-my-passes.ts';
import { usePasses } from './api/list-passes.ts';
import { PassCard } from './components/pass-card.tsx';
import styles from './drops.module.css';

const PASSES_PAGE_SIZE = 20;

/**
 * `/pass`: every pass of a published brand, twenty to a page, those the signed-in collector holds marked; and for
 * them "Mine" (`?show=mine`), only the passes they hold.
 */
export default function PassesPage() {
  const { isLoggedIn } = useSession();
  const { pathname, search } = useLocation();
  const { get, page, hrefFor } = useUrlFilters();
  const isMine = get('show') === 'mine';

  // Mine is a collector's own: visitors sign in first and come back here.
  if (!isLoggedIn && isMine) {
    return <Navigate to={`/signin?redirectTo=${encodeURIComponent(`${pathname}${search}`)}`} replace />;
  }

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta
        title="Passes"
        description="Passes from the brands you love: each opens sale rounds to its holders while it is valid."
      />
      <PageHeader
        eyebrow="Passes"
        title={isMine ? 'My passes' : 'Passes'}
        lead="A pass opens a brand's sale rounds to its holders while it is valid: buy it once, and be first in line for the drops it names."
        isFlush
      >
        {isLoggedIn ? (
          <FilterLinks
            label="Which passes"
            selectedId={isMine ? 'mine' : 'all'}
            items={[
              { id: 'all', label: 'All passes', to: '/pass' },
              { id: 'mine', label: 'Mine', to: '/pass?show=mine' },
            ]}
          />
        ) : null}
      </PageHeader>
      {isMine ? <MyPassList /> : <PassList page={page} hrefFor={(next) => hrefFor({ page: next })} />}
    </div>
  );
}

function PassList({ page, hrefFor }: { page: number; hrefFor: (page: number) => To }) {
  const passes = usePasses({ page, size: PASSES_PAGE_SIZE });
  if (passes.isPending) return <CardGridSkeleton count={5} label="Loading passes" />;
  if (passes.isError && !passes.data) {
    return (
      <ErrorState
        title="We could not load the passes"
        error={passes.error}
        onRetry={() => void passes.refetch()}
        isRetrying={passes.isFetching}
      />
    );
  }
  if (passes.data.items.length === 0) {
    return (
      <EmptyState
        icon="key"
        title={page > 1 ? 'No passes on this page' : 'No passes yet'}
        body="Brands announce their passes here. Meanwhile, see which drops are on sale."
        action={
          <ButtonLink to={page > 1 ? '/pass' : '/drops'} variant="primary">
            {page > 1 ? 'Back to the first page' : 'See drops'}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <div className={styles.stack} aria-busy={passes.isPlaceholderData || undefined}>
      <PassGrid passes={passes.data.items} label="Passes" isRefreshing={passes.isPlaceholderData} />
      <Pagination
        page={passes.data.page}
        size={passes.data.size}
        total={passes.data.total}
        hrefFor={hrefFor}
        label="Pass pages"
      />
    </div>
  );
}

function MyPassList() {
  const mine = useMyPasses();
  if (mine.isPending) return <CardGridSkeleton count={2} label="Loading your passes" />;
  if (mine.isError && !mine.data) {
    return (
      <ErrorState
        title="We could not load your passes"
        error={mine.error}
        onRetry={() => void mine.refetch()}
        isRetrying={mine.isFetching}
      />
    );
  }
  if (mine.data.items.length === 0) {
    return (
      <EmptyState
        icon="key"
        title="You hold no passes yet"
        body="A pass opens a brand's sale rounds to you while it is valid. See which passes are on sale."
        action={
          <ButtonLink to="/pass" variant="primary">
            See all passes
          </ButtonLink>
        }
      />
    );
  }
  return <PassGrid passes={mine.data.items} label="Passes you hold" />;
}

function PassGrid({ passes, label, isRefreshing }: { passes: TPass[]; label: string; isRefreshing?: boolean }) {
  // The cards show dates, not countdowns: a clock that turns on the minute is enough to move a status at its time.
  const now = useNow(60_000);
  return (
    <CardGrid label={label} className={isRefreshing ? styles.refreshing : undefined}>
      {passes.map((pass) => (
        <li key={pass.id}>
          <PassCard pass={pass} now={now} />
        </li>
      ))}
    </CardGrid>
  );
}
