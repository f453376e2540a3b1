import { brandTypes } from '@cypher/contract';
import { oneOf, searchTextOf, useUrlFilters } from '../../lib/use-url-filters.ts';
import { Button } from '../../ui/button.tsx';
import { CardGridSkeleton } from '../../ui/card-grid.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FilterLinks } from '../../ui/filter-links.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { isPastLastPage, PastLastPage } from '../../ui/past-last-page.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { useBrands } from './api/list-brands.ts';
import { brandTypeLabel } from '../../lib/catalog-paths.ts';
import { BrandGrid } from './components/brand-grid.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import styles from './components/list-page.module.css';
import { formatCount } from '../../lib/format.ts';

const PAGE_SIZE = 20;

/** `/brands`: every published brand, by type (`?type=gaming`), searchable, twenty to a page. */
export default function BrandsPage() {
  const { get, page, setFilters, hrefFor } = useUrlFilters();
  // The address spells the type in lower case, as brand pages do (`/brands/gaming/...`).
  const type = oneOf(get('type')?.toUpperCase(), brandTypes);
  const q = searchTextOf(get('q'));
  const brands = useBrands({ type, q, page, size: PAGE_SIZE });
  const isFiltered = Boolean(type || q);

  return (
    <div className="container">
      <PageMeta
        title="Brands"
        description="Discover the artists, studios, leagues and fashion houses whose official collectibles you can collect."
      />
      <PageHeader
        eyebrow="Catalogue"
        title="Brands"
        lead="Artists, studios, leagues and houses with official collectibles on the marketplace."
      >
        <div className={styles.toolbar}>
          <FilterLinks
            label="Brand type"
            selectedId={type ?? 'ALL'}
            items={[
              { id: 'ALL', label: 'All', to: hrefFor({ type: undefined }) },
              ...brandTypes.map((id) => ({ id, label: brandTypeLabel(id), to: hrefFor({ type: id.toLowerCase() }) })),
            ]}
          />
          <SearchField
            className={styles.search}
            label="Search brands"
            placeholder="Search brands"
            value={q}
            onSearch={(text, history) => setFilters({ q: text }, { history })}
          />
        </div>
      </PageHeader>

      <div className={styles.results}>
        {brands.isPending ? (
          <CardGridSkeleton count={10} aspectRatio="16 / 9" label="Loading brands" />
        ) : brands.isError && !brands.data ? (
          <ErrorState
            title="We could not load the brands"
            error={brands.error}
            onRetry={() => void brands.refetch()}
            isRetrying={brands.isRefetching}
          />
        ) : isPastLastPage(brands.data) ? (
          <PastLastPage
            icon="layers"
            total={brands.data.total}
            size={brands.data.size}
            hrefFor={(last) => hrefFor({ page: last })}
            what={isFiltered ? 'The brands that match' : 'The brands'}
          />
        ) : brands.data.items.length === 0 ? (
          <EmptyState
            icon="layers"
            title={isFiltered ? 'No brands match' : 'No brands yet'}
            body={
              isFiltered ? 'Try another type or a shorter search.' : 'The first brands are being hung. Check back soon.'
            }
            action={
              isFiltered ? (
                <Button onClick={() => setFilters({ type: undefined, q: undefined })}>Show all brands</Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <p className={styles.count} aria-live="polite">
              {brands.data.total === 1 ? '1 brand' : `${formatCount(brands.data.total)} brands`}
            </p>
            <BrandGrid brands={brands.data.items} headingAs="h2" isRefreshing={brands.isPlaceholderData} />
            <Pagination
              page={brands.data.page}
              size={brands.data.size}
              total={brands.data.total}
              hrefFor={(next) => hrefFor({ page: next })}
              label="Brand pages"
            />
          </>
        )}
      </div>
    </div>
  );
}
