import type { TEdition } from '@cypher/contract';
import { nftPath } from '../../../lib/collection-paths.ts';
import { formatEditionNumber } from '../../../lib/format.ts';
import { ArtCard, artCardStyles } from '../../../ui/art-card.tsx';
import { RarityBadge, rarityColour } from '../../../ui/rarity-badge.tsx';

const stateWords: Partial<Record<TEdition['state'], string>> = {
  EQUIPPED: 'On a figure base',
  LOCKED: 'Locked',
  LISTED: 'For sale',
};

/** An edition in My Collection: its picture (spec section 9's image choice, the answer's imageUrl), rarity, name and number, and where it is when not simply held. */
export function CollectedEditionCard({ edition }: { edition: TEdition }) {
  const number = formatEditionNumber(edition.serialNumber, edition.editionSize);
  return (
    <ArtCard
      to={nftPath(edition.id)}
      imageUrl={edition.imageUrl}
      isThumbnail={edition.imageUrl === edition.product.imageThumbnailUrl}
      tint={rarityColour(edition.product.rarity)}
      corner={<RarityBadge rarity={edition.product.rarity} className={artCardStyles.corner} />}
      lifts
    >
      <h3 className={artCardStyles.name}>{edition.product.name}</h3>
      <span className={artCardStyles.sub}>
        {stateWords[edition.state] ?? edition.collection?.name ?? edition.brand.name}
      </span>
      <span className={artCardStyles.number}>{number}</span>
    </ArtCard>
  );
}
