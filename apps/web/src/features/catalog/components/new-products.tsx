import { ButtonLink } from '../../../ui/button-link.tsx';
import { CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { useProducts } from '../api/list-products.ts';
import { ProductGrid } from './product-grid.tsx';
import { HomeSection } from './home-section.tsx';

const NEWEST = { sort: '-createdAt', size: 10 } as const;

function NewProductsBody() {
  const products = useProducts(NEWEST);
  if (products.isPending) return <CardGridSkeleton count={10} label="Loading new products" />;
  if (products.isError && !products.data) {
    return (
      <ErrorState
        title="We could not load the new products"
        error={products.error}
        onRetry={() => void products.refetch()}
        isRetrying={products.isRefetching}
        titleAs="h3"
      />
    );
  }
  if (products.data.items.length === 0) {
    return (
      <EmptyState
        icon="frame"
        titleAs="h3"
        title="The first products are on their way"
        body="Meanwhile, read how collecting works."
        action={<ButtonLink to="/guide">Read the guide</ButtonLink>}
      />
    );
  }
  return <ProductGrid products={products.data.items} label="New products" />;
}

export function NewProducts() {
  return (
    <HomeSection
      headingId="new-products-heading"
      eyebrow="Just added"
      title="New products"
      lead="The latest editions added to the catalogue, from commons to legendaries."
      seeAll={{ to: '/products', label: 'All products' }}
    >
      <NewProductsBody />
    </HomeSection>
  );
}
