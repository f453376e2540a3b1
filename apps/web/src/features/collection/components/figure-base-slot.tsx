import { Link } from 'react-router';
import { slotFitText, type TEdition, type TFigureBaseSlot } from '@cypher/contract';
import { nftPath } from '../../../lib/collection-paths.ts';
import { formatCount, formatEditionNumber } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { FixedWidthImage } from '../../../ui/fixed-width-image.tsx';
import styles from './figure-base.module.css';

interface FigureBaseSlotProps {
  slot: TFigureBaseSlot;
  collectionName: string;
  /** What I have standing in it. */
  placed: TEdition | undefined;
  /** How many of my free editions fit it; undefined when signed out. */
  fittingCount: number | undefined;
  isBusy: boolean;
  onChoose: () => void;
  onTakeOff: (edition: TEdition) => void;
}

/** One slot of a base: what it takes, and what I have standing in it (with "Take off") or an empty stand. */
export function FigureBaseSlot({
  slot,
  collectionName,
  placed,
  fittingCount,
  isBusy,
  onChoose,
  onTakeOff,
}: FigureBaseSlotProps) {
  const headingId = `slot-${slot.id}`;
  return (
    <li className={styles.slot} aria-labelledby={headingId}>
      <div className={styles.slotHeading}>
        <h3 id={headingId} className={styles.slotName}>
          {slot.name}
        </h3>
        <span className={styles.fit}>{slotFitText(slot, collectionName)}</span>
      </div>
      {placed ? (
        <Link to={nftPath(placed.id)} className={styles.placed}>
          <FixedWidthImage src={placed.imageUrl} shownWidth={220} width={220} height={220} loading="lazy" />
          <span className={styles.placedName}>{placed.product.name}</span>
          <span className={styles.serial}>{formatEditionNumber(placed.serialNumber, placed.editionSize)}</span>
        </Link>
      ) : (
        <div className={styles.stand}>
          {fittingCount === undefined
            ? 'Empty'
            : fittingCount === 0
              ? 'Nothing in your collection fits here yet.'
              : `${formatCount(fittingCount)} of yours ${fittingCount === 1 ? 'fits' : 'fit'} here.`}
        </div>
      )}
      {placed && fittingCount !== undefined ? (
        <Button variant="secondary" isLoading={isBusy} onClick={() => onTakeOff(placed)}>
          Take off
        </Button>
      ) : fittingCount ? (
        <Button variant="primary" disabled={isBusy} onClick={onChoose}>
          Place a collectible
        </Button>
      ) : null}
    </li>
  );
}
