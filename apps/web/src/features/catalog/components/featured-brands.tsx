import { ButtonLink } from '../../../ui/button-link.tsx';
import { CardGridSkeleton } from '../../../ui/card-grid.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { useBrands } from '../api/list-brands.ts';
import { BrandGrid } from './brand-grid.tsx';
import { HomeSection } from './home-section.tsx';

const FEATURED = { isFeatured: true, size: 5 } as const;

function FeaturedBrandsBody() {
  const brands = useBrands(FEATURED);
  if (brands.isPending) return <CardGridSkeleton count={5} aspectRatio="16 / 9" label="Loading featured brands" />;
  if (brands.isError && !brands.data) {
    return (
      <ErrorState
        title="We could not load the featured brands"
        error={brands.error}
        onRetry={() => void brands.refetch()}
        isRetrying={brands.isRefetching}
        titleAs="h3"
      />
    );
  }
  if (brands.data.items.length === 0) {
    return (
      <EmptyState
        icon="layers"
        titleAs="h3"
        title="No featured brands right now"
        body="Every brand on the marketplace is a click away."
        action={<ButtonLink to="/brands">Browse all brands</ButtonLink>}
      />
    );
  }
  return <BrandGrid brands={brands.data.items} label="Featured brands" isFilled />;
}

export function FeaturedBrands() {
  return (
    <HomeSection
      headingId="featured-brands-heading"
      eyebrow="Brands"
      title="Featured brands"
      lead="Official collections from artists, studios, leagues and houses you love."
      seeAll={{ to: '/brands', label: 'All brands' }}
    >
      <FeaturedBrandsBody />
    </HomeSection>
  );
}
