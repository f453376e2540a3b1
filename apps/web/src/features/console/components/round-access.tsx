import type { TConsoleDrop } from '@cypher/contract';
import { formatDateTimeWithZone } from '../../../lib/format.ts';
import { useNowAt } from '../../../lib/use-now-at.ts';
import { RaffleAccess } from './raffle-access.tsx';
import type { TRound } from './round-access-parts.tsx';
import styles from './round-access.module.css';
import { WaitingRoomAccess } from './waiting-room-access.tsx';

/** A round's times as they stand now: it opens, it is open until its end, or it ended (the raffle and room beside say so). */
function roundTimes(round: TRound, now: Date): string {
  const at = now.getTime();
  if (at < Date.parse(round.saleBeginAt)) return `opens ${formatDateTimeWithZone(round.saleBeginAt)}`;
  if (at < Date.parse(round.saleEndAt)) return `open until ${formatDateTimeWithZone(round.saleEndAt)}`;
  return `ended ${formatDateTimeWithZone(round.saleEndAt)}`;
}

export function RoundAccess({ drop, round }: { drop: TConsoleDrop; round: TRound }) {
  const now = useNowAt([round.saleBeginAt, round.saleEndAt]);
  return (
    <section className={styles.round} aria-labelledby={`round-access-${round.id}`}>
      <h3 id={`round-access-${round.id}`} className={styles.roundTitle}>
        Round {round.round}
        <span className={styles.sub}>{roundTimes(round, now)}</span>
      </h3>
      <div className={styles.parts}>
        <RaffleAccess drop={drop} round={round} />
        <WaitingRoomAccess drop={drop} round={round} />
      </div>
    </section>
  );
}
