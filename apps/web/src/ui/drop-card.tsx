import { formatMoney, type TDrop } from '@cypher/contract';
import { dropPhaseAt, roundInFocus } from '../lib/drop-phase.ts';
import { formatCount } from '../lib/format.ts';
import { ArtCard, artCardStyles } from './art-card.tsx';
import { Countdown } from './countdown.tsx';
import { StatusFlag } from './status-flag.tsx';

interface DropCardProps {
  drop: TDrop;
  /** The list's clock, so every card's countdown ticks together. */
  now: Date;
  headingAs?: 'h2' | 'h3';
}

/**
 * A drop as a card (the drops page's tabs, the home page's "Opens next", a brand's drops): the artwork at a fixed square, the brand, the price of the round that is on (or next), and the
 * one number that matters: time left while it is on sale or coming, packs sold once it has ended or sold out.
 */
export function DropCard({ drop, now, headingAs: Heading = 'h3' }: DropCardProps) {
  const phase = dropPhaseAt(drop, now);
  const priced = roundInFocus(phase);
  const sold = `${formatCount(drop.counts.soldCount)} of ${formatCount(drop.counts.dropCount)} sold`;
  const isOver = phase.status === 'COMPLETED' || phase.isSoldOut;
  return (
    <ArtCard
      to={`/drops/${drop.id}`}
      imageUrl={drop.imageUrl}
      tone="accent"
      lifts
      corner={<StatusFlag tone={isOver ? 'over' : 'live'}>{phase.headline}</StatusFlag>}
    >
      <Heading className={artCardStyles.name}>{drop.name}</Heading>
      <span className={artCardStyles.sub}>{drop.brand.name}</span>
      {priced && !isOver ? <span className={artCardStyles.sub}>{formatMoney(priced.price)} a pack</span> : null}
      <span className={artCardStyles.number}>
        {isOver || !phase.countdown ? (
          sold
        ) : (
          <>
            {phase.countdown.label} <Countdown to={phase.countdown.to} now={now} />
          </>
        )}
      </span>
    </ArtCard>
  );
}
