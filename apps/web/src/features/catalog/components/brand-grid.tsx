import type { TBrand } from '@cypher/contract';
import { CardGrid } from '../../../ui/card-grid.tsx';
import { BrandCard } from './brand-card.tsx';

interface BrandGridProps {
  brands: TBrand[];
  label?: string;
  headingAs?: 'h2' | 'h3';
  isRefreshing?: boolean;
  isFilled?: boolean;
}

export function BrandGrid({ brands, label = 'Brands', headingAs, isRefreshing, isFilled }: BrandGridProps) {
  return (
    <div aria-busy={isRefreshing || undefined} style={isRefreshing ? { opacity: 0.6 } : undefined}>
      <CardGrid label={label} isFilled={isFilled}>
        {brands.map((brand) => (
          <li key={brand.id}>
            <BrandCard brand={brand} headingAs={headingAs} />
          </li>
        ))}
      </CardGrid>
    </div>
  );
}
