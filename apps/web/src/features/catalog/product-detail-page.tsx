import { useParams } from 'react-router';
import { ArtworkImage, ArtworkLayout, ArtworkVideo } from '../../ui/artwork-layout.tsx';
import { FavoriteToggle } from '../../ui/favorite-toggle.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { RarityBadge, rarityColour, rarityLabel } from '../../ui/rarity-badge.tsx';
import { useProduct } from './api/get-product.ts';
import { brandPath, productPath } from '../../lib/catalog-paths.ts';
import { DetailLoadStates } from '../../ui/detail-states.tsx';
import { ProductActivity } from '../../ui/product-activity.tsx';
import { editionSizeText } from './components/product-card.tsx';
import { ProductFacts, ProductProperties } from './components/product-facts.tsx';
import { SimilarProducts } from './components/similar-products.tsx';
import styles from './components/product-page.module.css';

/**
 * `/products/:id`: the artwork large, what it is and where it comes from (with the heart to favorite it), its traits
 * and what happened to it.
 */
export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);

  if (product.data === undefined) {
    return <DetailLoadStates query={product} what="product" browseTo="/products" browseLabel="Browse products" />;
  }

  const data = product.data;
  return (
    <div className="container">
      <PageMeta
        title={`${data.name} · ${data.brand.name}`}
        description={
          data.description ?? `A ${rarityLabel(data.rarity).toLowerCase()} collectible from ${data.brand.name}.`
        }
        image={data.imageUrl}
        path={productPath(data)}
        type="product"
        facts={[
          { label: 'Rarity', value: rarityLabel(data.rarity) },
          { label: 'Editions', value: editionSizeText(data.editionSize) },
        ]}
      />
      <ArtworkLayout
        artwork={
          data.animationUrl ? (
            <ArtworkVideo src={data.animationUrl} poster={data.imageUrl} name={data.name} />
          ) : (
            <ArtworkImage src={data.imageUrl} name={data.name} />
          )
        }
        tint={rarityColour(data.rarity)}
        brand={{ name: data.brand.name, logoUrl: data.brand.logoUrl, to: brandPath(data.brand) }}
        title={data.name}
      >
        <div className={styles.badges}>
          <RarityBadge rarity={data.rarity} />
          <span className={styles.edition}>{editionSizeText(data.editionSize)}</span>
        </div>
        <FavoriteToggle targetType="PRODUCT" targetId={data.id} />
        {data.description ? <p className={styles.description}>{data.description}</p> : null}
        <ProductFacts product={data} />
        <section aria-labelledby="properties-heading" className={styles.panel}>
          <h2 id="properties-heading" className={styles.panelHeading}>
            Properties
          </h2>
          <ProductProperties properties={data.properties} />
        </section>
      </ArtworkLayout>
      <section aria-labelledby="activity-heading" className={styles.activity}>
        <h2 id="activity-heading" className={styles.sectionHeading}>
          Activity
        </h2>
        <ProductActivity productId={data.id} />
      </section>
      <SimilarProducts product={data} />
    </div>
  );
}
