import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { useProductShelf, type TProductListParams } from '../api/list-products.ts';
import { ProductGrid } from './product-grid.tsx';
import styles from './product-shelf.module.css';

interface ProductShelfProps {
  params: Omit<TProductListParams, 'page'>;
  /** What to show when nothing matches: says what to do next. */
  empty: ReactNode;
}

/** Products of a brand or license, a page at a time: skeleton, error with retry, empty, or cards and "Show more". */
export function ProductShelf({ params, empty }: ProductShelfProps) {
  const shelf = useProductShelf(params);

  if (shelf.isPending) return <CardGridSkeleton count={5} label="Loading products" />;
  if (shelf.isError && !shelf.data) {
    return (
      <ErrorState
        title="We could not load the products"
        error={shelf.error}
        onRetry={() => void shelf.refetch()}
        isRetrying={shelf.isRefetching}
        titleAs="h3"
      />
    );
  }

  const products = shelf.data.pages.flatMap((page) => page.items);
  const total = shelf.data.pages.at(-1)?.total ?? 0;
  if (products.length === 0) return <>{empty}</>;

  return (
    <div className={styles.shelf}>
      <ProductGrid products={products} />
      <div className={styles.footer}>
        <p className={styles.count} aria-live="polite">
          Showing {formatCount(products.length)} of {formatCount(total)}
        </p>
        {shelf.hasNextPage ? (
          <Button onClick={() => void shelf.fetchNextPage()} isLoading={shelf.isFetchingNextPage}>
            Show more
          </Button>
        ) : null}
      </div>
      {shelf.isFetchNextPageError ? (
        <p role="alert" className={styles.error}>
          {shelf.error?.message} Try “Show more” again.
        </p>
      ) : null}
    </div>
  );
}
