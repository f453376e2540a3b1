import type { ReactNode } from 'react';
import { responsiveImages, uploadSrcSet, type TTicketKind } from '@cypher/contract';
import { artCardStyles } from '../../../ui/art-card.tsx';
import { Icon } from '../../../ui/icon.tsx';
import styles from './tickets.module.css';

// In the same grid as drop cards, so at the same widths (packages/contract/src/image-variants.ts).
const CARD_ARTWORK = responsiveImages.cardArtwork;

interface TicketCardProps {
  kind: TTicketKind;
  /** Over the artwork's corner: how many I hold, or nothing. */
  corner?: ReactNode;
  /** The one number that matters: "3 held", "$1.00 a ticket". */
  figure: ReactNode;
  /** Under the card's text: the purchase button, once orders take tickets. */
  action?: ReactNode;
  isMuted?: boolean;
}

/**
 * A kind of ticket as a card (DESIGN.md "Cards"): its artwork square (a drawn ticket when it has none), its name, the
 * brand that issues it, the one number that matters, what it is for, and what the brand wrote about it. Not a link: a
 * ticket has no page of its own.
 */
export function TicketCard({ kind, corner, figure, action, isMuted }: TicketCardProps) {
  const srcSet = kind.imageUrl ? uploadSrcSet(kind.imageUrl, CARD_ARTWORK.largestVariant) : undefined;
  return (
    <article className={isMuted ? `${styles.card} ${styles.muted}` : styles.card} aria-label={kind.name}>
      <div className={artCardStyles.art}>
        {kind.imageUrl ? (
          <img
            src={kind.imageUrl}
            srcSet={srcSet}
            sizes={srcSet ? CARD_ARTWORK.sizes : undefined}
            alt=""
            loading="lazy"
            decoding="async"
            width={400}
            height={400}
          />
        ) : (
          <span className={styles.placeholder}>
            <Icon name="ticket" size={56} />
          </span>
        )}
        {corner}
      </div>
      <div className={artCardStyles.meta}>
        <h3 className={artCardStyles.name}>{kind.name}</h3>
        {kind.brand ? <span className={artCardStyles.sub}>{kind.brand.name}</span> : null}
        <span className={artCardStyles.number}>{figure}</span>
        <span className={styles.usedFor}>
          <Icon name="sparkle" size={14} />
          {kind.usedFor}
        </span>
        {/* What the brand wrote about it (up to 2,000 characters): folded, so cards in a row stay alike. */}
        {kind.description ? (
          <details className={styles.about}>
            <summary>About this ticket</summary>
            <p>{kind.description}</p>
          </details>
        ) : null}
        {action ? <div className={styles.action}>{action}</div> : null}
      </div>
    </article>
  );
}
