import type { TFavorite } from '@cypher/contract';
import { productPath } from '../lib/catalog-paths.ts';
import { nftPath } from '../lib/collection-paths.ts';
import { editionStateNames, hasLeftForGood } from '../lib/edition-state-names.ts';
import { formatEditionNumber } from '../lib/format.ts';
import { ArtCard, artCardStyles } from './art-card.tsx';
import { CardGrid } from './card-grid.tsx';
import { RarityBadge, rarityColour } from './rarity-badge.tsx';

/**
 * Favorites as cards (My Collection's Favorites tab and a collector's public profile): a product leads to its page;
 * an edition leads to its NFT page and shows its number, the one thing that tells it from its product, and whether it
 * was fused away or exported.
 */
export function FavoriteCards({ favorites, label }: { favorites: readonly TFavorite[]; label: string }) {
  return (
    <CardGrid label={label}>
      {favorites.map((favorite) => (
        <li key={favorite.targetId}>
          <FavoriteCard favorite={favorite} />
        </li>
      ))}
    </CardGrid>
  );
}

function FavoriteCard({ favorite }: { favorite: TFavorite }) {
  const { product, edition } = favorite;
  // An edition shows its own picture (spec section 9's image choice: a generative edition's artwork).
  const imageUrl = edition?.imageUrl ?? product.imageThumbnailUrl;
  return (
    <ArtCard
      to={edition ? nftPath(edition.id) : productPath(product)}
      imageUrl={imageUrl}
      isThumbnail={imageUrl === product.imageThumbnailUrl}
      tint={rarityColour(product.rarity)}
      corner={<RarityBadge rarity={product.rarity} className={artCardStyles.corner} />}
      lifts
    >
      <h3 className={artCardStyles.name}>{product.name}</h3>
      <span className={artCardStyles.sub}>{product.brand.name}</span>
      {edition ? (
        <span className={artCardStyles.number}>{formatEditionNumber(edition.serialNumber, product.editionSize)}</span>
      ) : null}
      {/* Gone for good, it stays a favorite (its page tells its story) but must not look like one still held. */}
      {edition && hasLeftForGood(edition.state) ? (
        <span className={artCardStyles.sub}>{editionStateNames[edition.state]}</span>
      ) : null}
    </ArtCard>
  );
}
