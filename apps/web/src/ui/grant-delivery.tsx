import type { CSSProperties, ReactNode } from 'react';
import type { TGrant, TGrantDelivery } from '@cypher/contract';
import { formatCount } from '../lib/format.ts';
import { grantDestination } from '../lib/grant-paths.ts';
import { ButtonLink } from './button-link.tsx';
import { Icon, type IconName } from './icon.tsx';
import { RarityBadge, rarityColour } from './rarity-badge.tsx';
import { FixedWidthImage } from './fixed-width-image.tsx';
import styles from './grant-delivery.module.css';

/**
 * What the marketplace gives away (issue 20: attendance rewards, redeem codes), shown the same way wherever it appears:
 * its picture (or an icon), what it is in words, and, once it reached the person, the way to where it now lives.
 */

const kindWords: Record<TGrant['kind'], string> = {
  CREDIT: 'CYP credit',
  TICKETS: 'Tickets',
  PASS: 'Pass',
  EDITION: 'Edition',
  PACK: 'Pack',
};

const kindIcons: Record<TGrant['kind'], IconName> = {
  CREDIT: 'wallet',
  TICKETS: 'ticket',
  PASS: 'key',
  EDITION: 'frame',
  PACK: 'package',
};

function imageOf(grant: TGrant): string | null {
  switch (grant.kind) {
    case 'CREDIT':
      return null;
    case 'TICKETS':
      return grant.ticketKind.imageUrl;
    case 'PASS':
      return grant.pass.imageUrl;
    case 'EDITION':
      return grant.editionPool.product.imageThumbnailUrl;
    case 'PACK':
      return grant.drop.imageUrl;
  }
}

/**
 * What a grant is, as a name: "5.00 CYP", "3 Drop tickets", "Neon Season Pass", "Dragon of the Eighth Bit #12",
 * "A pack of Neon Tides" (once given, "Pack #37 of Neon Tides").
 */
export function grantTitle(
  grant: TGrant,
  edition: TGrantDelivery['edition'] = null,
  pack: TGrantDelivery['pack'] = null,
): string {
  if (grant.kind === 'PACK') {
    return pack ? `Pack #${formatCount(pack.number)} of ${grant.drop.name}` : `A pack of ${grant.drop.name}`;
  }
  if (grant.kind !== 'EDITION') return grant.description;
  const { name } = grant.editionPool.product;
  return edition ? `${name} #${formatCount(edition.serialNumber)}` : name;
}

/** A pack received: sealed until its owner opens it, and how many editions it holds. */
function packNote(grant: Extract<TGrant, { kind: 'PACK' }>, pack: TGrantDelivery['pack']): string {
  const inside = `${formatCount(grant.drop.editionsPerPack)} ${grant.drop.editionsPerPack === 1 ? 'edition' : 'editions'}`;
  return pack?.isOpened ? `Opened: its ${inside} are in your collection.` : `Sealed: open it to reveal ${inside}.`;
}

/** The grant's picture in a square frame, or its kind's icon on the accent (credit, tickets without artwork). */
export function GrantThumb({ grant, size = 56 }: { grant: TGrant; size?: number }) {
  const image = imageOf(grant);
  const tint = grant.kind === 'EDITION' ? rarityColour(grant.editionPool.product.rarity) : 'var(--color-accent)';
  return (
    <span
      className={styles.thumb}
      style={{ '--thumb-size': `${size}px`, '--thumb-tint': tint } as CSSProperties}
      aria-hidden="true"
    >
      {image ? (
        <FixedWidthImage src={image} shownWidth={size} width={size} height={size} loading="lazy" />
      ) : (
        <Icon name={kindIcons[grant.kind]} size={Math.round(size * 0.45)} />
      )}
    </span>
  );
}

interface GrantDeliveryCardProps {
  delivery: TGrantDelivery;
  /** A word over the title: "Today's reward", "7-day streak bonus". Defaults to the kind ("Pass"). */
  caption?: ReactNode;
  /** Lit and a little larger: the moment it was received. */
  isHighlighted?: boolean;
}

/** One thing received: picture, caption, name, the credit's rule or the edition's rarity, and where it now lives. */
export function GrantDeliveryCard({ delivery, caption, isHighlighted }: GrantDeliveryCardProps) {
  const { grant } = delivery;
  const destination = grantDestination(delivery);
  const tint = grant.kind === 'EDITION' ? rarityColour(grant.editionPool.product.rarity) : 'var(--color-accent)';
  return (
    // The frame measures the room the card has (a side panel, a whole column), so the card lays out by that.
    <div className={styles.frame}>
      <div
        className={[styles.card, isHighlighted ? styles.highlighted : undefined].filter(Boolean).join(' ')}
        style={{ '--card-tint': tint } as CSSProperties}
      >
        <GrantThumb grant={grant} size={isHighlighted ? 72 : 56} />
        <div className={styles.text}>
          <p className={styles.caption}>{caption ?? kindWords[grant.kind]}</p>
          <p className={styles.title}>{grantTitle(grant, delivery.edition, delivery.pack)}</p>
          {delivery.status === 'OUT_OF_STOCK' ? (
            <p className={styles.note}>
              <Icon name="alert" size={14} /> This had run out, or was over, before it reached you.
            </p>
          ) : grant.kind === 'EDITION' ? (
            <RarityBadge rarity={grant.editionPool.product.rarity} />
          ) : grant.kind === 'CREDIT' ? (
            <p className={styles.note}>Spendable on purchases, not withdrawable.</p>
          ) : grant.kind === 'PACK' ? (
            <p className={styles.note}>{packNote(grant, delivery.pack)}</p>
          ) : null}
        </div>
        {destination ? (
          <ButtonLink to={destination.to} size="sm" variant={isHighlighted ? 'primary' : 'secondary'}>
            {destination.label}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
