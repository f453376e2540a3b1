import { fusionStatusAt, fusionStatusLabels, type TFusionStatus, type TFusionSummary } from '@cypher/contract';
import { formatDate } from '../../../lib/format.ts';
import { fusionPath } from '../../../lib/fusion-paths.ts';
import { ArtCard, artCardStyles } from '../../../ui/art-card.tsx';
import { StatusFlag } from '../../../ui/status-flag.tsx';
import { resultName, supplyLeftText } from '../fusion-words.ts';
import styles from './fusion-card.module.css';

/** Beside the status flag, its date in a few words: when it opens, until when it runs, or when it ended. */
function when(fusion: TFusionSummary, status: TFusionStatus): { text: string; at: string } {
  switch (status) {
    case 'UPCOMING':
      return { text: 'Opens', at: fusion.beginAt };
    case 'AVAILABLE':
      return { text: 'Until', at: fusion.endAt };
    case 'ENDED':
      return { text: 'Ended', at: fusion.endAt };
  }
}

/**
 * A fusion as a card (the fusions page): its artwork with the status, the name, the brand, what it makes and when;
 * and the one number that matters, what is left of the results ("All items fused" once none are).
 */
export function FusionCard({ fusion, now }: { fusion: TFusionSummary; now: Date }) {
  const status = fusionStatusAt(fusion, now);
  const isOver = status === 'ENDED' || fusion.isAllFused;
  const date = when(fusion, status);
  return (
    <ArtCard
      to={fusionPath(fusion.id)}
      imageUrl={fusion.imageUrl}
      tone="accent"
      lifts
      corner={
        <StatusFlag tone={isOver ? 'over' : status === 'UPCOMING' ? 'soon' : 'live'}>
          {/* Spec section 4's all-items-fused state: still open, with nothing left to make. */}
          {status === 'AVAILABLE' && fusion.isAllFused ? 'All fused' : fusionStatusLabels[status]}
        </StatusFlag>
      }
    >
      <h2 className={artCardStyles.name}>{fusion.name}</h2>
      <span className={artCardStyles.sub}>{fusion.brand.name}</span>
      <span className={`${artCardStyles.sub} ${styles.makes}`}>Makes {resultName(fusion.result)}</span>
      <span className={artCardStyles.sub}>
        {date.text} <time dateTime={date.at}>{formatDate(date.at)}</time>
      </span>
      <span className={artCardStyles.number}>{supplyLeftText(fusion, status)}</span>
    </ArtCard>
  );
}
