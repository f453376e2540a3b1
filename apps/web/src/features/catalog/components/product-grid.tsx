import type { TProductListItem } from '@cypher/contract';
import { CardGrid } from '../../../ui/card-grid.tsx';
import { ProductCard } from './product-card.tsx';

interface ProductGridProps {
  products: TProductListItem[];
  label?: string;
  headingAs?: 'h2' | 'h3';
  /** A new page or filter is on its way: the current cards stay, dimmed, instead of a skeleton flash. */
  isRefreshing?: boolean;
}

export function ProductGrid({ products, label = 'Products', headingAs, isRefreshing }: ProductGridProps) {
  return (
    <div aria-busy={isRefreshing || undefined} style={isRefreshing ? { opacity: 0.6 } : undefined}>
      <CardGrid label={label}>
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} headingAs={headingAs} />
          </li>
        ))}
      </CardGrid>
    </div>
  );
}
