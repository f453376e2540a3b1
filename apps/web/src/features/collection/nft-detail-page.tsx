import { useParams } from 'react-router';
import { editionArtworkUrl, editionPageMeta } from '@cypher/contract';
import { useMyUser } from '../../api/my-user.ts';
import { brandPath } from '../../lib/catalog-paths.ts';
import { formatCount, formatEditionNumber } from '../../lib/format.ts';
import { ArtworkImage, ArtworkLayout, ArtworkVideo } from '../../ui/artwork-layout.tsx';
import { Badge } from '../../ui/badge.tsx';
import { DetailLoadStates } from '../../ui/detail-states.tsx';
import { FavoriteToggle } from '../../ui/favorite-toggle.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { ProductActivity } from '../../ui/product-activity.tsx';
import { RarityBadge, rarityColour } from '../../ui/rarity-badge.tsx';
import { useEdition } from './api/get-edition.ts';
import { EditionHistory } from './components/edition-history.tsx';
import { NftTraits } from './components/nft-traits.tsx';
import { OwnerActions } from './components/owner-actions.tsx';
import { leftCollectionText, TokenFacts } from './components/token-facts.tsx';
import styles from './components/nft-page.module.css';
import { editionStateNames } from '../../lib/edition-state-names.ts';

/**
 * `/nfts/:id` (and `/products/nfts/:id`; the spec writes both with a trailing slash, which the router also answers,
 * while links and the canonical go without one, as every page's): one edition as the token it is (spec section 2's NFT
 * detail): contract address with Copy, token ID, owner, properties and its history; anyone signed in may favorite it,
 * and its owner may lock it or export it to a wallet. Its brand, product and collection lead to their pages only while
 * those are public (the answer's isBrandPublic, isProductPublic, isCollectionPublic).
 */
export default function NftDetailPage() {
  const { id = '' } = useParams();
  const edition = useEdition(id);
  const { user } = useMyUser();

  if (edition.data === undefined) {
    return (
      // Every collectible is an edition of a product; /collections is the reader's own collection, not a catalogue.
      <DetailLoadStates query={edition} what="collectible" browseTo="/products" browseLabel="Browse products" />
    );
  }

  const data = edition.data;
  const name = `${data.product.name} #${formatCount(data.serialNumber)}`;
  const stateBadge = editionStateNames[data.state];
  const isMine = Boolean(user && data.owner?.id === user.id);
  // A generative edition's own artwork (spec section 9) is its picture, in place of the product's image or video.
  const artworkUrl = editionArtworkUrl(data);
  const imageUrl = artworkUrl ?? data.product.imageUrl;
  return (
    <div className="container">
      <PageMeta
        {...editionPageMeta(data)}
        facts={[
          { label: 'Edition', value: formatEditionNumber(data.serialNumber, data.editionSize) },
          {
            label: 'Owner',
            value: data.owner
              ? (data.owner.nickname ?? 'A collector')
              : data.state === 'BURNED'
                ? leftCollectionText(data)
                : 'Left the collection',
          },
        ]}
      />
      <ArtworkLayout
        artwork={
          data.product.animationUrl && !artworkUrl ? (
            <ArtworkVideo src={data.product.animationUrl} poster={imageUrl} name={name} />
          ) : (
            <ArtworkImage src={imageUrl} name={name} />
          )
        }
        tint={rarityColour(data.product.rarity)}
        brand={{
          name: data.brand.name,
          logoUrl: data.brand.logoUrl,
          to: data.isBrandPublic ? brandPath(data.brand) : null,
        }}
        title={name}
      >
        <div className={styles.badges}>
          <RarityBadge rarity={data.product.rarity} />
          <span className={styles.edition}>{formatEditionNumber(data.serialNumber, data.editionSize)}</span>
          {stateBadge ? <Badge tone={data.state === 'LOCKED' ? 'warning' : 'neutral'}>{stateBadge}</Badge> : null}
        </div>
        {/* A burned edition no longer exists to be kept: nothing to favorite, but a favorite of it can be taken back. */}
        <FavoriteToggle targetType="EDITION" targetId={data.id} isRemoveOnly={data.state === 'BURNED'} />
        <TokenFacts edition={data} />
        {isMine ? <OwnerActions edition={data} /> : null}
        <section aria-labelledby="properties-heading" className={styles.panel}>
          <h2 id="properties-heading" className={styles.panelHeading}>
            Properties
          </h2>
          <NftTraits editionId={data.id} />
        </section>
      </ArtworkLayout>
      <section aria-labelledby="history-heading" className={styles.history}>
        <h2 id="history-heading" className={styles.sectionHeading}>
          Edition history
        </h2>
        <EditionHistory editionId={data.id} />
      </section>
      {/* A product the public does not see has no activity to show: its feed is not found, as its page. */}
      {data.isProductPublic ? (
        <section aria-labelledby="activity-heading" className={styles.history}>
          <h2 id="activity-heading" className={styles.sectionHeading}>
            Collection activity
          </h2>
          <ProductActivity productId={data.product.id} />
        </section>
      ) : null}
    </div>
  );
}
