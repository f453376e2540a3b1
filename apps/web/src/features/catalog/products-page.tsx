import { formatCount } from '../../lib/format.ts';
import { useUrlFilters } from '../../lib/use-url-filters.ts';
import { CardGridSkeleton } from '../../ui/card-grid.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { isPastLastPage, PastLastPage } from '../../ui/past-last-page.tsx';
import { useProducts } from './api/list-products.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProductFilters } from './components/product-filters.tsx';
import { ProductGrid } from './components/product-grid.tsx';
import { hasProductFilters, readProductFilters, toProductQuery } from './product-filter-values.ts';
import styles from './components/list-page.module.css';
import { ClearFiltersButton } from '../../ui/clear-filters-button.tsx';

const PAGE_SIZE = 20;

/** `/products`: every published product, filtered, searched and sorted through the address, twenty to a page. */
export default function ProductsPage() {
  const { get, page, setFilters, hrefFor } = useUrlFilters();
  const filters = readProductFilters(get);
  const products = useProducts(toProductQuery(filters, page, PAGE_SIZE));
  const isFiltered = hasProductFilters(filters);

  return (
    <div className="container">
      <PageMeta
        title="Products"
        description="Browse every collectible on the marketplace by brand, collection, category, tag and rarity."
      />
      <PageHeader
        eyebrow="Catalogue"
        title="Products"
        lead="Every collectible on the marketplace, from commons to legendaries."
      >
        <ProductFilters values={filters} onChange={setFilters} />
      </PageHeader>

      <div className={styles.results}>
        {products.isPending ? (
          <CardGridSkeleton count={10} label="Loading products" />
        ) : products.isError && !products.data ? (
          <ErrorState
            title="We could not load the products"
            error={products.error}
            onRetry={() => void products.refetch()}
            isRetrying={products.isRefetching}
          />
        ) : isPastLastPage(products.data) ? (
          <PastLastPage
            icon="frame"
            total={products.data.total}
            size={products.data.size}
            hrefFor={(last) => hrefFor({ page: last })}
            what={isFiltered ? 'The products that match' : 'The products'}
          />
        ) : products.data.items.length === 0 ? (
          <EmptyState
            icon="frame"
            title={isFiltered ? 'No products match these filters' : 'No products yet'}
            body={
              isFiltered
                ? 'Remove a filter or try a shorter search.'
                : 'The first products are on their way. Meet the brands meanwhile.'
            }
            action={
              isFiltered ? (
                <ClearFiltersButton
                  onClear={() =>
                    setFilters({
                      brand: undefined,
                      collection: undefined,
                      category: undefined,
                      tag: undefined,
                      rarity: undefined,
                      q: undefined,
                    })
                  }
                />
              ) : undefined
            }
          />
        ) : (
          <>
            <p className={styles.count} aria-live="polite">
              {products.data.total === 1 ? '1 product' : `${formatCount(products.data.total)} products`}
            </p>
            <ProductGrid products={products.data.items} headingAs="h2" isRefreshing={products.isPlaceholderData} />
            <Pagination
              page={products.data.page}
              size={products.data.size}
              total={products.data.total}
              hrefFor={(next) => hrefFor({ page: next })}
              label="Product pages"
            />
          </>
        )}
      </div>
    </div>
  );
}
