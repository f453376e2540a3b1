import type { TConsoleDrop } from '@cypher/contract';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { RaffleAccess } from './raffle-access.tsx';
import type { TRound } from './round-access-parts.tsx';
import styles from './round-access.module.css';
import { WaitingRoomAccess } from './waiting-room-access.tsx';

export function RoundAccess({ drop, round }: { drop: TConsoleDrop; round: TRound }) {
  return (
    <section className={styles.round} aria-labelledby={`round-access-${round.id}`}>
      <h3 id={`round-access-${round.id}`} className={styles.roundTitle}>
        Round {round.round}
        <span className={styles.sub}>opens {formatDateTimeWithZone(round.saleBeginAt)}</span>
      </h3>
      <div className={styles.parts}>
        <RaffleAccess drop={drop} round={round} />
        <WaitingRoomAccess drop={drop} round={round} />
      </div>
    </section>
  );
}
