import type { TProduct } from '@cypher/contract';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useProducts } from '../api/list-products.ts';
import { brandPath } from '../../../lib/catalog-paths.ts';
import { ProductGrid } from './product-grid.tsx';
import { SectionHeader } from './section-header.tsx';
import styles from './product-page.module.css';

/** "More from {brand}": a quiet way on from a product page. Shows nothing rather than an error if it cannot load. */
export function SimilarProducts({ product }: { product: TProduct }) {
  const others = useProducts({ brandId: product.brand.id, size: 6, sort: '-rarity' });
  const items = (others.data?.items ?? []).filter((item) => item.id !== product.id).slice(0, 5);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading" className={styles.similar}>
      <SectionHeader
        id="similar-heading"
        size="detail"
        title={`More from ${product.brand.name}`}
        action={
          <ButtonLink to={brandPath(product.brand)} variant="ghost">
            View brand
            <Icon name="arrow-right" size={18} />
          </ButtonLink>
        }
      />
      <ProductGrid products={items} label={`More from ${product.brand.name}`} />
    </section>
  );
}
