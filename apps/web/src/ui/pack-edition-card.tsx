import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { editionImageUrl, responsiveImages, uploadSrcSet, type TPackItem } from '@cypher/contract';
import { formatEditionNumber } from '../lib/format.ts';
import { RarityBadge, rarityColour, rarityLabel } from './rarity-badge.tsx';
import styles from './pack-dialog.module.css';

const EDITION_ARTWORK = responsiveImages.packEditionArtwork;

function editionNumberText(item: TPackItem): string {
  return formatEditionNumber(item.edition.serialNumber, item.product.editionSize);
}

/** What a screen reader hears as an edition is revealed: "Pixel Knight, Rare, #12 / 500". */
export function editionInWords(item: TPackItem): string {
  return `${item.product.name}, ${rarityLabel(item.product.rarity)}, ${editionNumberText(item)}`;
}

/**
 * One edition out of a pack: its picture (spec section 9's image choice), rarity colour, name and number; `to` makes
 * the name a link to its NFT page (once the pack is open and the edition is the owner's to look at).
 */
export function PackEditionCard({ item, isFresh = false, to }: { item: TPackItem; isFresh?: boolean; to?: string }) {
  const imageUrl = editionImageUrl(item.edition, item.product);
  // The product's thumbnail is made for lists (480 px) and asked for as it is; an edition's own generated picture, when
  // stored here, at the width the card shows it.
  const srcSet =
    imageUrl === item.product.imageThumbnailUrl ? undefined : uploadSrcSet(imageUrl, EDITION_ARTWORK.largestVariant);
  return (
    <article
      className={isFresh ? `${styles.edition} ${styles.fresh}` : styles.edition}
      style={{ '--rarity': rarityColour(item.product.rarity) } as CSSProperties}
      aria-label={editionInWords(item)}
    >
      <div className={styles.editionArt}>
        <img
          src={imageUrl}
          srcSet={srcSet}
          sizes={srcSet ? EDITION_ARTWORK.sizes : undefined}
          alt=""
          width={EDITION_ARTWORK.width}
          height={EDITION_ARTWORK.height}
          decoding="async"
        />
        <RarityBadge rarity={item.product.rarity} className={styles.editionBadge} />
      </div>
      <h4 className={styles.editionName}>{to ? <Link to={to}>{item.product.name}</Link> : item.product.name}</h4>
      <p className={styles.editionNumber}>{editionNumberText(item)}</p>
    </article>
  );
}
