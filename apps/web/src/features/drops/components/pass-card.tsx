import { formatMoney, passStatusAt, type TPass, type TPassStatus } from '@cypher/contract';
import { passPath } from '../../../lib/drop-paths.ts';
import { formatCount, formatDate } from '../../../lib/format.ts';
import { passStatusLabels } from '../../../lib/pass-status.ts';
import { ArtCard, artCardStyles } from '../../../ui/art-card.tsx';
import { StatusFlag } from '../../../ui/status-flag.tsx';
import styles from './pass-card.module.css';

/**
 * Beside the status flag, its date in a few words (a phone's card holds about twenty letters): when the sale opens,
 * until when it runs, until when a sold-out pass stays valid, or when the sale ended.
 */
function saleWhen(pass: TPass, status: TPassStatus): { text: string; at: string } {
  switch (status) {
    case 'UPCOMING':
      return { text: 'Opens', at: pass.saleBeginAt };
    case 'ON_SALE':
      // Not "Until": the card would read as the pass's validity, which runs past the sale.
      return { text: 'Sale ends', at: pass.saleEndAt };
    case 'SOLD_OUT':
      return { text: 'Valid until', at: pass.validUntil };
    case 'ENDED':
      return { text: 'Ended', at: pass.saleEndAt };
  }
}

/**
 * For a holder once the sale is over, the card's flag and date say what they hold it for: whether it opens rounds now,
 * from when, or no longer. The sale's "Ended" read the same for a pass valid for another month as for one expired.
 */
function heldValidity(pass: TPass, now: Date): { flag: string; isLive: boolean; text: string; at: string } {
  const at = now.getTime();
  if (at < Date.parse(pass.validFrom)) return { flag: 'Held', isLive: true, text: 'Valid from', at: pass.validFrom };
  if (at < Date.parse(pass.validUntil))
    return { flag: 'Valid', isLive: true, text: 'Valid until', at: pass.validUntil };
  return { flag: 'Expired', isLive: false, text: 'Expired', at: pass.validUntil };
}

/** What is left, or once the sale is over, what was sold. */
function supplyLine(pass: TPass, status: TPassStatus): string {
  if (status === 'SOLD_OUT') return `All ${formatCount(pass.supply)} sold`;
  if (status === 'ENDED') return `${formatCount(pass.supply - pass.remaining)} of ${formatCount(pass.supply)} sold`;
  return `${formatCount(pass.remaining)} of ${formatCount(pass.supply)} left`;
}

/**
 * A pass as a card (the passes page): the artwork with its sale status (for a holder once the sale is over, its
 * validity) and how many they hold; the name, the brand, the price and when; and the one number that matters, what
 * is left of the supply.
 */
export function PassCard({ pass, now }: { pass: TPass; now: Date }) {
  const status = passStatusAt(pass, now);
  const isOver = status === 'SOLD_OUT' || status === 'ENDED';
  const held = isOver && pass.held > 0 ? heldValidity(pass, now) : null;
  const when = held ?? saleWhen(pass, status);
  const flag = held ?? { flag: passStatusLabels[status], isLive: !isOver };
  return (
    <ArtCard
      to={passPath(pass.id)}
      imageUrl={pass.imageUrl}
      tone="accent"
      lifts
      corner={
        <>
          <StatusFlag tone={flag.isLive ? 'live' : 'over'}>{flag.flag}</StatusFlag>
          {pass.held > 0 ? <span className={styles.held}>You hold {formatCount(pass.held)}</span> : null}
        </>
      }
    >
      <h2 className={artCardStyles.name}>{pass.name}</h2>
      <span className={artCardStyles.sub}>{pass.brand.name}</span>
      <span className={artCardStyles.sub}>{formatMoney(pass.price)}</span>
      <span className={`${artCardStyles.sub} ${styles.when}`}>
        {when.text} <time dateTime={when.at}>{formatDate(when.at)}</time>
      </span>
      <span className={artCardStyles.number}>{supplyLine(pass, status)}</span>
    </ArtCard>
  );
}
