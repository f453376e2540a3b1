import { Link, useParams } from 'react-router';
import { licensePageMeta } from '@cypher/contract';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useLicense } from './api/get-license.ts';
import { useCollections } from './api/list-collections.ts';
import { brandPath } from '../../lib/catalog-paths.ts';
import { CollectionList } from './components/collection-list.tsx';
import { DetailLoadStates } from '../../ui/detail-states.tsx';
import { ProductShelf } from './components/product-shelf.tsx';
import { SectionHeader } from './components/section-header.tsx';
import { FixedWidthImage } from '../../ui/fixed-width-image.tsx';
import detail from './components/detail-page.module.css';
import styles from './components/license-page.module.css';

/** `/licenses/:id`: a license, the brand that holds it, and the collections and products made under it. */
export default function LicensePage() {
  const { id = '' } = useParams();
  const license = useLicense(id);

  if (license.data === undefined) {
    return <DetailLoadStates query={license} what="license" browseTo="/brands" browseLabel="Browse brands" />;
  }

  const data = license.data;
  return (
    <div className="container">
      <PageMeta {...licensePageMeta(data)} />
      <div className={styles.header}>
        <div className={styles.image}>
          {data.imageUrl ? <FixedWidthImage src={data.imageUrl} shownWidth={160} width={160} height={160} /> : null}
        </div>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>License</p>
          <h1 className={styles.name}>{data.name}</h1>
          <p className={styles.meta}>
            From <Link to={brandPath(data.brand)}>{data.brand.name}</Link>
            {data.licensor ? <> · Licensed by {data.licensor}</> : null}
          </p>
          {data.description ? <p className={detail.prose}>{data.description}</p> : null}
        </div>
      </div>
      <section aria-labelledby="license-collections-heading" className={detail.wide}>
        <SectionHeader id="license-collections-heading" title="Collections" />
        <LicenseCollections licenseId={data.id} />
      </section>
      <section aria-labelledby="license-products-heading" className={detail.wide}>
        <SectionHeader id="license-products-heading" title="Products" lead={`Everything made under ${data.name}.`} />
        <ProductShelf
          params={{ licenseId: data.id, sort: '-rarity' }}
          empty={
            <EmptyState
              icon="frame"
              titleAs="h3"
              title="No products yet"
              body={`Products under this license appear here. Meanwhile, see everything from ${data.brand.name}.`}
              action={<Link to={brandPath(data.brand)}>Visit {data.brand.name}</Link>}
            />
          }
        />
      </section>
    </div>
  );
}

function LicenseCollections({ licenseId }: { licenseId: string }) {
  const collections = useCollections({ licenseId, size: 50 });
  if (collections.isPending) return <Skeleton height="96px" radius="var(--radius-lg)" />;
  if (collections.isError && !collections.data) {
    return (
      <p role="alert" className={detail.inlineError}>
        {collections.error.message}{' '}
        <button type="button" className={detail.linkButton} onClick={() => void collections.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (collections.data.items.length === 0)
    return <p className={detail.prose}>No collections under this license yet.</p>;
  return <CollectionList collections={collections.data.items} />;
}
