import type { CSSProperties } from 'react';
import { useParams } from 'react-router';
import { collectionPageMeta, type TEdition, type TProductListItem } from '@cypher/contract';
import { nftPath } from '../../lib/collection-paths.ts';
import { formatCount, formatEditionNumber } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { ArtCard, artCardStyles } from '../../ui/art-card.tsx';
import { CardGrid, CardGridSkeleton } from '../../ui/card-grid.tsx';
import { DetailError } from '../../ui/detail-states.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { RarityBadge, rarityColour } from '../../ui/rarity-badge.tsx';
import { useCollection, useCollectionProducts } from './api/get-collection-set.ts';
import { useFigureBases } from './api/list-figure-bases.ts';
import { useMyEditionsOfCollection } from './api/list-my-editions.ts';
import { FigureBaseCards } from './components/figure-base-cards.tsx';
import styles from './components/collection-set.module.css';

/**
 * `/collections/:id/`: a collection as a set to complete (spec section 2, issue 17). Every product of it, rarest first:
 * the ones I hold show my edition and lead to its NFT page; the ones I miss are greyed and lead to the product. Visitors
 * see the set without progress. Below the set, the collection's figure bases, where collectors show what they hold.
 */
export default function CollectionSetPage() {
  const { id = '' } = useParams();
  const { isLoggedIn } = useSession();
  const collection = useCollection(id);
  const products = useCollectionProducts(id);
  const mine = useMyEditionsOfCollection(id, { isEnabled: isLoggedIn });
  const bases = useFigureBases({ page: 1, size: 20, collectionId: id }, isLoggedIn);

  if (collection.isError && collection.data === undefined) {
    return (
      <DetailError
        what="collection"
        error={collection.error}
        onRetry={() => void collection.refetch()}
        isRetrying={collection.isRefetching}
        browseTo="/brands"
        browseLabel="Browse brands"
      />
    );
  }
  // My first edition of each product (the API sends the rarest first, then the newest).
  const heldByProduct = new Map<string, TEdition>();
  for (const edition of mine.data ?? []) {
    if (!heldByProduct.has(edition.product.id)) heldByProduct.set(edition.product.id, edition);
  }
  const set = products.data?.items ?? [];
  const held = set.filter((product) => heldByProduct.has(product.id)).length;
  return (
    <div className="container">
      <PageMeta {...(collection.data ? collectionPageMeta(collection.data) : { title: 'Collection' })} />
      <PageHeader
        eyebrow={collection.data?.brand.name ?? 'Collection'}
        title={collection.data?.name ?? 'Collection'}
        lead={collection.data?.description ?? undefined}
      >
        {isLoggedIn && products.data && mine.data && set.length > 0 ? (
          <div className={styles.progress}>
            <div
              className={styles.bar}
              role="progressbar"
              aria-label="Collected"
              aria-valuemin={0}
              aria-valuemax={set.length}
              aria-valuenow={held}
            >
              <div className={styles.fill} style={{ width: `${(held / set.length) * 100}%` } as CSSProperties} />
            </div>
            <p className={styles.progressText}>
              {held === set.length
                ? `Complete: you hold all ${formatCount(set.length)}.`
                : `You hold ${formatCount(held)} of ${formatCount(set.length)}.`}
            </p>
          </div>
        ) : null}
      </PageHeader>
      <div className={styles.results}>
        {/* Signed in, the set waits for what I hold too: drawn before it, every product would show as missing. */}
        {products.isPending || collection.isPending || (isLoggedIn && mine.isPending) ? (
          <CardGridSkeleton count={8} label="Loading the collection" />
        ) : products.isError && !products.data ? (
          <ErrorState
            title="We could not load this collection's products"
            error={products.error}
            onRetry={() => void products.refetch()}
            isRetrying={products.isRefetching}
          />
        ) : set.length === 0 ? (
          <EmptyState icon="frame" title="Nothing in this collection yet" body="Its first products are on their way." />
        ) : (
          <>
            {isLoggedIn && mine.isError && !mine.data ? (
              <ErrorState
                title="We could not load which of these you hold"
                titleAs="h2"
                error={mine.error}
                onRetry={() => void mine.refetch()}
                isRetrying={mine.isRefetching}
              />
            ) : null}
            <CardGrid label={`${collection.data.name} products`}>
              {set.map((product) => (
                <li key={product.id}>
                  <SetCard
                    product={product}
                    edition={heldByProduct.get(product.id)}
                    showsMissing={isLoggedIn && mine.data !== undefined}
                  />
                </li>
              ))}
            </CardGrid>
          </>
        )}
      </div>
      {bases.data && bases.data.items.length > 0 ? (
        <section className={styles.bases} aria-labelledby="figure-bases-heading">
          <h2 id="figure-bases-heading" className={styles.basesHeading}>
            Figure bases
          </h2>
          <p className={styles.progressText}>Show your editions of this collection on a base of its own.</p>
          <FigureBaseCards bases={bases.data.items} isLoggedIn={isLoggedIn} />
        </section>
      ) : null}
    </div>
  );
}

function SetCard({
  product,
  edition,
  showsMissing,
}: {
  product: TProductListItem;
  edition: TEdition | undefined;
  showsMissing: boolean;
}) {
  const isMissing = showsMissing && !edition;
  return (
    <ArtCard
      to={edition ? nftPath(edition.id) : `/products/${product.id}`}
      // A held edition shows its own picture (spec section 9's image choice, the answer's imageUrl), as My
      // Collection and its NFT page do; a product not held, the product's thumbnail.
      imageUrl={edition?.imageUrl ?? product.imageThumbnailUrl}
      isThumbnail={!edition || edition.imageUrl === product.imageThumbnailUrl}
      tint={rarityColour(product.rarity)}
      corner={<RarityBadge rarity={product.rarity} className={artCardStyles.corner} />}
      className={isMissing ? styles.missing : undefined}
      lifts
    >
      <h2 className={artCardStyles.name}>{product.name}</h2>
      <span className={artCardStyles.sub}>
        {edition ? 'In your collection' : isMissing ? 'Missing' : product.brand.name}
      </span>
      {edition ? (
        <span className={artCardStyles.number}>{formatEditionNumber(edition.serialNumber, edition.editionSize)}</span>
      ) : null}
    </ArtCard>
  );
}
