import type { TDrop } from '@cypher/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { productPath } from '../../../lib/catalog-paths.ts';
import { oddsByRarity } from '../../../lib/drop-odds.ts';
import { formatCount, formatPercent } from '../../../lib/format.ts';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import { RarityBadge } from '../../../ui/rarity-badge.tsx';
import styles from './drop-detail.module.css';

/** What the packs hold: the products with their rarity and how many of their editions the drop holds, and the odds. */
export function DropContents({ drop }: { drop: TDrop }) {
  const listLabelId = useId();
  const odds = oddsByRarity(
    drop.contents.map((content) => ({ rarity: content.product.rarity, editionCount: content.editionCount })),
  );
  return (
    <div className={styles.contents}>
      {/* Titled as the odds' table is, so the two columns start on one line. */}
      <div>
        <p id={listLabelId} className={styles.contentsLabel}>
          Products in this drop
        </p>
        <ul className={styles.products} aria-labelledby={listLabelId}>
          {drop.contents.map(({ product, editionCount }) => (
            <li key={product.id} className={styles.product}>
              <FixedWidthImage src={product.imageThumbnailUrl} shownWidth={56} width={56} height={56} loading="lazy" />
              <div className={styles.productText}>
                <Link to={productPath(product)} className={styles.productName}>
                  {product.name}
                </Link>
                <span className={styles.muted}>
                  {formatCount(editionCount)} {editionCount === 1 ? 'edition' : 'editions'} in this drop
                  {product.editionSize === null
                    ? ' · open edition'
                    : ` · edition of ${formatCount(product.editionSize)}`}
                </span>
              </div>
              <RarityBadge rarity={product.rarity} />
            </li>
          ))}
        </ul>
      </div>
      {odds.length > 0 ? (
        <table className={styles.odds}>
          <caption>Odds per edition, by rarity</caption>
          <thead>
            <tr>
              <th scope="col">Rarity</th>
              <th scope="col">Editions</th>
              <th scope="col">Chance</th>
            </tr>
          </thead>
          <tbody>
            {odds.map((entry) => (
              <tr key={entry.rarity}>
                <th scope="row">
                  <RarityBadge rarity={entry.rarity} />
                </th>
                <td>{formatCount(entry.editions)}</td>
                <td>{formatPercent(entry.share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
