import { rarities } from '@cypher/contract';
import { Link, useLocation, useParams } from 'react-router';
import { oneOf, useUrlFilters } from '../../lib/use-url-filters.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { CanonicalRedirect } from '../../ui/canonical-redirect.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useBrand } from './api/get-brand.ts';
import { useCollections } from './api/list-collections.ts';
import { useLicenses } from './api/list-licenses.ts';
import { brandPath, brandTypeLabel, licensePath } from '../../lib/catalog-paths.ts';
import { BrandDrops } from './components/brand-drops.tsx';
import { BrandHero } from './components/brand-hero.tsx';
import { CollectionList } from './components/collection-list.tsx';
import { DetailLoadStates } from '../../ui/detail-states.tsx';
import { ProductShelf } from './components/product-shelf.tsx';
import { RarityFilter } from './components/rarity-filter.tsx';
import { SectionHeader } from './components/section-header.tsx';
import styles from './components/detail-page.module.css';

/**
 * `/brands/:id` and `/brands/:type/:id` (spec section 2): one page. The id may be the brand's id or its slug; a
 * type that is not the brand's own is corrected in the address, so every brand has one canonical typed address.
 */
export default function BrandDetailPage() {
  const { id = '', type } = useParams();
  const { search } = useLocation();
  const brand = useBrand(id);
  const { get, hrefFor } = useUrlFilters();
  const rarity = oneOf(get('rarity')?.toUpperCase(), rarities);

  if (brand.data === undefined) {
    return <DetailLoadStates query={brand} what="brand" browseTo="/brands" browseLabel="Browse brands" />;
  }

  const data = brand.data;
  if (type !== undefined && type !== data.type.toLowerCase()) {
    return <CanonicalRedirect pathname={`/brands/${data.type.toLowerCase()}/${id}`} search={search} />;
  }

  return (
    <div className="container">
      <PageMeta
        title={data.name}
        description={data.tagline ?? data.description ?? `Official ${data.name} collectibles.`}
        image={data.bannerUrl ?? data.logoUrl}
        path={brandPath(data)}
        facts={[{ label: 'Brand', value: brandTypeLabel(data.type) }]}
      />
      <BrandHero brand={data} />
      <BrandDrops brandId={data.id} brandName={data.name} />
      <div className={styles.columns}>
        <section aria-labelledby="about-heading" className={styles.section}>
          <h2 id="about-heading" className={styles.subheading}>
            About
          </h2>
          <p className={styles.prose}>{data.description ?? data.tagline ?? `Official ${data.name} collectibles.`}</p>
          <BrandLicenses brandId={data.id} />
        </section>
        <section aria-labelledby="collections-heading" className={styles.section}>
          <h2 id="collections-heading" className={styles.subheading}>
            Collections
          </h2>
          <BrandCollections brandId={data.id} />
        </section>
      </div>
      <section aria-labelledby="brand-products-heading" className={styles.wide}>
        <SectionHeader
          id="brand-products-heading"
          title="Products"
          lead={`Every ${data.name} product on the marketplace.`}
        />
        <div className={styles.filters}>
          <RarityFilter
            scope={{ brandId: data.id }}
            selected={rarity}
            hrefFor={(next) => hrefFor({ rarity: next?.toLowerCase() })}
          />
        </div>
        <ProductShelf
          params={{ brandId: data.id, rarity, sort: '-rarity' }}
          empty={
            <EmptyState
              icon="frame"
              titleAs="h3"
              title={rarity ? 'No products of this rarity' : 'No products yet'}
              body={
                rarity ? 'Try another rarity, or show them all.' : `${data.name}'s first products are on their way.`
              }
              action={
                rarity ? <ButtonLink to={hrefFor({ rarity: undefined })}>Show all rarities</ButtonLink> : undefined
              }
            />
          }
        />
      </section>
    </div>
  );
}

function BrandLicenses({ brandId }: { brandId: string }) {
  const licenses = useLicenses({ brandId, size: 50 });
  if (licenses.isPending) return <Skeleton width="60%" height="32px" radius="var(--radius-pill)" />;
  if (licenses.isError || licenses.data.items.length === 0) return null;
  return (
    <div className={styles.licenses}>
      <h3 className={styles.minorHeading}>Licenses</h3>
      <ul className={styles.chips}>
        {licenses.data.items.map((license) => (
          <li key={license.id}>
            <Link to={licensePath(license)} className={styles.chip}>
              {license.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BrandCollections({ brandId }: { brandId: string }) {
  const collections = useCollections({ brandId, size: 50 });
  if (collections.isPending) {
    return (
      <div className={styles.stack} role="status" aria-busy="true" aria-label="Loading collections">
        <Skeleton height="96px" radius="var(--radius-lg)" />
        <Skeleton height="96px" radius="var(--radius-lg)" />
      </div>
    );
  }
  if (collections.isError && !collections.data) {
    return (
      <p role="alert" className={styles.inlineError}>
        {collections.error.message}{' '}
        <button type="button" className={styles.linkButton} onClick={() => void collections.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (collections.data.items.length === 0) {
    return <p className={styles.prose}>No collections yet. Products appear below as they are added.</p>;
  }
  return <CollectionList collections={collections.data.items} />;
}
