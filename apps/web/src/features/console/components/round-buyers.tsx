import type { TConsoleDrop } from '@cypher/contract';
import { formatCount, formatDateTimeWithZone } from '../../../lib/format.ts';
import styles from './drops.module.css';

type TConsoleRound = TConsoleDrop['rounds'][number];

/**
 * Who may buy in a round, as the console's rounds table and the publish confirmation say it. A raffle comes first, as
 * on the collector's drop page (drops/components/drop-rounds.tsx): only its winners may buy, whatever else the round
 * has, so "Everyone" there would be wrong.
 */
export function RoundBuyers({ round }: { round: TConsoleRound }) {
  if (round.isRaffle) {
    return (
      <>
        The raffle’s winners
        {round.requiredPass ? <span className={styles.sub}>holders of {round.requiredPass.name} only</span> : null}
      </>
    );
  }
  if (round.requiredPass) {
    return (
      <>
        Holders of {round.requiredPass.name}
        <span className={styles.sub}>only</span>
      </>
    );
  }
  if (round.passGuarantee) {
    return (
      <>
        Everyone
        <span className={styles.sub}>
          {formatCount(round.passGuarantee.packCount)} held for {round.passGuarantee.pass.name} holders (
          {formatCount(round.passGuarantee.packsPerHolder)} each) until{' '}
          {formatDateTimeWithZone(round.passGuarantee.endsAt)}
        </span>
      </>
    );
  }
  if (round.whitelist) {
    return (
      <>
        {round.whitelist.name}
        <span className={styles.sub}>
          {formatCount(round.whitelist.emails.length)} {round.whitelist.emails.length === 1 ? 'person' : 'people'}
        </span>
      </>
    );
  }
  return <>Everyone</>;
}
