import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { editionImageUrl, type TPackItem } from '@cypher/contract';
import { formatEditionNumber } from '../lib/format.ts';
import { RarityBadge, rarityColour, rarityLabel } from './rarity-badge.tsx';
import styles from './pack-dialog.module.css';

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
  return (
    <article
      className={isFresh ? `${styles.edition} ${styles.fresh}` : styles.edition}
      style={{ '--rarity': rarityColour(item.product.rarity) } as CSSProperties}
      aria-label={editionInWords(item)}
    >
      <div className={styles.editionArt}>
        <img src={editionImageUrl(item.edition, item.product)} alt="" width={320} height={320} decoding="async" />
        <RarityBadge rarity={item.product.rarity} className={styles.editionBadge} />
      </div>
      <h4 className={styles.editionName}>{to ? <Link to={to}>{item.product.name}</Link> : item.product.name}</h4>
      <p className={styles.editionNumber}>{editionNumberText(item)}</p>
    </article>
  );
}
